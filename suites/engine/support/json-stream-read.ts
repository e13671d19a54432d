/**
 * A bounded read of a streamed answer made of JSON objects (events, stats), decoded with the
 * suite's own verifier (harness/protocol/json-stream.ts). The read ends when the target closes
 * the stream, when the check has what it waits for (`enough`), or at the deadline; it never hangs.
 */
import { JsonStreamDecoder } from '../../../harness/protocol/json-stream.ts';
import type { StreamingResponse } from '../../../harness/target/http-transport.ts';

export interface JsonStreamRead<T> {
  values: T[];
  /** When each value arrived (ms since `startedAt`). */
  arrivals: number[];
  /** Violations the verifier found (not JSON, not an object, truncated). */
  problems: string[];
  /** True when the target ended the stream itself; false when the check closed it. */
  endedByTarget: boolean;
}

export interface JsonStreamReadOptions<T> {
  /** Close the stream once this holds for the values so far. */
  enough?: (values: T[]) => boolean;
  deadlineMs: number;
  /** The time the request was sent (Date.now()), for `arrivals`; default: when the read starts. */
  startedAt?: number;
}

export async function readJsonStream<T>(res: StreamingResponse, opts: JsonStreamReadOptions<T>): Promise<JsonStreamRead<T>> {
  const started = opts.startedAt ?? Date.now();
  const read: JsonStreamRead<T> = { values: [], arrivals: [], problems: [], endedByTarget: false };
  const decoder = new JsonStreamDecoder();
  let closedByCheck = false;
  const close = (): void => {
    closedByCheck = true;
    res.close();
  };
  const take = (items: ReturnType<JsonStreamDecoder['push']>): void => {
    for (const item of items) {
      if (item.kind === 'value') {
        read.values.push(item.value as T);
        read.arrivals.push(Date.now() - started);
      } else if (item.diagnostic.severity === 'violation') read.problems.push(item.diagnostic.message);
    }
  };
  const timer = setTimeout(close, opts.deadlineMs);
  try {
    for await (const chunk of res.chunks) {
      take(decoder.push(chunk));
      if (opts.enough?.(read.values)) {
        close();
        break;
      }
    }
    // A stream the check cut off may end inside an object: that is no fault of the target.
    if (!closedByCheck) take(decoder.end());
  } catch (err) {
    if (!closedByCheck) throw err;
  } finally {
    clearTimeout(timer);
  }
  read.endedByTarget = !closedByCheck;
  return read;
}
