/**
 * Reading GET /containers/(id)/stats in checks: a bounded read of the stream of stats objects
 * (harness/protocol/json-stream.ts) that ends when the target closes it, when the check has the
 * readings it needs, or at a deadline.
 */
import { JsonStreamDecoder } from '../../../harness/protocol/json-stream.ts';
import type { Query } from '../../../harness/protocol/query.ts';
import type { EngineContext } from './context.ts';

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
  const started = Date.now();
  const res = await ctx.api.stream('GET', `/containers/${id}/stats`, { query });
  const result: StatsRead = { status: res.status, contentType: res.headers['content-type'] ?? '', readings: [], arrivals: [], problems: [], endedByTarget: false };
  if (res.status !== 200) {
    for await (const _ of res.chunks) void _;
    return result;
  }
  const decoder = new JsonStreamDecoder();
  let closedByCheck = false;
  const close = (): void => {
    closedByCheck = true;
    res.close();
  };
  const timer = setTimeout(close, opts.deadlineMs ?? 6000);
  const take = (events: ReturnType<JsonStreamDecoder['push']>): void => {
    for (const e of events) {
      if (e.kind === 'value') {
        result.readings.push(e.value as StatsObject);
        result.arrivals.push(Date.now() - started);
      } else if (e.diagnostic.severity !== 'observation') result.problems.push(e.diagnostic.message);
    }
  };
  try {
    for await (const chunk of res.chunks) {
      take(decoder.push(chunk));
      if (opts.readings !== undefined && result.readings.length >= opts.readings) {
        close();
        break;
      }
    }
    if (!closedByCheck) take(decoder.end());
  } catch (err) {
    if (!closedByCheck) throw err;
  } finally {
    clearTimeout(timer);
  }
  result.endedByTarget = !closedByCheck;
  return result;
}
