/**
 * What an accepted cancel of an In progress action must show, whichever execution it cancels (the
 * first of an operation, or one a retry started): a 2xx answer, the action Canceling then
 * Canceled, its work stopped, and Canceling announced on the event stream.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { HttpResponse } from '../../../harness/target/http-transport.ts';
import type { WebSocketSession } from '../../../harness/target/websocket.ts';
import { isSuccess } from './actions.ts';
import { containersOf, settled } from './app.ts';
import { CANCEL_FLAG, CANCELABLE_SOMEWHERE, type Canceled } from './cancel-in-progress.ts';
import { TERMINAL_ACTION_STATES, type CloudContext } from './context.ts';
import { CLUSTER_SETTLED, settle } from './infra.ts';
import { SEQUENTIAL_CONTAINERS } from './in-progress.ts';
import { EVENTS, statesAnnounced } from './streams.ts';
import type { NodeCluster, Service } from './views.generated.ts';

export const CANCEL_IN_PROGRESS = 'cloud/action/cancel/in-progress-to-canceling';
export const IN_PROGRESS_ALLOWS_CANCEL = 'cloud/states/action/in-progress-allows-cancel';
export const CANCEL_CODES = 'cloud/action/success-codes-not-shown';
export const CANCEL_ANNOUNCED = 'cloud/stream/events/emitted-on-changes';
/** The requirements an accepted cancel of an In progress action bears on. */
export const CANCEL_JUDGED: readonly string[] = [
  CANCEL_IN_PROGRESS,
  IN_PROGRESS_ALLOWS_CANCEL,
  CANCEL_FLAG,
  CANCELABLE_SOMEWHERE,
  CANCEL_CODES,
  CANCEL_ANNOUNCED,
];

/** The event stream opened before the cancel (closed after the check): the changes of the canceled action are read from it. */
export async function cancelEvents(ctx: CloudContext): Promise<WebSocketSession> {
  const events = await ctx.api.openStream(EVENTS);
  ctx.defer(() => events.close());
  return events;
}

/** The state field of a JSON object answer, or undefined. */
function answeredState(res: HttpResponse): unknown {
  try {
    return (JSON.parse(res.text()) as { state?: unknown } | null)?.state;
  } catch {
    return undefined;
  }
}

/** How many containers of the service run (how far its start has gone). */
const runningOf = async (ctx: CloudContext, svc: Service): Promise<number> => (await containersOf(ctx, svc)).filter((c) => c.state === 'Running').length;

/** How long a start that went on after its cancel is given to show it, once the service settled. */
const GOES_ON_MS = 1000;

/**
 * A canceled start does not go on: once its action is Canceled and the service settled, no more of
 * its containers run than ran when the cancel was answered, and the one then starting (a step in
 * flight may end). A start that had reached its last container by then cannot show it: observed.
 */
async function expectStartStopped(ctx: CloudContext, svc: Service, upAtCancel: number): Promise<void> {
  const bound = upAtCancel + 1;
  if (bound >= SEQUENTIAL_CONTAINERS)
    return ctx.observe(`${upAtCancel} of ${SEQUENTIAL_CONTAINERS} containers ran when the cancel was answered: whether the start stopped cannot be told`);
  await settled(ctx, 'service', svc.resource_uri);
  await sleep(GOES_ON_MS);
  const up = await runningOf(ctx, svc);
  ctx.expect(up <= bound, `the canceled start went on: ${up} of its ${SEQUENTIAL_CONTAINERS} containers run, ${upAtCancel} ran when the cancel was answered`, {
    expected: `at most ${bound} running (those up at the cancel and the one then starting)`,
    actual: up,
    requirement: CANCEL_IN_PROGRESS,
  });
}

/** The states a cluster whose canceled deploy stopped may settle in (the spec does not show where a canceled deploy leaves it). */
const CANCELED_DEPLOY_SETTLED = [...CLUSTER_SETTLED, 'Init', 'Terminated'];

/**
 * A canceled deploy does not go on: once its action is Canceled and the cluster left Deploying, it
 * is not Deployed with target_num_nodes Deployed nodes, the end of a deploy that ran to completion
 * (a target may undo the deploy, keep the nodes it had brought up, or leave the cluster Partly
 * deployed or Empty, but not finish the work it said was canceled).
 */
async function expectDeployStopped(ctx: CloudContext, cluster: NodeCluster): Promise<void> {
  const uri = cluster.resource_uri;
  await settle(ctx, 'node-cluster', uri, CANCELED_DEPLOY_SETTLED);
  await sleep(GOES_ON_MS);
  const now = await settle(ctx, 'node-cluster', uri, CANCELED_DEPLOY_SETTLED);
  const nodes = await Promise.all(((now.nodes as string[] | undefined) ?? []).map((n) => ctx.getJson('node', n, 'node')));
  const deployed = nodes.filter((n) => n.state === 'Deployed').length;
  ctx.expect(
    now.state !== 'Deployed' && deployed < Number(now.target_num_nodes),
    `the canceled deploy went on: the cluster is ${String(now.state)} with ${deployed} Deployed node(s)`,
    {
      expected: `not Deployed, fewer than its target_num_nodes (${String(now.target_num_nodes)}) nodes Deployed: the deploy's work stopped`,
      actual: { state: now.state, nodes: nodes.map((n) => `${n.resource_uri}: ${String(n.state)}`) },
      requirement: CANCEL_IN_PROGRESS,
    },
  );
}

/**
 * The cancel of an In progress action that did not say can_be_canceled false (cancelCancelable),
 * judged: accepted, the action Canceling then Canceled, its work stopped, Canceling announced on
 * `events` (opened before the cancel). A refusal breaks the flag's word too when it said true.
 */
export async function expectCancelTakesEffect(ctx: CloudContext, got: Canceled, events: WebSocketSession): Promise<void> {
  const { kind, service, cluster, action, res } = got;
  ctx.observe(`the ${kind} canceled`);
  const upAtCancel = service ? await runningOf(ctx, service) : 0;
  ctx.observe(`cancel answered ${res.status}`);
  // The body of a cancel answer is not shown: a state it shows (Canceling expected) is only observed.
  ctx.observe(`the cancel answer shows state ${JSON.stringify(answeredState(res))}`);
  const flagged = action.can_be_canceled === true ? [CANCEL_FLAG] : [];
  ctx.expect(isSuccess(res.status), `cancel of an In progress ${kind} (can_be_canceled ${String(action.can_be_canceled)}) answered ${res.status}`, {
    expected: 'a 2xx answer',
    actual: res.status,
    requirement: [CANCEL_IN_PROGRESS, IN_PROGRESS_ALLOWS_CANCEL, CANCELABLE_SOMEWHERE, ...flagged],
  });
  const now = await ctx.getJson('action', action.resource_uri, 'the action');
  ctx.expect(['Canceling', 'Canceled'].includes(String(now.state)), `after cancel the action is ${String(now.state)}`, {
    expected: 'Canceling, then Canceled',
    requirement: CANCEL_IN_PROGRESS,
  });
  const end = await ctx.waitForState('action', action.resource_uri, TERMINAL_ACTION_STATES);
  ctx.expectEqual(end.state, 'Canceled', 'a canceled action did not end Canceled', CANCEL_IN_PROGRESS);
  if (end.state === 'Canceled' && service) await expectStartStopped(ctx, service, upAtCancel);
  else if (end.state === 'Canceled' && cluster) await expectDeployStopped(ctx, cluster);
  // Which changes emit events the spec does not show; the facts (informational) have each change of an action's state emit one.
  const announced = await statesAnnounced(ctx, events, action.resource_uri, TERMINAL_ACTION_STATES, 10_000, CANCEL_ANNOUNCED);
  if (announced === undefined) ctx.observe(`the events upgrade answered ${events.status}: whether Canceling was announced was not read`);
  else
    ctx.verify(announced.includes('Canceling'), 'no event announced the action Canceling before it ended', {
      expected: 'an event about the action with state Canceling',
      actual: announced,
      requirement: CANCEL_ANNOUNCED,
    });
}
