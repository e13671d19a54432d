/**
 * The wait `t` of stop and restart (Engine API spec: "Stop ... t = seconds to wait before killing",
 * the same for restart) measured the way a busy daemon cannot blur: the same program that ignores
 * the stop signal, once with t=0 and once with t=LONG_T. Both answers carry the daemon's own work
 * around the kill; their difference is the waits'. A target ignoring t waits the same in both, and
 * one reading t=0 as "not given" waits its default (Docker's is 10 s) and answers t=0 no earlier.
 */
import type { HttpResponse } from '../../../harness/target/http-transport.ts';
import type { EngineContext } from './context.ts';
import { IGNORES_TERM, timed } from './lifecycle.ts';

/** The long wait of the pair: far above a scheduler's jitter, short enough for a serial check. */
export const LONG_T = 4;
/** Slack for the daemon's own work around a kill: the request waits t and this before it times out. */
export const KILL_SLACK_MS = 6000;

/** Stop or restart with `t` of a running container whose program ignores SIGTERM, then what the answer left. */
export interface WaitedOperation {
  /** stop or restart: the path segment. */
  operation: 'stop' | 'restart';
  /** Judges the container once the operation answered 204 (killed; or killed and running again). */
  after: (ctx: EngineContext, id: string, t: number, before: Record<string, unknown>) => Promise<void>;
}

/** t=0 requests made, the quickest counting, before t=0 is said to wait: a host stall blurs one request, a target waiting on t=0 waits each time. */
const ZERO_TRIES = 3;

/** Runs `op` with t on a fresh program that ignores SIGTERM and judges its wait (at least t): how long it took. */
async function waitedOnce(ctx: EngineContext, op: WaitedOperation, t: number): Promise<number> {
  const { id } = await ctx.signalProgram(IGNORES_TERM);
  const before = await ctx.state(id);
  // The request outlasts the wait and a slow daemon's time: the comparison below judges a late answer, not a time-out.
  const timeoutMs = ctx.base.timeoutMs + t * 1000 + KILL_SLACK_MS;
  const { res, ms } = await timed((): Promise<HttpResponse> => ctx.api.post(`/containers/${id}/${op.operation}`, { query: { t }, timeoutMs }));
  ctx.expectStatus(res, 204, `${op.operation}?t=${t} of a running container`);
  const least = Math.max(0, t * 1000 - 100);
  ctx.expect(ms >= least, `${op.operation}?t=${t} waits ${t} s before the kill; it answered after ${Math.round(ms)} ms`, {
    expected: `at least ${least} ms`,
    actual: `${Math.round(ms)} ms`,
  });
  await op.after(ctx, id, t, before);
  return ms;
}

/** Runs `op` with t=0 and t=LONG_T and judges each wait: at least t, and t=LONG_T about LONG_T s later than t=0. */
export async function expectWaitsT(ctx: EngineContext, op: WaitedOperation): Promise<void> {
  let zero = await waitedOnce(ctx, op, 0);
  const long = await waitedOnce(ctx, op, LONG_T);
  const least = (LONG_T * 1000) / 2;
  let tries = 1;
  for (; long - zero < least && tries < ZERO_TRIES; tries++) zero = Math.min(zero, await waitedOnce(ctx, op, 0));
  const later = long - zero;
  ctx.expect(
    later >= least,
    `${op.operation}?t=0 does not wait: ${op.operation}?t=${LONG_T} of the same program answered ${Math.round(later)} ms later than ${op.operation}?t=0 ` +
      `(the quickest of ${tries} t=0 request(s))`,
    {
      expected: `at least ${least} ms later (${LONG_T} s, less half for the daemon's own time)`,
      actual: { 't=0': `${Math.round(zero)} ms`, [`t=${LONG_T}`]: `${Math.round(long)} ms` },
    },
  );
}
