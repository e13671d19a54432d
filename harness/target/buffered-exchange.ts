import type { Dispatcher } from 'undici';
import { TargetError } from './errors.ts';

/** A request whose response is read whole: the head and the body's bytes as they came on the wire. */
export interface BufferedExchange {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface BufferedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer | string;
  /** The whole exchange's deadline, from dispatch to the body's last byte. */
  timeoutMs: number;
  /** Bytes of body past which the exchange is given up (TargetError 'too-large'). */
  maxBodyBytes: number;
  /** Names the request in errors. */
  what: string;
}

/** The error a deadline aborts an exchange with; errors.ts maps its name to a timeout. */
function deadlinePassed(what: string): Error {
  return Object.assign(new Error(`${what}: timed out`), { name: 'TimeoutError' });
}

/**
 * Sends a request through the dispatcher and collects its response in memory. A handler of
 * undici's dispatch rather than its `request` API: `request` hands the body over as a Readable
 * read through an async iterator, under an AbortSignal of its own, about 40 µs of CPU per
 * exchange more on a small JSON answer (about half of the client's cost), and a run sends
 * thousands of them. Failures are undici's own errors (or a TargetError for the cap): the
 * caller maps them.
 */
export function exchangeBuffered(dispatcher: Dispatcher, req: BufferedRequest): Promise<BufferedExchange> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let statusCode = 0;
    let headers: Record<string, string | string[] | undefined> = {};
    let controller: Dispatcher.DispatchController | undefined;
    let settled = false;
    const settle = (err: unknown, value?: BufferedExchange): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (err) reject(err);
      else resolve(value!);
    };
    const abort = (err: Error): void => {
      controller?.abort(err);
      settle(err);
    };
    const timer = setTimeout(() => abort(deadlinePassed(req.what)), req.timeoutMs);
    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(c) {
        controller = c;
        // The deadline passed while the request waited for its connection.
        if (settled) c.abort(deadlinePassed(req.what));
      },
      onResponseStart(_c, status, head) {
        statusCode = status;
        headers = head as Record<string, string | string[] | undefined>;
      },
      onResponseData(_c, chunk) {
        size += chunk.length;
        if (size > req.maxBodyBytes) return abort(new TargetError(`${req.what}: response body exceeds the ${req.maxBodyBytes}-byte cap`, 'too-large'));
        chunks.push(chunk);
      },
      onResponseEnd() {
        settle(undefined, { statusCode, headers, body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size) });
      },
      onResponseError(_c, err) {
        settle(err);
      },
    };
    try {
      dispatcher.dispatch(
        {
          method: req.method as Dispatcher.HttpMethod,
          path: req.path,
          headers: req.headers,
          ...(req.body !== undefined ? { body: req.body } : {}),
          headersTimeout: req.timeoutMs,
          bodyTimeout: req.timeoutMs,
        },
        handler,
      );
    } catch (err) {
      settle(err);
    }
  });
}
