/**
 * Two actions of a check whose order of start is not their order of end, for checks of an order of
 * actions by date. Quick operations made one after another end in the order they start, so a list
 * ordered by either date looks the same; these two tell start_date order from end_date order.
 */
import { actionUriOf, finishedActionOf, isSuccess } from './actions.ts';
import { createService, operate, serviceBody, sharedNodes } from './app.ts';
import type { CloudContext } from './context.ts';
import { createCluster } from './infra.ts';
import { afterTargetSecond, secondOfDate } from './target-clock.ts';
import type { Action } from './views.generated.ts';
import { operationRequirement } from './operation-requirements.ts';

/**
 * Containers of the outer service. With sequential_deployment they start one after the other, so
 * its start outlasts the two seconds it may have to span (from just after a turn of the target's
 * second to past the turn after the one the inner action follows) wherever starting a container
 * takes 70 ms or more.
 */
const SEQUENTIAL_CONTAINERS = 30;

/** Said when the dates did not come out nested: the check's run verified no order of dates. */
const MISSED_OVERLAP_WORDS = 'no action of this check started in a later second than another and ended in an earlier one';

export interface OverlappingActions {
  /** Started first, ended last. */
  outer: Action;
  /** Started in a later second of the target's clock than `outer`, ended in an earlier one. */
  inner: Action;
}

const nested = (outer: Action, inner: Action): boolean =>
  secondOfDate(outer.start_date) < secondOfDate(inner.start_date) && secondOfDate(inner.end_date) < secondOfDate(outer.end_date);

/**
 * The start of a service of many containers deployed in sequence (outer) and, once the target's
 * clock is past the second that start is dated in, a PATCH of a cluster of the check's own (inner);
 * both finished. Undefined, with an observation, when the target did not date them so (a start
 * that ended within a second or two, an update without an action).
 */
export async function overlappingActions(ctx: CloudContext): Promise<OverlappingActions | undefined> {
  const cluster = await createCluster(ctx);
  const body = serviceBody(ctx, await sharedNodes(ctx), { sequential_deployment: true, target_num_containers: SEQUENTIAL_CONTAINERS });
  const svc = await createService(ctx, body);
  const start = await operate(ctx, svc.resource_uri, 'start');
  ctx.precondition(
    isSuccess(start.status),
    `start of ${svc.resource_uri} answered ${start.status}: ${start.text().slice(0, 200)}`,
    operationRequirement(svc.resource_uri, 'start'),
  );
  const outerUri = actionUriOf(ctx, start, 'service start');
  const begun = await ctx.getJson('action', outerUri, 'the start action');
  await afterTargetSecond(ctx, cluster.resource_uri, [begun.start_date]);
  const patch = await ctx.api.patch(cluster.resource_uri, { tags: [{ name: 'conformance-inner' }] });
  const inner = patch.headers[ctx.actionHeader] ? await finishedActionOf(ctx, patch, 'cluster update') : undefined;
  const outer = await finishedActionOf(ctx, start, 'service start', 60_000);
  if (inner && nested(outer, inner)) return { outer, inner };
  const dates = (a: Action | undefined): string => (a ? `${a.start_date} to ${a.end_date}` : `none (PATCH answered ${patch.status})`);
  ctx.observe(`${MISSED_OVERLAP_WORDS}: the start of ${SEQUENTIAL_CONTAINERS} containers in sequence ran ${dates(outer)}, the update ${dates(inner)}`);
  return undefined;
}
