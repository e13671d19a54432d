/**
 * Pairs of list filters whose combination tells apart a target that applies both from one that
 * drops either: for each pair of parameters, the first pair of values (as the full list shows
 * them) matched by fewer objects together than by each one alone. Random combinations rarely
 * draw such a pair; a query builder that keeps one filter per branch passes every other one.
 */
import type { Json } from './lists.ts';

export type FilterQuery = Record<string, string>;

const value = (o: Json, p: string): string | undefined => {
  const v = o[p];
  return typeof v === 'string' && v !== '' ? v : undefined;
};

/** How many objects hold each key (one pass). */
function tally(full: readonly Json[], key: (o: Json) => string | undefined): Map<string, number> {
  const counts = new Map<string, number>();
  for (const o of full) {
    const k = key(o);
    if (k !== undefined) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return counts;
}

/**
 * The pairs tried are those some object holds (any other pair matches none), counted in one pass
 * each: the lists hold hundreds of objects, and trying every value of one parameter against every
 * value of the other, with a scan of the list for each, blocked the event loop the embedded target
 * shares with the suite for minutes. Values are compared as the list spells them.
 */
function discriminating(full: readonly Json[], a: string, b: string): FilterQuery | undefined {
  const pairKey = (o: Json): string | undefined => {
    const [va, vb] = [value(o, a), value(o, b)];
    return va === undefined || vb === undefined ? undefined : JSON.stringify([va, vb]);
  };
  const [ofA, ofB, ofBoth] = [tally(full, (o) => value(o, a)), tally(full, (o) => value(o, b)), tally(full, pairKey)];
  for (const [key, both] of ofBoth) {
    const [va, vb] = JSON.parse(key) as [string, string];
    if (both < ofA.get(va)! && both < ofB.get(vb)!) return { [a]: va, [b]: vb };
  }
  return undefined;
}

/** One discriminating query per pair of the list's parameters that has one. */
export function discriminatingPairs(full: readonly Json[], params: readonly string[]): FilterQuery[] {
  return params.flatMap((a, i) => params.slice(i + 1).map((b) => discriminating(full, a, b))).filter((q): q is FilterQuery => q !== undefined);
}
