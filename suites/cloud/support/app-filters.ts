/**
 * The list filters of stacks, services and containers: one check per documented query
 * parameter (the filter applied by the target agrees with the filter applied to the full list),
 * and a property-based check of random combinations of them.
 */
import fc from 'fast-check';
import { ownNodes, createService, createStack, operateAndSettle, runningService, serviceBody, waitForContainers } from './app.ts';
import { cloudCheck, type CloudCheck } from './check.ts';
import type { CloudContext } from './context.ts';
import { compareFiltered, confirmMissing, fieldMatches, filterCheck, settledState } from './filters.ts';
import { discriminatingPairs, type FilterQuery } from './filter-pairs.ts';
import { listAll, type Json } from './lists.ts';
import { operationRequirement } from './operation-requirements.ts';

export interface AppList {
  resource: 'stack' | 'service' | 'container';
  path: string;
  params: string[];
}

/**
 * Something to filter, so that every documented filter has values that split the list: two
 * stacks, one with a running service, a service outside them running two containers on two
 * nodes (and a third one, terminated), one of them stopped, and a service never started (Not running: a state of two words).
 */
export async function populate(ctx: CloudContext): Promise<void> {
  const at = await ownNodes(ctx, 2);
  await createService(ctx, serviceBody(ctx, at));
  const stack = await createStack(ctx, { name: ctx.uniqueName('stack'), services: [serviceBody(ctx, at)] });
  await createStack(ctx, { name: ctx.uniqueName('stack') });
  await operateAndSettle(ctx, stack, 'start');
  const svc = await runningService(ctx, at, { target_num_containers: 3 });
  const [one, , three] = await waitForContainers(ctx, svc, 3);
  const res = await ctx.api.post(`${one!.resource_uri}stop/`);
  ctx.precondition(res.status < 300, `stop of a container answered ${res.status}`, operationRequirement(one!.resource_uri, 'stop'));
  await ctx.waitForState('container', one!.resource_uri, ['Stopped']);
  // A container terminated a moment ago: the list shows recently terminated ones, so state=Terminated has one of its own to match
  // (without it, a state filter run over the live containers only agrees with the full list whenever no other check left one).
  const gone = await ctx.api.delete(three!.resource_uri);
  ctx.precondition(gone.status < 300, `DELETE of a container answered ${gone.status}`, operationRequirement(three!.resource_uri, 'terminate'));
  await ctx.waitForState('container', three!.resource_uri, ['Terminated']);
}

/** Objects whose filtered fields cannot change while the check runs (others may be moving). */
const stableFor =
  (params: readonly string[]) =>
  (o: Json): boolean =>
    !params.includes('state') || settledState(o);

export function appFilterChecks(list: AppList): CloudCheck[] {
  return list.params.map((param) =>
    filterCheck(
      {
        id: `cloud/${list.resource}/list/filter-${param}`,
        endpoint: `cloud/${list.resource}/list`,
        path: list.path,
        param,
        setup: populate,
        stable: stableFor([param]),
        everyValue: param === 'state',
      },
      `Query ${param} on the ${list.resource} list returns exactly the ${list.resource}s whose ${param} matches`,
    ),
  );
}

const NUM_RUNS = 5;

/** Random combinations of the list's filters agree with the combination applied to the full list. */
export function filterCombinationCheck(list: AppList): CloudCheck {
  return cloudCheck({
    id: `cloud/${list.resource}/list/filter-combinations`,
    title: `Random combinations of the ${list.resource} list filters agree with the filters applied to the full list`,
    requirements: list.params.map((p) => `cloud/${list.resource}/list/filter-${p}`),
    endpoint: `cloud/${list.resource}/list`,
    async run(ctx) {
      await populate(ctx);
      const full = await listAll(ctx, list.path);
      const values = (p: string): string[] => [
        ...new Set(
          full
            .map((o) => o[p])
            .filter((v) => typeof v === 'string' && v !== '')
            .map(String),
        ),
      ];
      const query = fc.record(Object.fromEntries(list.params.map((p) => [p, fc.option(fc.constantFrom('', ...values(p)), { nil: undefined })])), {
        requiredKeys: [],
      });
      ctx.usedSeed = ctx.seed;
      let breach = '';
      const agrees = async (q: Partial<FilterQuery>): Promise<boolean> => {
        const wanted = Object.entries(q).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '');
        const filtered = await listAll(ctx, list.path, Object.fromEntries(wanted));
        const matches = (o: Json): boolean => wanted.every(([f, v]) => fieldMatches(o[f], v));
        const outcome = compareFiltered(full, filtered, matches, stableFor(wanted.map(([f]) => f)));
        outcome.missing = await confirmMissing(ctx, list.path, Object.fromEntries(wanted), outcome.missing, matches);
        if (outcome.extra.length || outcome.missing.length)
          breach = `${JSON.stringify(Object.fromEntries(wanted))}: ${outcome.extra.length} extra, ${outcome.missing.length} missing`;
        return !outcome.extra.length && !outcome.missing.length;
      };
      let failed = false;
      for (const q of discriminatingPairs(full, list.params)) if (!failed) failed = !(await agrees(q));
      if (!failed) {
        const details = await fc.check(fc.asyncProperty(query, agrees), { seed: ctx.seed, numRuns: NUM_RUNS, endOnFailure: true });
        if (details.failed && !breach && details.errorInstance) throw details.errorInstance;
        failed = details.failed;
      }
      if (failed) {
        ctx.fail(`a combination of ${list.resource} list filters disagrees with the filters applied to the full list (seed ${ctx.seed}): ${breach}`, {
          expected: 'exactly the matching objects',
          actual: breach,
        });
      }
    },
  });
}
