/**
 * The restart delay model (spec, HostConfig RestartPolicy and Limits): "a delay that doubles,
 * starting at 100 ms, precedes each restart". The spec states no upper bound; pass `maxDelayMs`
 * for a target that caps the delay.
 *
 * What can be observed is the time between two starts: the container's own run time plus the
 * delay. So the check is one-sided: each gap must be at least the expected delay minus a
 * tolerance; and, since the delay doubles, the gaps must grow (each gap at least the previous one
 * minus the tolerance; a container whose run time varies a lot can break that honestly, which is
 * why the tolerance is a parameter).
 *
 * Default tolerance: 50 ms. It absorbs the daemon's timer slack and the difference between when a
 * daemon restarts a container and when the observer stamps it, both a few ms on a local daemon;
 * 50 ms stays well below the first delay (100 ms) so a missing delay is still caught. Coarser
 * timestamps need a tolerance of at least their resolution (1000 for the whole seconds of 1.18
 * event `time`; 1.22 events carry `timeNano`).
 */
import { violation, type Diagnostic } from './diagnostic.ts';

export const INITIAL_RESTART_DELAY_MS = 100;
export const DEFAULT_RESTART_TOLERANCE_MS = 50;

export interface RestartBackoffOptions {
  toleranceMs?: number;
  maxDelayMs?: number;
}

/** The delay before restart number `restartIndex` (0 for the first restart): 100, 200, 400, ... ms. */
export function expectedDelayMs(restartIndex: number, maxDelayMs = Infinity): number {
  if (!Number.isInteger(restartIndex) || restartIndex < 0) return Number.NaN;
  return Math.min(INITIAL_RESTART_DELAY_MS * 2 ** restartIndex, maxDelayMs);
}

/**
 * How much longer the delay before restart number `lastIndex` (0-based) is than the first one's when
 * it doubles from 100 ms: 100·(2^lastIndex − 1) ms, 1500 ms for the fifth restart. A measured delay
 * holds the daemon's start work besides the policy's delay: taking one measured delay from another
 * cancels the part of that work they share, so the growth tells the back-off's start and rate apart
 * from a daemon's steady slowness (a fixed interval grows by nothing, a delay tripling or starting
 * at 1 s by far more).
 */
export function expectedGrowthMs(lastIndex: number, maxDelayMs = Infinity): number {
  return expectedDelayMs(lastIndex, maxDelayMs) - expectedDelayMs(0, maxDelayMs);
}

/**
 * Default slack of a growth judgment: half the growth to the fifth restart (750 ms). The start work
 * of a local daemon varies by tens of ms between its restarts (Docker 20.10: 164, 270, 455, 878,
 * 1667 ms measured, a growth of 1503 ms), that of a loaded one by a second or more.
 */
export const DEFAULT_GROWTH_SLACK_MS = 750;

/**
 * The growth a delay that doubles cannot miss, however unevenly a loaded daemon's start work adds
 * to it: at least a third of the ideal growth and at most four times it (500 to 6000 ms to the
 * fifth restart). A fixed interval grows by nothing, a linear one by a quarter of the ideal, one
 * that doubles from 1 s or triples by ten and more than five times it.
 */
export const COARSE_GROWTH_FACTORS = { least: 1 / 3, most: 4 } as const;

/**
 * The growth measured delays show: the last one less the shortest before it, and the index of that
 * one. A single earlier delay lengthened by a slow start (a loaded daemon's first restart took
 * 1.5 s in CI, where the policy waits 100 ms) is passed over; no measured delay is ever shorter
 * than its policy delay.
 */
export function measuredGrowth(delays: readonly number[]): { growthMs: number; fromIndex: number; idealMs: number } {
  const earlier = delays.slice(0, -1);
  if (!earlier.length) return { growthMs: 0, fromIndex: 0, idealMs: 0 };
  const fromIndex = earlier.indexOf(Math.min(...earlier));
  return {
    growthMs: delays[delays.length - 1]! - earlier[fromIndex]!,
    fromIndex,
    idealMs: expectedDelayMs(delays.length - 1) - expectedDelayMs(fromIndex),
  };
}

/** Whether measured delays grow as a delay doubling from 100 ms can make them (see COARSE_GROWTH_FACTORS). */
export function growthWithinCoarseBounds(delays: readonly number[]): boolean {
  const { growthMs, idealMs } = measuredGrowth(delays);
  return growthMs >= idealMs * COARSE_GROWTH_FACTORS.least && growthMs <= idealMs * COARSE_GROWTH_FACTORS.most;
}

/**
 * The first delay that measured delays show for a back-off doubling from it, read two ways, each
 * blind to one kind of start work (which every measured delay holds besides its policy delay, and
 * which only lengthens it); the smaller reading is the one shown:
 * - `fitted`: the longest first delay the delays fit under, the least delays[i] / 2^i. Start work
 *   adds to it divided by 2^i, so the least burdened restart tells (a second of start work before
 *   the fifth restart, whose delay is 1.6 s, adds 62 ms); steady start work of a second on every
 *   restart still shows.
 * - `grown`: 100 ms scaled by the growth measured over the growth a doubling from 100 ms makes
 *   (measuredGrowth): the start work the two delays share cancels, what differs between them shows.
 * A back-off doubling from 200 ms shows 200 ms both ways on a target whose start work is even.
 */
export function shownFirstDelayMs(delays: readonly number[]): { fitted: number; grown: number; shown: number } {
  const fitted = delays.length ? Math.min(...delays.map((d, i) => d / 2 ** i)) : Number.NaN;
  const { growthMs, idealMs } = measuredGrowth(delays);
  const grown = idealMs > 0 ? (INITIAL_RESTART_DELAY_MS * growthMs) / idealMs : Number.NaN;
  return { fitted, grown, shown: Math.min(fitted, grown) };
}

/**
 * The most shownFirstDelayMs may show of a back-off that starts at 100 ms. Docker 20.10 measured
 * (fitted / grown): idle, delays 164, 270, 455, 878, 1667 ms: 104 / 100 ms; a loaded CI run, 1507,
 * 665, 823, 1214, 1862 ms: 116 / 86 ms; under a load average of 20 on 2 cores, every restart
 * slowed by about a second (1050, 1027, 1130, 1683, 2301 ms): 131 to 152 / 80 to 135 ms. A
 * conforming daemon reaches 170 ms only when every restart is slowed by 70·2^i ms or more (over
 * 1.1 s before the fifth) and the fifth by a second more than the quickest before it as well.
 */
export const FIRST_DELAY_CEILING_MS = 170;

/**
 * `startTimesMs`: when the container started, in ms, the first start first: element i+1 is
 * restart number i. Returns a diagnostic per gap that breaks the model.
 */
export function verifyRestartBackoff(startTimesMs: readonly number[], options: RestartBackoffOptions = {}): Diagnostic[] {
  const tolerance = options.toleranceMs ?? DEFAULT_RESTART_TOLERANCE_MS;
  const invalid = startTimesMs.findIndex((t) => !Number.isFinite(t));
  if (invalid >= 0) return [violation('invalid-timestamp', `start time #${invalid} is not a finite number (${startTimesMs[invalid]})`)];
  const diagnostics: Diagnostic[] = [];
  let previousGap = -Infinity;
  for (let i = 0; i + 1 < startTimesMs.length; i++) {
    const gap = startTimesMs[i + 1]! - startTimesMs[i]!;
    if (gap < 0) {
      diagnostics.push(violation('timestamps-not-increasing', `start time #${i + 1} (${startTimesMs[i + 1]}) is before start time #${i} (${startTimesMs[i]})`));
      return diagnostics;
    }
    const expected = expectedDelayMs(i, options.maxDelayMs);
    if (gap < expected - tolerance) {
      diagnostics.push(
        violation(
          'restart-too-early',
          `restart #${i + 1} came ${round(gap)} ms after the previous start; the delay alone should be ${expected} ms (tolerance ${tolerance} ms)`,
        ),
      );
    }
    if (gap < previousGap - tolerance) {
      diagnostics.push(
        violation(
          'restart-gap-shrank',
          `the gap before restart #${i + 1} (${round(gap)} ms) is shorter than the one before it (${round(previousGap)} ms); ` +
            `the delay should double (tolerance ${tolerance} ms)`,
        ),
      );
    }
    previousGap = gap;
  }
  return diagnostics;
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
