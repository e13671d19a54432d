import { CheckSkipped } from '../../../harness/check/signals.ts';
import type { HttpResponse } from '../../../harness/target/http-transport.ts';
import { expectAccepted, expectRefused, expectUnchanged } from './actions.ts';
import { cloudCheck, type CloudCheck } from './check.ts';
import { TERMINAL_ACTION_STATES, type CloudContext, type StatefulView } from './context.ts';
import type { CloudViews } from './views.generated.ts';

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
}

export function stateRowCheck<K extends StatefulView>(row: StateRow<K>): CloudCheck {
  return cloudCheck({
    id: row.id,
    title: row.title,
    requirements: [row.id, ...(row.also ?? [])],
    endpoint: row.endpoint,
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
 * that saw it and the operation: an operation accepted then proves nothing, so a refused row of
 * a transitional state is tried afresh, and only an acceptance seen every time is held against
 * the target. The state may also have passed before the check could read it (the reach skips):
 * then too a fresh resource is tried, up to twice as many tries in all, as the application
 * state tables do (app-states.ts).
 */
async function attempt<K extends StatefulView>(ctx: CloudContext, row: StateRow<K>): Promise<{ before: CloudViews[K]; res: HttpResponse }> {
  let missed: CheckSkipped | undefined;
  for (let tries = 0, n = 1; tries < 2 * TRANSITIONAL_ATTEMPTS; tries++) {
    const before = await row.reach(ctx).catch((err: unknown) => {
      if (!(row.afterRefusal && err instanceof CheckSkipped)) throw err;
      missed = err;
      return undefined;
    });
    if (!before) continue;
    const res = await row.op(ctx, before);
    if (!row.afterRefusal || n === TRANSITIONAL_ATTEMPTS || !(await wasAccepted(ctx, res))) return { before, res };
    ctx.observe(`attempt ${n}: the operation was accepted; the state may have passed before it arrived: trying a fresh resource`);
    n++;
  }
  throw missed;
}

/** A 2xx answer whose action (if any) did not end Failed. */
async function wasAccepted(ctx: CloudContext, res: HttpResponse): Promise<boolean> {
  if (res.status < 200 || res.status >= 300) return false;
  const uri = res.headers[ctx.actionHeader];
  if (!uri) return true;
  return (await ctx.waitForState('action', uri, TERMINAL_ACTION_STATES, 30_000)).state !== 'Failed';
}

/**
 * Starts work that passes through a transitional state and returns the resource while it is in
 * it; when the state has already passed (it is brief), the check is skipped, never flaky.
 */
export async function catchTransitional<K extends StatefulView>(
  ctx: CloudContext,
  view: K,
  uri: string,
  state: string,
  trigger: () => Promise<HttpResponse>,
): Promise<CloudViews[K]> {
  const res = await trigger();
  if (res.status < 200 || res.status >= 300) ctx.fail(`precondition: the operation that leads to ${state} answered ${res.status}: ${res.text().slice(0, 200)}`);
  const now = await ctx.getJson(view, uri, 'resource');
  if (now.state !== state) ctx.skip(`${state} is transitional and had already passed (state ${now.state}) when the check could act`);
  return now;
}
