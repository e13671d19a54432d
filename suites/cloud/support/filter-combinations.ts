/**
 * The combination check of a list's query filters: filters given together all apply (AND). Each
 * pair of the list's filters is tried with values that tell a target applying both from one that
 * drops either (filter-pairs.ts), then random combinations of the values the list shows; each
 * answer must be the full list with every filter applied.
 */
import fc from 'fast-check';
import { cloudCheck, type CloudCheck } from './check.ts';
import type { CloudContext } from './context.ts';
import { discriminatingPairs, type FilterQuery } from './filter-pairs.ts';
import { compareFiltered, confirmMissing, fieldMatches, stableFor } from './filters.ts';
import { listAll, type Json } from './lists.ts';

export interface CombinedList {
  /** Names the check (cloud/<resource>/list/filter-combinations) and each filter's requirement. */
  resource: string;
  path: string;
  /** The list's query filters as the spec names them (neutral spelling), each matching the field of the same name. */
  params: readonly string[];
  /** Makes sure the list holds objects the filters split. */
  setup?: (ctx: CloudContext) => Promise<void>;
}

/** The requirement of one filter of a list (`node_cluster` → cloud/node/list/filter-node-cluster). */
export const filterRequirement = (resource: string, param: string): string => `cloud/${resource}/list/filter-${param.replace(/_/g, '-')}`;

/** Each value the list shows for a filter: strings and booleans, and the members of a list-valued field. */
function shownValues(full: readonly Json[], field: string): string[] {
  const all = full.flatMap((o) => (Array.isArray(o[field]) ? (o[field] as unknown[]) : [o[field]]));
  return [...new Set(all.filter((v) => (typeof v === 'string' && v !== '') || typeof v === 'boolean').map(String))];
}

const NUM_RUNS = 5;

export function filterCombinationCheck(list: CombinedList): CloudCheck {
  const requirements = list.params.map((p) => filterRequirement(list.resource, p));
  return cloudCheck({
    id: `cloud/${list.resource}/list/filter-combinations`,
    title: `Filters of the ${list.resource} list given together all apply: each pair of them, and random combinations, agree with the full list filtered`,
    requirements,
    endpoint: `cloud/${list.resource}/list`,
    async run(ctx) {
      await list.setup?.(ctx);
      const spelled = list.params.map((p) => ctx.spell(p));
      const requirementOf = new Map(spelled.map((p, i) => [p, requirements[i]!]));
      const full = await listAll(ctx, list.path);
      const pairs = discriminatingPairs(full, spelled);
      if (!pairs.length)
        return ctx.unverified(`no two filters of ${list.path} have values that keep fewer objects together than alone: the list cannot show one dropped`);
      /** The answer to `q` agrees with its filters applied to the full list; a disagreement fails naming the filters the objects returned do not match. */
      const agrees = async (q: Partial<FilterQuery>): Promise<true> => {
        const wanted = Object.entries(q).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '');
        const query = Object.fromEntries(wanted);
        const matches = (o: Json): boolean => wanted.every(([f, v]) => fieldMatches(o[f], v));
        const outcome = compareFiltered(full, await listAll(ctx, list.path, query), matches, stableFor(wanted.map(([f]) => f)));
        outcome.missing = await confirmMissing(ctx, list.path, query, outcome.missing, matches);
        const dropped = wanted.filter(([f, v]) => outcome.extra.some((o) => !fieldMatches(o[f], v))).map(([f]) => f);
        const named = (dropped.length ? dropped : wanted.map(([f]) => f)).map((f) => requirementOf.get(f)!);
        const names = (items: Json[]): unknown[] => items.slice(0, 5).map((o) => o.resource_uri);
        ctx.expect(
          !outcome.extra.length && !outcome.missing.length,
          `GET ${list.path}?${new URLSearchParams(query)} (filters given together) returned ${outcome.extra.length} object(s) that do not match every filter` +
            ` and left out ${outcome.missing.length} that do${dropped.length ? ` (not matching ${dropped.join(', ')}: as if dropped)` : ''}`,
          {
            expected: 'exactly the objects matching every filter',
            actual: { extra: names(outcome.extra), missing: names(outcome.missing) },
            requirement: named,
          },
        );
        return true;
      };
      for (const q of pairs) await agrees(q);
      const query = fc.record(Object.fromEntries(spelled.map((p) => [p, fc.option(fc.constantFrom('', ...shownValues(full, p)), { nil: undefined })])), {
        requiredKeys: [],
      });
      ctx.usedSeed = ctx.seed;
      const details = await fc.check(fc.asyncProperty(query, agrees), { seed: ctx.seed, numRuns: NUM_RUNS, endOnFailure: true });
      if (details.failed) throw details.errorInstance ?? new Error(`random filter combinations failed without an error (seed ${ctx.seed})`);
    },
  });
}
