import {
  COARSE_GROWTH_FACTORS,
  DEFAULT_GROWTH_SLACK_MS,
  DEFAULT_RESTART_TOLERANCE_MS,
  expectedDelayMs,
  FIRST_DELAY_CEILING_MS,
  growthWithinCoarseBounds,
  measuredGrowth,
  shownFirstDelayMs,
  verifyRestartBackoff,
} from '../../../harness/protocol/restart-backoff.ts';
import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { pollState, restartCount, timestampMs } from '../support/lifecycle.ts';
import { eventually, sleep } from '../support/poll.ts';
import { nowSeconds } from '../support/events.ts';
import {
  observeMeasurable,
  observeRestarts,
  POLL_MS,
  runWithPolicy,
  SETTLE_DEADLINE_MS,
  type MeasuredDelays,
  type ObservedRestarts,
  type Policy,
} from './restart-observe.ts';

const FAILS = ['sh', '-c', 'exit 1'];
/** The doubling delay's requirements (one rule, stated twice), and the recommended judgment of its growth. */
const BACKOFF = ['engine/states/restart-policy-backoff', 'engine/limits/restart-delay'];
const GROWTH = 'engine/states/restart-policy-backoff-growth';
const SUCCEEDS = ['sh', '-c', 'exit 0'];
const RETRIES = 3;
/**
 * Restarts the back-off check waits through: the fifth delay must be at least 1.6 s, so a target
 * restarting after any fixed interval shorter than that (a 1 s timer among them) fails one of the
 * doubling lower bounds. A fixed interval of 1.6 s or more meets them all: an upper bound on a
 * delay would fail a slow target, whose start work lengthens every delay measured. What catches it
 * is the growth from the first delay to the fifth (1500 ms, the start work they share cancelled),
 * judged under a recommended requirement of its own: a loaded daemon's uneven start work can blur
 * it. The five delays take 3.1 s.
 */
const BACKOFF_RESTARTS = 5;
/** Longer than the first restart delay (100 ms) with room for a loaded daemon. */
const NO_RESTART_WINDOW_MS = 600;
/**
 * How long RestartCount must stay at MaximumRetryCount once the container stopped: past the delay
 * a restart more would wait (it doubles from 100 ms: 800 ms after the third), with a margin as
 * long again plus 1 s for the timers and start work of a loaded daemon. A target that shows a
 * container waiting to restart as not restarting would otherwise pass with one restart too many.
 */
const BEYOND_NEXT_RESTART_MS = 2 * expectedDelayMs(RETRIES) + 1000;

/** The container does not come back: once exited, RestartCount stays 0 past the first delay. */
async function expectNoRestart(ctx: EngineContext, cmd: string[], policy: Policy, rule: string): Promise<void> {
  const id = await runWithPolicy(ctx, cmd, policy);
  await pollState(ctx, id, (s) => s.Running === false && s.Restarting !== true);
  await sleep(NO_RESTART_WINDOW_MS);
  const state = await ctx.state(id);
  ctx.expectEqual({ RestartCount: await restartCount(ctx, id), Running: state.Running }, { RestartCount: 0, Running: false }, rule);
}

/** Start times spaced by the delays alone: what the back-off verifier reads as restarts. */
function spacedByDelays(delays: number[]): number[] {
  const times = [0];
  for (const delay of delays) times.push(times[times.length - 1]! + delay);
  return times;
}

/**
 * The delays grow to the last as a delay doubling from 100 ms makes them (1500 ms from the first to
 * the fifth), within COARSE_GROWTH_FACTORS (required) and DEFAULT_GROWTH_SLACK_MS (recommended): a
 * fixed interval (no growth), a delay that triples or starts at 1 s (far more) show, whatever
 * steady start work every delay holds.
 */
function verifyGrowth(ctx: EngineContext, delays: readonly number[], source: string): void {
  // From the shortest delay before the last: one earlier delay a slow start lengthened is passed over.
  const { growthMs, fromIndex, idealMs } = measuredGrowth(delays);
  const what = `the delay before restart #${delays.length} is ${Math.round(growthMs)} ms longer than the one before restart #${fromIndex + 1} (${source})`;
  const shown = delays.map((d) => `${Math.round(d)} ms`);
  // The doubling itself is the required rule: a growth no doubling delay can show, even on a loaded
  // daemon, breaks it; how close the growth comes to the ideal is the recommended judgment below.
  ctx.expect(growthWithinCoarseBounds(delays), `${what}: a delay doubling from 100 ms adds ${idealMs} ms`, {
    requirement: BACKOFF,
    expected: `${Math.round(idealMs * COARSE_GROWTH_FACTORS.least)} to ${idealMs * COARSE_GROWTH_FACTORS.most} ms more`,
    actual: shown,
  });
  ctx.verify(Math.abs(growthMs - idealMs) <= DEFAULT_GROWTH_SLACK_MS, `${what}; a delay doubling from 100 ms adds ${idealMs} ms`, {
    requirement: GROWTH,
    expected: `${idealMs} ms more (slack ${DEFAULT_GROWTH_SLACK_MS} ms)`,
    actual: shown,
  });
}

/** How far the growth of measured delays is from the growth a delay doubling from 100 ms adds. */
function growthMiss(delays: readonly number[]): number {
  const { growthMs, idealMs } = measuredGrowth(delays);
  return Math.abs(growthMs - idealMs);
}

/**
 * One instance's restarts, observed once more when their growth misses the recommended slack: a
 * loaded host's uneven start work (CI, 1.18 reference: 242, 609, 806, 1704, 3296 ms) is slowness
 * the spec allows, so the closer of two observations is judged. A back-off that does not double
 * from 100 ms misses both times.
 */
async function observeEvenly(
  ctx: EngineContext,
  since: number,
  observe: (ctx: EngineContext) => Promise<ObservedRestarts>,
  what: string,
): Promise<{ run: ObservedRestarts; measured: MeasuredDelays | undefined }> {
  const first = await observeMeasurable(ctx, since, observe);
  if (!first.measured || growthMiss(first.measured.delays) <= DEFAULT_GROWTH_SLACK_MS) return first;
  ctx.observe(`${what}: delays ${first.measured.delays.map((d) => `${Math.round(d)} ms`).join(', ')} grew unevenly; observed once more`);
  const second = await observeMeasurable(ctx, since, observe);
  if (!second.measured) return first;
  return growthMiss(second.measured.delays) < growthMiss(first.measured.delays) ? second : first;
}

/** The least delay before each of `restarts` restarts: 100, 200, 400, ... ms. */
function minimumDelays(restarts: number): number[] {
  return Array.from({ length: restarts }, (_, i) => expectedDelayMs(i));
}

async function onFailureRun(ctx: EngineContext, retries: number): Promise<ObservedRestarts> {
  const id = await runWithPolicy(ctx, FAILS, { Name: 'on-failure', MaximumRetryCount: retries });
  return observeRestarts(ctx, id, retries);
}

/**
 * A program exiting 0 under always, watched until its `restarts`-th restart started (seen, or a
 * restart more counted: RestartCount may count a restart from the exit it follows), then stopped:
 * its first `restarts` restarts, as an on-failure container's.
 */
async function alwaysCleanExitRun(ctx: EngineContext, restarts: number): Promise<ObservedRestarts> {
  const id = await runWithPolicy(ctx, SUCCEEDS, { Name: 'always' });
  const run = await observeRestarts(ctx, id, restarts, (_, count, starts) => starts.length > restarts || count > restarts);
  const stop = await ctx.api.post(`/containers/${id}/stop`, { query: { t: 0 } });
  if (stop.status >= 300 && stop.status !== 304) ctx.observe(`stopping the always container after ${run.restartCount} restarts answered ${stop.status}`);
  const kept = Math.min(run.restartCount, restarts);
  return { ...run, starts: run.starts.slice(0, kept + 1), finishes: run.finishes.slice(0, kept + 1), restartCount: kept };
}

/**
 * The instances of the back-off rule ("doubles each restart, starting at 100 ms", whatever made the
 * container exit): a failing program under on-failure, and one exiting 0 under always, whose delays
 * double the same way (Docker's restart manager doubles them for any run shorter than 10 s).
 */
const BACKOFF_INSTANCES: ReadonlyArray<{ what: string; observe: (ctx: EngineContext) => Promise<ObservedRestarts> }> = [
  { what: 'a program exiting 1 under on-failure', observe: (ctx) => onFailureRun(ctx, BACKOFF_RESTARTS) },
  { what: 'a program exiting 0 under always', observe: (ctx) => alwaysCleanExitRun(ctx, BACKOFF_RESTARTS) },
];

/** Judges the restarts of one instance of the back-off rule (see the check restart-policy-backoff); returns the delays measured. */
async function judgeBackoff(
  ctx: EngineContext,
  { run, measured }: { run: ObservedRestarts; measured: MeasuredDelays | undefined },
  what: string,
): Promise<number[]> {
  // On the daemon's own clock, the last start comes at least the sum of the delays after the
  // container was created, however slowly a busy daemon works: a bound load cannot break.
  const created = timestampMs((await ctx.inspect(run.id)).Created);
  const lastStart = run.starts[run.starts.length - 1] ?? Number.NaN;
  const minimum = minimumDelays(run.restartCount).reduce((a, b) => a + b, 0);
  ctx.expect(
    !(lastStart - created < minimum - DEFAULT_RESTART_TOLERANCE_MS),
    `${what}: ${run.restartCount} restarts all came within ${Math.round(lastStart - created)} ms of the container's creation; ` +
      `the delays alone take ${minimum} ms`,
    {
      expected: `the last start at least ${minimum} ms after Created`,
      actual: { created: new Date(created).toISOString(), lastStart: new Date(lastStart).toISOString() },
      requirement: BACKOFF,
    },
  );
  if (!measured) {
    // A busy daemon can answer an inspect more slowly than a restart takes: the delays of the
    // single restarts cannot be paired then. The bound on their sum above does not show the
    // doubling (a fixed interval can meet it), so the rule is left unverified.
    return ctx.unverified(`${what}: polling every ${POLL_MS} ms saw ${run.starts.length} of ${run.restartCount + 1} starts; single delays not measured`);
  }
  const { delays } = measured;
  const source = `${measured.source}; ${what}`;
  ctx.expect(delays.every(Number.isFinite), `every restart follows an exit (${source})`, { actual: delays, requirement: BACKOFF });
  const diagnostics = verifyRestartBackoff(spacedByDelays(delays));
  // Each measured delay also holds the daemon's own start work (about 1-2 s and varying on a
  // real daemon under load), which can hide the doubling but never shortens a delay: so a
  // delay below its minimum fails, a gap that did not grow is recorded.
  const tooEarly = diagnostics.filter((d) => d.code === 'restart-too-early');
  for (const d of diagnostics.filter((d) => d.code !== 'restart-too-early')) ctx.observe(`${what}: ${d.message}`);
  ctx.expect(tooEarly.length === 0, `${what}: ${tooEarly.map((p) => p.message).join('; ')}`, {
    expected: `delays (${source}) of at least ${minimumDelays(run.restartCount).join(', ')} ms (tolerance ${DEFAULT_RESTART_TOLERANCE_MS} ms)`,
    actual: delays.map((d) => `${Math.round(d)} ms`),
    requirement: BACKOFF,
  });
  ctx.observe(`restart delays measured (${source}): ${delays.map((d) => `${Math.round(d)} ms`).join(', ')}`);
  // Fewer delays leave lower bounds a fixed interval can meet (see BACKOFF_RESTARTS).
  ctx.precondition(delays.length >= BACKOFF_RESTARTS, `${what}: ${delays.length} of ${BACKOFF_RESTARTS} restarts came within ${SETTLE_DEADLINE_MS / 1000} s`);
  verifyGrowth(ctx, delays, source);
  return delays;
}

/**
 * The back-off starts at 100 ms: the first delay the measured delays show (shownFirstDelayMs, the
 * least over the instances) is at most FIRST_DELAY_CEILING_MS. Start work only lengthens a delay,
 * so a conforming daemon passes unless every restart of every instance was slowed, the later ones
 * by over a second; a delay doubling from 200 ms, whose growth the coarse bounds accept, fails.
 */
function verifyFirstDelay(ctx: EngineContext, instances: ReadonlyArray<{ what: string; delays: readonly number[] }>): void {
  const shown = instances.map(({ what, delays }) => ({ what, delays: delays.map((d) => `${Math.round(d)} ms`), ...shownFirstDelayMs(delays) }));
  const least = Math.round(Math.min(...shown.map((s) => s.shown)));
  const readings = Object.fromEntries(shown.map((s) => [s.what, `${s.delays.join(', ')}: fitted ${Math.round(s.fitted)} ms, grown ${Math.round(s.grown)} ms`]));
  ctx.observe(`the restart delays show a back-off doubling from ${least} ms: ${JSON.stringify(readings)}`);
  ctx.expect(least <= FIRST_DELAY_CEILING_MS, `the restart delays show a back-off doubling from ${least} ms, not from 100 ms`, {
    requirement: BACKOFF,
    expected:
      `a first delay of 100 ms, lengthened by start work to at most ${FIRST_DELAY_CEILING_MS} ms in every instance: ` +
      'the least delay[i] / 2^i, or 100 ms scaled by the growth over what doubling from 100 ms adds',
    actual: readings,
  });
}

/** Spec: Resources > HostConfig RestartPolicy; Limits > Restart delay; States > Exit of a container. */
export default [
  engineCheck({
    id: 'engine/containers/create/host-config-restart-policy-default',
    title: 'RestartPolicy with an empty Name (the default): a container that exits non-zero is not restarted',
    endpoint: 'engine/containers/create',
    run: (ctx) => expectNoRestart(ctx, FAILS, { Name: '' }, 'with the default (empty) restart policy the exited container stays exited: RestartCount 0'),
  }),
  engineCheck({
    id: 'engine/containers/create/host-config-restart-policy-always',
    title: 'RestartPolicy `always`: a container that exits (even with 0) is restarted',
    endpoint: 'engine/containers/create',
    async run(ctx) {
      const id = await runWithPolicy(ctx, SUCCEEDS, { Name: 'always' });
      const count = await eventually(
        () => restartCount(ctx, id),
        (n) => n >= 1,
        5000,
        POLL_MS * 5,
      );
      ctx.expect(count >= 1, `with restart policy always a container that exited 0 is restarted; RestartCount is ${count} after 5 s`, {
        expected: 'RestartCount at least 1',
        actual: count,
      });
    },
  }),
  engineCheck({
    id: 'engine/containers/create/host-config-restart-policy-on-failure',
    title: `RestartPolicy on-failure with MaximumRetryCount ${RETRIES}: a failing container is restarted exactly ${RETRIES} times`,
    endpoint: 'engine/containers/create',
    async run(ctx) {
      const run = await onFailureRun(ctx, RETRIES);
      ctx.expect(run.settled, `the container restarted ${run.restartCount} times and had not stopped for good within ${SETTLE_DEADLINE_MS / 1000} s`, {
        expected: `${RETRIES} restarts, then exited`,
        actual: run.restartCount,
      });
      await sleep(BEYOND_NEXT_RESTART_MS);
      ctx.expectEqual(
        await restartCount(ctx, run.id),
        RETRIES,
        `MaximumRetryCount ${RETRIES} bounds the retries: RestartCount is ${RETRIES} and stays there for ${BEYOND_NEXT_RESTART_MS} ms, ` +
          `past the ${expectedDelayMs(RETRIES)} ms delay a restart more would come after`,
      );
    },
  }),
  engineCheck({
    id: 'engine/containers/create/host-config-restart-policy-on-failure/zero-exit',
    title: 'RestartPolicy on-failure: a container that exits 0 is not restarted',
    requirements: ['engine/containers/create/host-config-restart-policy-on-failure'],
    endpoint: 'engine/containers/create',
    run: (ctx) =>
      expectNoRestart(
        ctx,
        SUCCEEDS,
        { Name: 'on-failure', MaximumRetryCount: RETRIES },
        'on-failure restarts only on a non-zero exit: after exit 0, RestartCount stays 0',
      ),
  }),
  engineCheck({
    id: 'engine/states/restart-policy-backoff',
    // Timing rule: runs alone, so other checks' load does not blur the delays it measures.
    serial: true,
    title: 'A delay that doubles, starting at 100 ms, precedes each restart of a policy (die to next start): after exit 1 (on-failure) and exit 0 (always)',
    requirements: [...BACKOFF, GROWTH],
    async run(ctx) {
      const since = nowSeconds();
      // One after another: two containers polled side by side on a loaded machine missed restarts (CI, 1.18).
      const instances: Array<{ what: string; delays: number[] }> = [];
      for (const { what, observe } of BACKOFF_INSTANCES)
        instances.push({ what, delays: await judgeBackoff(ctx, await observeEvenly(ctx, since, observe, what), what) });
      verifyFirstDelay(ctx, instances);
    },
  }),
  engineCheck({
    id: 'engine/containers/create/host-config-restart-policy-unless-stopped',
    title: '(1.22) RestartPolicy `unless-stopped` is accepted and kept in the container HostConfig',
    endpoint: 'engine/containers/create',
    versions: ['1.22'],
    async run(ctx) {
      const id = await runWithPolicy(ctx, SUCCEEDS, { Name: 'unless-stopped' });
      const policy = ((await ctx.inspect(id)).HostConfig as { RestartPolicy?: Policy }).RestartPolicy;
      ctx.expectEqual(policy?.Name, 'unless-stopped', 'inspect HostConfig.RestartPolicy.Name is unless-stopped');
      await sleep(NO_RESTART_WINDOW_MS);
      const state = await ctx.state(id);
      ctx.observe(
        `unless-stopped, after exit 0: RestartCount ${await restartCount(ctx, id)}, Running ${String(state.Running)} ` +
          '(the spec does not say what unless-stopped does)',
      );
    },
  }),
];
