/**
 * Watching a container restart under its policy: its starts and exits polled from inspect, and the
 * delays before its restarts measured (from the 1.22 event stream, or from the polled timestamps).
 * The restart-policy checks judge what is observed here.
 */
import { expectMembers } from '../../../harness/schema/members.ts';
import { INSPECT_MEMBERS, type EngineContext } from '../support/context.ts';
import { timestampMs } from '../support/lifecycle.ts';
import { sleep } from '../support/poll.ts';
import { eventsOf, kindOf, type EngineEvent } from '../support/events.ts';

export const POLL_MS = 10;

export interface Policy {
  Name: string;
  MaximumRetryCount?: number;
}

/** Runs `cmd` under `policy`; returns the container id. */
export async function runWithPolicy(ctx: EngineContext, cmd: string[], policy: Policy): Promise<string> {
  const { id } = await ctx.runningContainer(cmd, { hostConfig: { RestartPolicy: policy } });
  return id;
}

export interface ObservedRestarts {
  id: string;
  starts: number[];
  finishes: number[];
  restartCount: number;
  settled: boolean;
}

function addDistinct(times: number[], value: unknown): void {
  const t = timestampMs(value);
  if (Number.isFinite(t) && t > 0 && !times.includes(t)) times.push(t);
}

/**
 * One read of the polled container; a read the target refuses (Podman answers 500 to an inspect
 * that races a restart) is noted and the polling goes on: the check is about the restarts, and
 * inspect's own checks judge its answers.
 */
async function inspectWhilePolling(ctx: EngineContext, id: string): Promise<Record<string, unknown> | undefined> {
  const res = await ctx.api.get(`/containers/${id}/json`);
  if (res.status === 200)
    return expectMembers(ctx, ctx.expectJson(res, 'container inspect'), INSPECT_MEMBERS, 'container inspect', 'engine/containers/inspect/200-response-schema');
  ctx.observe(`an inspect while polling the restarts answered ${res.status}: ${res.text().trim().slice(0, 160)}`);
  return undefined;
}

/**
 * How long an on-failure container may take to stop for good. The spec states no time: four runs
 * and three back-off delays took over 10 s, then over 20 s, on Docker while other runs loaded the
 * 2-core machine (the same check passed in the runs before). The poll ends as soon as the
 * container stops, so a long deadline costs time only where the check fails; 40 s leaves the
 * set-up room within a check's own 60 s at the default request time-out.
 */
export const SETTLE_DEADLINE_MS = 40_000;

/** Whether the restarts observed are all there are to wait for: given the container's State, RestartCount and the starts seen. */
type RestartsDone = (state: Record<string, unknown>, count: number, starts: readonly number[]) => boolean;

/** An on-failure container has stopped for good after its `retries` restarts. */
const stoppedAfter =
  (retries: number): RestartsDone =>
  (state, count) =>
    state.Running === false && state.Restarting !== true && count >= retries;

/**
 * Polls a container until `done` (by default: an on-failure container stopped for good), recording
 * every distinct StartedAt and FinishedAt (the daemon's own timestamps, so the delays are measured
 * on its clock, not ours).
 */
export async function observeRestarts(ctx: EngineContext, id: string, retries: number, done = stoppedAfter(retries)): Promise<ObservedRestarts> {
  const deadline = Date.now() + SETTLE_DEADLINE_MS;
  const starts: number[] = [];
  const finishes: number[] = [];
  let count = 0;
  for (;;) {
    const c = await inspectWhilePolling(ctx, id);
    let settled = false;
    if (c) {
      const state = c.State as Record<string, unknown>;
      addDistinct(starts, state.StartedAt);
      addDistinct(finishes, state.FinishedAt);
      count = Number(c.RestartCount ?? 0);
      settled = done(state, count, starts);
    }
    if (settled || Date.now() >= deadline)
      return { id, starts: starts.sort((a, b) => a - b), finishes: finishes.sort((a, b) => a - b), restartCount: count, settled };
    await sleep(POLL_MS);
  }
}

/**
 * The delay before each restart: from the exit of run i (FinishedAt) to the start of run i+1
 * (StartedAt). The container's own run time is left out, so only the policy's delay (plus the
 * daemon's start work) is measured. Paired by index: a real daemon may stamp StartedAt after the
 * program has already exited, so "the last exit before this start" would pick the wrong run.
 */
function restartDelays(run: ObservedRestarts): number[] {
  return run.starts.slice(1).map((start, i) => start - (run.finishes[i] ?? Number.NaN));
}

export interface MeasuredDelays {
  delays: number[];
  source: string;
}

/** The delays from the polled FinishedAt/StartedAt pairs, when polling saw every start. */
function polledDelays(run: ObservedRestarts): MeasuredDelays | undefined {
  if (run.starts.length !== run.restartCount + 1) return undefined;
  return { delays: restartDelays(run), source: 'FinishedAt to the next StartedAt, polled' };
}

/**
 * The delays on the event stream, where 1.22 events carry `timeNano`: from each `die` to the next
 * `start`. Unlike polling inspect, the stream misses no run. Undefined in 1.18 (whole seconds
 * only) or when the stream does not hold every run.
 */
async function eventDelays(ctx: EngineContext, since: number, run: ObservedRestarts): Promise<MeasuredDelays | undefined> {
  if (ctx.version !== '1.22') return undefined;
  const runs = run.restartCount + 1;
  const stamps = (events: EngineEvent[], kind: string): number[] => events.filter((e) => kindOf(e) === kind).map((e) => Number(e.timeNano) / 1e6);
  const enough = (events: EngineEvent[]): boolean => stamps(events, 'start').length >= runs && stamps(events, 'die').length >= runs;
  const events = await eventsOf(ctx, since, run.id, enough, { container: [run.id] });
  // An always container stopped once observed may have started once more before the stop.
  const starts = stamps(events, 'start').slice(0, runs);
  const dies = stamps(events, 'die');
  if (starts.length !== runs || dies.length < runs - 1 || ![...starts, ...dies].every(Number.isFinite)) return undefined;
  return { delays: starts.slice(1).map((start, i) => start - dies[i]!), source: 'die to the next start, event timeNano' };
}

/** The delays of a run, from the events (1.22) or else from polling; undefined when neither saw every restart. */
async function measuredDelays(ctx: EngineContext, since: number, run: ObservedRestarts): Promise<MeasuredDelays | undefined> {
  return (await eventDelays(ctx, since, run)) ?? polledDelays(run);
}

/**
 * One instance's restarts, observed once more when their delays could not be measured (a busy
 * daemon answered an inspect more slowly than a restart took): slowness the spec allows, not a
 * breach, so a second look is taken before the rule is left unverified.
 */
export async function observeMeasurable(
  ctx: EngineContext,
  since: number,
  observe: (ctx: EngineContext) => Promise<ObservedRestarts>,
): Promise<{ run: ObservedRestarts; measured: MeasuredDelays | undefined }> {
  const first = await observe(ctx);
  const measured = await measuredDelays(ctx, since, first);
  if (measured) return { run: first, measured };
  const run = await observe(ctx);
  return { run, measured: await measuredDelays(ctx, since, run) };
}
