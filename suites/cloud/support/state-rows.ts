import { CheckSkipped } from '../../../harness/check/signals.ts';
import type { HttpResponse } from '../../../harness/target/http-transport.ts';
import { expectAccepted, expectRefused, expectUnchanged, isSuccess } from './actions.ts';
import { cloudCheck, type CloudCheck } from './check.ts';
import { TERMINAL_ACTION_STATES, type CloudContext, type StatefulView } from './context.ts';
import { isJsonObject } from '../../../harness/protocol/json-value.ts';
import { sameResource, type Json } from './lists.ts';
import type { CloudViews } from './views.generated.ts';
import { secondOfDate } from './target-clock.ts';

/** One row cell of a state table: an operation in a state, allowed or not, on a resource read as `view`. */
export interface StateRow<K extends StatefulView> {
  id: string;
  endpoint: string;
  title: string;
  view: K;
  /** A fresh resource in the row's state (or the check skips saying why it cannot get one). */
  reach(ctx: CloudContext): Promise<CloudViews[K]>;
  op(ctx: CloudContext, resource: CloudViews[K]): Promise<HttpResponse>;
  /** Allowed rows: what the operation must have done. */
  effect?: (ctx: CloudContext, resource: CloudViews[K]) => Promise<void>;
  /** Refused rows of a stable state: the fields a GET after must show unchanged. */
  unchangedFields?: string[];
  /** Refused rows of a transitional state: what the resource must look like once its own work ended. */
  afterRefusal?: (ctx: CloudContext, resource: CloudViews[K]) => Promise<void>;
  /** Other requirements the same exchange verifies: a breach of the row breaks them too. */
  also?: string[];
  /** The row's state is reached through a control of the embedded reference only (Check.referenceOnly). */
  referenceOnly?: string;
}

export function stateRowCheck<K extends StatefulView>(row: StateRow<K>): CloudCheck {
  return cloudCheck({
    id: row.id,
    title: row.title,
    requirements: [row.id, ...(row.also ?? [])],
    endpoint: row.endpoint,
    ...(row.referenceOnly ? { referenceOnly: row.referenceOnly } : {}),
    async run(ctx) {
      const { before, res } = await attempt(ctx, row);
      const what = `${row.title.split(':')[0]} (${before.resource_uri})`;
      const broken = [row.id, ...(row.also ?? [])];
      if (row.effect) {
        await expectAccepted(ctx, res, what, broken);
        await row.effect(ctx, before);
        return;
      }
      await expectRefused(ctx, res, what, broken);
      if (row.unchangedFields) expectUnchanged(ctx, before, await ctx.getJson(row.view, before.resource_uri, 'after'), row.unchangedFields, what, broken);
      await row.afterRefusal?.(ctx, before);
    },
  });
}

const TRANSITIONAL_ATTEMPTS = 3;

/**
 * Reaches the row's state and runs the operation. A transitional state may pass between the read
 * that saw it and the operation's arrival, and an operation accepted then is rightly accepted. So
 * an acceptance counts against a refused row of a transitional state only when it came while the
 * work that led into the state was still running (its action had not ended when the answer
 * came), and the row fails only on TRANSITIONAL_ATTEMPTS such acceptances, each on a fresh
 * resource: the state can end a little before its work does (a node is Deployed again while its
 * upgrade restarts containers). An acceptance after the work ended proves nothing, nor does a
 * state that passed before the check could read it (the reach skips); after
 * 2 × TRANSITIONAL_ATTEMPTS tries without a refusal or enough proven acceptances the check skips.
 */
async function attempt<K extends StatefulView>(ctx: CloudContext, row: StateRow<K>): Promise<{ before: CloudViews[K]; res: HttpResponse }> {
  if (!row.afterRefusal) {
    const before = await row.reach(ctx);
    return { before, res: await row.op(ctx, before) };
  }
  let missed: CheckSkipped | undefined;
  let proven = 0;
  for (let tries = 1; tries <= 2 * TRANSITIONAL_ATTEMPTS; tries++) {
    const before = await row.reach(ctx).catch((err: unknown) => {
      if (!(err instanceof CheckSkipped)) throw err;
      missed = err;
      return undefined;
    });
    if (!before) continue;
    const res = await row.op(ctx, before);
    if (!isSuccess(res.status)) return { before, res };
    const during = await leadingWorkRunning(ctx, before, res);
    if (await actionFailed(ctx, res)) return { before, res };
    if (!during) {
      ctx.observe(`try ${tries}: the operation was accepted after the work that led into the state had ended: that proves nothing`);
      continue;
    }
    proven++;
    ctx.observe(`try ${tries}: the operation was answered ${res.status} while ${during}`);
    if (proven === TRANSITIONAL_ATTEMPTS) return { before, res };
  }
  const proof = `${proven} acceptance(s) came while the work that led into the state still ran, fewer than ${TRANSITIONAL_ATTEMPTS}`;
  throw new CheckSkipped(`${missed ? `${missed.message}; ` : ''}${proof} (${2 * TRANSITIONAL_ATTEMPTS} tries)`);
}

/** The action of the operation that led each resource caught in a transitional state into it. */
const leadingWork = new WeakMap<object, string>();

/**
 * A resource read in a transitional state, returned by a reach: `trigger` is the answer to the
 * operation that led into the state, whose action (the work the state belongs to) is read after
 * each operation the row accepts.
 */
export function caughtIn<T extends object>(ctx: CloudContext, resource: T, trigger: HttpResponse): T {
  const work = trigger.headers[ctx.actionHeader];
  if (work) leadingWork.set(resource, work);
  return resource;
}

/** The object an answer shows, when it is the one at `uri` in `state`. */
function shownIn(res: HttpResponse, uri: string, state: string): Json | undefined {
  let body: unknown;
  try {
    body = JSON.parse(res.text());
  } catch {
    return undefined;
  }
  return isJsonObject(body) && sameResource(body.resource_uri, uri) && body.state === state ? body : undefined;
}

/**
 * Says which work is still running, or undefined when it has ended (or the resource carries none).
 * Work that ended Failed or Canceled no earlier than the second the accepted operation started was
 * cut short by it: the operation came while it ran (a target that lets terminate abort a deploy
 * would otherwise only ever show work that had ended, and the row would skip).
 */
async function leadingWorkRunning(ctx: CloudContext, resource: object, accepted: HttpResponse): Promise<string | undefined> {
  const uri = leadingWork.get(resource);
  if (!uri) return undefined;
  const action = await ctx.getJson('action', uri, 'the work that led into the state');
  if (!TERMINAL_ACTION_STATES.includes(action.state)) return `the action that led into the state (${uri}) was still ${action.state}`;
  const own = accepted.headers[ctx.actionHeader];
  if (action.state === 'Success' || !own) return undefined;
  const started = secondOfDate((await ctx.getJson('action', own, 'the accepted operation')).start_date);
  return secondOfDate(action.end_date) >= started
    ? `the action that led into the state (${uri}) ended ${action.state} at ${String(action.end_date)}, once the operation had started (it was cut short)`
    : undefined;
}

/** Whether a 2xx answer's action (if it has one) ended Failed: a refusal after all. */
async function actionFailed(ctx: CloudContext, res: HttpResponse): Promise<boolean> {
  const uri = res.headers[ctx.actionHeader];
  if (!uri) return false;
  return (await ctx.waitForState('action', uri, TERMINAL_ACTION_STATES, 30_000)).state === 'Failed';
}

/**
 * Starts work that passes through a transitional state and returns the resource while it is in
 * it; when the state has already passed (it is brief), the check is skipped, never flaky. Where
 * the trigger's answer already shows the resource in the state (the facts: 202 with the object in
 * its new transitional state), the row acts on it at once: a read first costs a round trip that a
 * brief state may not outlive on a busy machine. Whether the state held when the row's operation
 * came is proven by the work's action, as for a state read (attempt).
 */
export async function catchTransitional<K extends StatefulView>(
  ctx: CloudContext,
  view: K,
  uri: string,
  state: string,
  trigger: () => Promise<HttpResponse>,
): Promise<CloudViews[K]> {
  const res = await trigger();
  ctx.precondition(isSuccess(res.status), `the operation that leads to ${state} answered ${res.status}: ${res.text().slice(0, 200)}`);
  const now = (shownIn(res, uri, state) as CloudViews[K] | undefined) ?? (await ctx.getJson(view, uri, 'resource'));
  if (now.state !== state) ctx.skip(`${state} is transitional and had already passed (state ${now.state}) when the check could act`);
  return caughtIn(ctx, now, res);
}
