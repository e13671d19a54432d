/**
 * Actions (subsystem audit): list, get, cancel, retry. A list or get is recorded as a read
 * (dispatch.ts); cancel and retry record no action of their own: cancel changes the canceled
 * action (202, Canceling), retry creates the new execution (202, that new action, named by the
 * X-Vendor-Action-URI header).
 */
import {
  actionJson,
  CANCELABLE_ACTION_STATES,
  cancelLeavesWorkRunning,
  notCancelable,
  TERMINAL_ACTION_STATES,
  type Action,
  type ActionLogLine,
} from '../actions/action.ts';
import { actionUri, finishAction } from '../actions/call.ts';
import { filterActions } from '../actions/filters.ts';
import { listReply } from '../http/envelope.ts';
import { ApiError, conflict, notFound } from '../http/errors.ts';
import { accepted, ok } from '../http/replies.ts';
import type { RouteTable } from '../http/router.ts';
import type { CallContext, Reply } from '../http/types.ts';
import { newUuid } from '../ids.ts';
import { LogBook } from '../state/logbook.ts';
import { announceAction } from '../state/notify.ts';
import { verdictOf } from '../state/states.ts';
import { namespacesOf } from '../users.ts';
import type { World } from '../world.ts';

const ACTIONS = '/api/audit/v1/action/';

export function visibleActions(world: World, ctx: Pick<CallContext, 'req'>): Action[] {
  const mine = new Set(namespacesOf(ctx.req.user));
  return [...world.store.actions.values()].filter((a) => mine.has(a.namespace));
}

function action(ctx: CallContext): Action {
  const given = ctx.params.uuid ?? '';
  // Under `blind20-action-get-uuid-prefix` an unknown uuid is looked up as the prefix of one (short ids).
  const byPrefix = (): Action | undefined =>
    ctx.world.faults.has('blind20-action-get-uuid-prefix') && given ? [...ctx.world.store.actions.values()].find((a) => a.uuid.startsWith(given)) : undefined;
  const found = ctx.world.store.actions.get(given) ?? byPrefix();
  if (!found || !namespacesOf(ctx.req.user).includes(found.namespace)) throw notFound('action');
  return found;
}

/**
 * The executions started by a retry. Under `blind27-retried-action-cancel-refused` their running job is registered under
 * the uuid of the action they retry, so a cancel of the new action finds no job running and is refused.
 */
const retriedExecutions = new WeakSet<Action>();

function cancel(ctx: CallContext): Reply {
  const { world } = ctx;
  const a = action(ctx);
  if (retriedExecutions.has(a) && world.faults.has('blind27-retried-action-cancel-refused'))
    throw conflict(`action in state '${a.state}' has no running job to cancel`);
  const finishedButAllowed =
    ((a.state === 'Success' || a.state === 'Failed') && world.faults.has('cancel-finished-action-allowed')) ||
    (a.state === 'Canceled' && world.faults.has('cancel-canceled-allowed')) ||
    (a.state === 'Canceling' && world.faults.has('cancel-canceling-allowed'));
  const cancelable = (CANCELABLE_ACTION_STATES.includes(a.state) || finishedButAllowed) && !world.faults.has('cancel-refused') && !notCancelable(world, a);
  if (!verdictOf(ctx.req.mutation, a.state, cancelable)) throw conflict(`action in state '${a.state}' cannot be canceled`);
  // Under `blind8-cancel-answers-previous-state` the answer is the action as read before the change.
  const before = world.faults.has('blind8-cancel-answers-previous-state') ? actionJson(world, a) : undefined;
  const previous = a.state;
  a.state = 'Canceling';
  // Under `blind32-canceling-not-stored` the Canceling state is only the answer's: the record keeps its state until the work ends Canceled.
  const unstored = world.faults.has('blind32-canceling-not-stored');
  // Under `blind9-canceling-not-announced` only the end of a cancel (Canceled) reaches the event stream.
  if (!world.faults.has('blind9-canceling-not-announced') && !unstored) announceAction(world, a, 'update');
  const answer = accepted(world, before ?? actionJson(world, a));
  if (unstored) a.state = previous;
  if (a.abort && !cancelLeavesWorkRunning(world, a)) a.abort.abort(new Error('canceled'));
  else if (!world.faults.has('blind2-cancel-stays-canceling')) world.clock.after(world.clock.ms('cancel'), () => finishAction(world, a, 'Canceled'));
  return answer;
}

async function retry(ctx: CallContext): Promise<Reply> {
  const { world, req } = ctx;
  const a = action(ctx);
  if (a.state === 'Canceling' && world.faults.has('retry-canceling-allowed')) return accepted(world, actionJson(world, a));
  const inProgressButAllowed = a.state === 'In progress' && world.faults.has('retry-in-progress-allowed');
  const canceledRefused =
    (a.state === 'Canceled' && world.faults.has('blind2-canceled-retry-refused')) ||
    (a.state === 'Success' && world.faults.has('blind5-action-success-retry-refused'));
  const retriable = (TERMINAL_ACTION_STATES.includes(a.state) || inProgressButAllowed) && !world.faults.has('retry-refused') && !canceledRefused;
  if (!verdictOf(ctx.req.mutation, a.state, retriable)) throw conflict(`action in state '${a.state}' cannot be retried`);
  // Under `blind34-retry-success-replayed` a call that succeeded is replayed from its recorded outcome (an idempotency key).
  if (a.state === 'Success' && world.faults.has('blind34-retry-success-replayed')) {
    const replayed = replayedAction(ctx, a);
    return { ...accepted(world, actionJson(world, replayed)), action: replayed };
  }
  // Under `blind16-retry-keeps-original-user-agent` the re-dispatched request keeps the first call's user agent.
  const userAgent = world.faults.has('blind16-retry-keeps-original-user-agent') ? a.request.userAgent : req.userAgent;
  const { action: fresh } = await world.dispatch({ ...a.request, user: req.user, ip: req.ip, userAgent, host: req.host });
  if (!fresh) throw new ApiError(500, 'the retried call recorded no action');
  retriedExecutions.add(fresh);
  // Under `blind15-retried-action-not-user-action` the re-dispatch from the server's own code is recorded as a system action.
  if (world.faults.has('blind15-retried-action-not-user-action')) fresh.is_user_action = false;
  if (world.faults.has('blind18-retry-logs-to-retried-action')) shareLogs(a, fresh);
  return { ...accepted(world, actionJson(world, fresh)), action: fresh };
}

/**
 * `blind34-retry-success-replayed`: the retried call's request is found among those already answered with success, and the
 * recorded outcome is answered again: a new action, ended Success at once, and the operation is not run again.
 */
function replayedAction(ctx: CallContext, a: Action): Action {
  const { world, req } = ctx;
  const uuid = newUuid();
  const now = world.clock.now();
  const replayed: Action = {
    ...a,
    uuid,
    resource_uri: actionUri(world, uuid),
    user: req.user.username,
    user_agent: req.userAgent,
    ip: req.ip,
    start_date: now,
    end_date: now,
    state: 'Success',
    async: false,
    logs: new LogBook<ActionLogLine>(),
  };
  delete replayed.abort;
  replayed.logs.end();
  world.store.actions.set(uuid, replayed);
  announceAction(world, replayed, 'create');
  return replayed;
}

/**
 * `blind18-retry-logs-to-retried-action`: logs are kept per recorded request, and the retry re-dispatches the recorded
 * one, so the new execution writes into the log of the action it retries (both streams read the same lines).
 */
function shareLogs(retried: Action, fresh: Action): void {
  for (const line of fresh.logs.tail()) retried.logs.append(line);
  fresh.logs = retried.logs;
}

/** When an action ended; unfinished ones sort last. */
const endTime = (a: Action): number => a.end_date?.getTime() ?? Number.MAX_SAFE_INTEGER;

export function addActionRoutes(routes: RouteTable): void {
  routes.add('GET', ACTIONS, (ctx) => {
    const listed = filterActions(ctx.world, ctx.req.query, visibleActions(ctx.world, ctx), ctx.req.mutation?.includeRelatedTree).filter(
      (a) => a.method !== 'PATCH' || !ctx.world.faults.has('patch-actions-unlisted'),
    );
    const filtered = [...ctx.req.query.keys()].some((key) => key !== 'limit' && key !== 'offset');
    if (ctx.world.faults.has('actions-newest-first') || (filtered && ctx.world.faults.has('blind4-action-list-filtered-newest-first'))) listed.reverse();
    if (ctx.world.faults.has('blind3-action-list-by-end-date')) listed.sort((a, b) => endTime(a) - endTime(b));
    return listReply(ctx, listed, (a) => actionJson(ctx.world, a));
  });
  routes.add('GET', `${ACTIONS}{uuid}/`, (ctx) => ok(actionJson(ctx.world, action(ctx))));
  routes.add('POST', `${ACTIONS}{uuid}/cancel/`, cancel);
  routes.add('POST', `${ACTIONS}{uuid}/retry/`, retry);
}
