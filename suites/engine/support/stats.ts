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
