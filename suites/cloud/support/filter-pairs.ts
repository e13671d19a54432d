/**
 * Pairs of list filters whose combination tells apart a target that applies both from one that
 * drops either. For each pair of parameters, the first pair of values (as the full list shows
 * them) matched by fewer objects together than by each one alone; where no object holds such a
 * pair (names unique in the list: each name alone keeps one object), a pair of values held by two
 * different objects and by none together, which together keep nothing and each alone keeps some.
 * Random combinations rarely draw such a pair; a query builder that keeps one filter per branch
 * passes every other one.
 */
import type { Json } from './lists.ts';

export type FilterQuery = Record<string, string>;

/** The values an object holds for a parameter: its string or boolean, or each member of a list (a node type's regions). */
const valuesOf = (o: Json, p: string): string[] => {
  const v = o[p];
  return (Array.isArray(v) ? v : [v]).filter((x) => (typeof x === 'string' && x !== '') || typeof x === 'boolean').map(String);
};

/** How many objects hold each key (one pass; an object counts once per key). */
function tally(full: readonly Json[], keys: (o: Json) => string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const o of full) for (const k of new Set(keys(o))) counts.set(k, (counts.get(k) ?? 0) + 1);
  return counts;
}

/**
 * The pairs counted are those some object holds, in one pass each: the lists hold hundreds of
 * objects, and trying every value of one parameter against every value of the other, with a scan
 * of the list for each, blocked the event loop the embedded target shares with the suite for
 * minutes. A pair no object holds is looked up, not counted. Values are compared as the list spells them.
 */
function discriminating(full: readonly Json[], a: string, b: string): FilterQuery | undefined {
  const pairKeys = (o: Json): string[] => valuesOf(o, a).flatMap((va) => valuesOf(o, b).map((vb) => JSON.stringify([va, vb])));
  const [ofA, ofB, ofBoth] = [tally(full, (o) => valuesOf(o, a)), tally(full, (o) => valuesOf(o, b)), tally(full, pairKeys)];
  for (const [key, both] of ofBoth) {
    const [va, vb] = JSON.parse(key) as [string, string];
    if (both < ofA.get(va)! && both < ofB.get(vb)!) return { [a]: va, [b]: vb };
  }
  for (const va of ofA.keys()) for (const vb of ofB.keys()) if (!ofBoth.has(JSON.stringify([va, vb]))) return { [a]: va, [b]: vb };
  return undefined;
}

/** One discriminating query per pair of the list's parameters that has one. */
export function discriminatingPairs(full: readonly Json[], params: readonly string[]): FilterQuery[] {
  return params.flatMap((a, i) => params.slice(i + 1).map((b) => discriminating(full, a, b))).filter((q): q is FilterQuery => q !== undefined);
}
