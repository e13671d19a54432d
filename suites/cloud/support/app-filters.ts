/**
 * The list filters of stacks, services and containers: one check per documented query
 * parameter (the filter applied by the target agrees with the filter applied to the full list),
 * and the check of their combinations (filter-combinations.ts) on the same objects.
 */
import { ownNodes, createService, createStack, operateAndSettle, runningService, serviceBody, waitForContainers } from './app.ts';
import type { CloudCheck } from './check.ts';
import type { CloudContext } from './context.ts';
import { filterCheck, stableFor } from './filters.ts';
import { filterCombinationCheck } from './filter-combinations.ts';
import { operationRequirement } from './operation-requirements.ts';

export interface AppList {
  resource: 'stack' | 'service' | 'container';
  path: string;
  params: string[];
}

/**
 * Something to filter, so that every documented filter has values that split the list: two
 * stacks, one with a running service, a service outside them running two containers on two
 * nodes (and a third one, terminated), one of them stopped, a service never started (Not running:
 * a state of two words), one stopped and one terminated: each settled state of a service and a
 * container has an object of the check's own, run alone or after other checks.
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
  await operateAndSettle(ctx, await runningService(ctx, at), 'stop');
  await operateAndSettle(ctx, await createService(ctx, serviceBody(ctx, at)), 'terminate');
}

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

/** Filters of the list given together all apply (filter-combinations.ts), on the objects populate() makes. */
export const appFilterCombinationCheck = (list: AppList): CloudCheck => filterCombinationCheck({ ...list, setup: populate });
