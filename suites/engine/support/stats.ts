/**
 * Reading GET /containers/(id)/stats in checks: a bounded read of the stream of stats objects
 * (json-stream-read.ts) that ends when the target closes it, when the check has the readings it
 * needs, or at a deadline.
 */
import type { Query } from '../../../harness/protocol/query.ts';
import type { EngineContext } from './context.ts';
import { drainWithin } from './drain.ts';
import { readJsonStream } from './json-stream-read.ts';

export type StatsObject = Record<string, unknown>;

export interface StatsRead {
  status: number;
  contentType: string;
  readings: StatsObject[];
  /** When each reading arrived (ms since the request). */
  arrivals: number[];
  /** Violations the JSON-stream verifier found (not JSON, not an object, truncated). */
  problems: string[];
  /** True when the target ended the stream itself. */
  endedByTarget: boolean;
}

export interface StatsReadOptions {
  /** Close the stream once this many readings arrived. */
  readings?: number;
  deadlineMs?: number;
}

export async function readStats(ctx: EngineContext, id: string, query: Query = {}, opts: StatsReadOptions = {}): Promise<StatsRead> {
  const startedAt = Date.now();
  const res = await ctx.api.stream('GET', `/containers/${id}/stats`, { query });
  const head = { status: res.status, contentType: res.headers['content-type'] ?? '' };
  if (res.status !== 200) {
    // An answer that is not the stream may still never end (a stream sent under the wrong code):
    // what it sends within a second is read for the transcript, then the check closes it.
    await drainWithin(res, 1000);
    return { ...head, readings: [], arrivals: [], problems: [], endedByTarget: false };
  }
  const enough = opts.readings === undefined ? undefined : (values: StatsObject[]) => values.length >= opts.readings!;
  const read = await readJsonStream<StatsObject>(res, { deadlineMs: opts.deadlineMs ?? 6000, startedAt, ...(enough ? { enough } : {}) });
  return { ...head, readings: read.values, arrivals: read.arrivals, problems: read.problems, endedByTarget: read.endedByTarget };
}

/** The least time a check waits for a stream's second reading (what the checks waited before it grew with the run's time-out). */
const SECOND_READING_MIN_MS = 8000;

/**
 * How long a check waits for the second reading of a stream: the interval between readings is "not
 * shown", so a target may sample slowly. Each reading gets the run's time-out (the first after the
 * request, the second after the first), never less than 8 s.
 */
export const secondReadingMs = (ctx: EngineContext): number => Math.max(SECOND_READING_MIN_MS, 2 * ctx.base.timeoutMs);

/**
 * A stream asked to continue did not stop at its first reading: a target that ended it after one
 * reading (or sent none within the wait) breaks the continuing stream, and fails `requirement`.
 * A stream still open with one reading is left to secondReadingOrUnverified.
 */
export function expectStreamGoesOn(ctx: EngineContext, read: StatsRead, what: string, requirement?: string): void {
  ctx.expect(read.readings.length >= 2 || (read.readings.length === 1 && !read.endedByTarget), what, {
    expected: '2 readings or more, or one reading with the stream still open',
    actual: `${read.readings.length} reading(s), stream ${read.endedByTarget ? 'ended by the target' : 'still open'}`,
    ...(requirement ? { requirement } : {}),
  });
}

/** Why no second reading could be judged: the stream stayed open with one reading, and the interval is not shown (undefined when two arrived). */
export function noSecondReading(ctx: EngineContext, read: StatsRead): string | undefined {
  if (read.readings.length >= 2) return undefined;
  return (
    `no second reading arrived within ${secondReadingMs(ctx)} ms (twice the run's time-out, at least ${SECOND_READING_MIN_MS} ms) ` +
    `while the stream stayed open: the interval between readings is not shown, so a target sampling more slowly than that breaks no rule`
  );
}

/**
 * The check needs a second reading: a stream that ended without one fails (expectStreamGoesOn); one
 * still open with a single reading at the wait's end ends the check unverified, with the cause.
 */
export function secondReadingOrUnverified(ctx: EngineContext, read: StatsRead, what: string, requirement?: string): void {
  expectStreamGoesOn(ctx, read, what, requirement);
  const cause = noSecondReading(ctx, read);
  if (cause) ctx.unverified(cause);
}
