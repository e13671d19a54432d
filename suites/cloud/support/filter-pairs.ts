/**
 * Pairs of list filters whose combination tells apart a target that applies both from one that
 * drops either: for each pair of parameters, the first pair of values (as the full list shows
 * them) matched by fewer objects together than by each one alone. Random combinations rarely
 * draw such a pair; a query builder that keeps one filter per branch passes every other one.
 */
import { fieldMatches } from './filters.ts';
import type { Json } from './lists.ts';

export type FilterQuery = Record<string, string>;

const valuesOf = (full: readonly Json[], p: string): string[] => [
  ...new Set(full.map((o) => o[p]).filter((v): v is string => typeof v === 'string' && v !== '')),
];

const count = (full: readonly Json[], q: FilterQuery): number => full.filter((o) => Object.entries(q).every(([f, v]) => fieldMatches(o[f], v))).length;

function discriminating(full: readonly Json[], a: string, b: string): FilterQuery | undefined {
  for (const va of valuesOf(full, a))
    for (const vb of valuesOf(full, b)) {
      const both = count(full, { [a]: va, [b]: vb });
      if (both > 0 && both < count(full, { [a]: va }) && both < count(full, { [b]: vb })) return { [a]: va, [b]: vb };
    }
  return undefined;
}

/** One discriminating query per pair of the list's parameters that has one. */
export function discriminatingPairs(full: readonly Json[], params: readonly string[]): FilterQuery[] {
  return params.flatMap((a, i) => params.slice(i + 1).map((b) => discriminating(full, a, b))).filter((q): q is FilterQuery => q !== undefined);
}
