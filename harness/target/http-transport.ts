import { createRequire } from 'node:module';
import type { Dispatcher, Pool } from 'undici';
import { jsonDepthProblem } from '../protocol/json-depth.ts';
import { encodeQuery, type Query } from '../protocol/query.ts';
import type { TranscriptEntry } from '../check/outcome.ts';
import { decodeContentEncoding } from './content-encoding.ts';
import { asTargetError, TargetError } from './errors.ts';
import { loadTls, type TargetEndpoint } from './endpoint.ts';
import { showBytes, type Transcript } from './transcript.ts';
import { exchangeBuffered } from './buffered-exchange.ts';

export interface TransportOptions {
  timeoutMs: number;
  /** Hard cap on a buffered response body; larger bodies are a TargetError('too-large'). */
  maxBodyBytes: number;
  /** Headers sent on every request (e.g. Authorization for the cloud API). */
  defaultHeaders?: Record<string, string>;
  /** At most this many connections at once (default: no cap). */
  connections?: number;
}

export interface RequestOptions {
  method: string;
  path: string;
  query?: Query;
  headers?: Record<string, string>;
  /** A JSON value to send with Content-Type: application/json. */
  json?: unknown;
  /** Raw bytes or text to send as is. */
  body?: Buffer | string;
  timeoutMs?: number;
  maxBodyBytes?: number;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  durationMs: number;
  text(): string;
  /** Parses the body as JSON; throws a TargetError naming the request when it is not JSON. */
  json<T = unknown>(): T;
}

export interface StreamingResponse {
  status: number;
  headers: Record<string, string>;
  /** The body as it arrives; ends when the target closes it or close() is called. */
  chunks: AsyncIterable<Buffer>;
  close(): void;
}

type PoolClass = typeof Pool;
type RequestOf = (this: Dispatcher, options: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>;

/**
 * undici's Pool and its request. The package's index loads all of undici (fetch, WebSocket,
 * caches, mocks, and with them Node's own bundled undici): ~90 ms of CPU in each process of a run,
 * where the pool and request alone take ~25 ms. Should a later undici move them, the index.
 */
function loadUndici(): { Pool: PoolClass; request: RequestOf } {
  const requireHere = createRequire(import.meta.url);
  try {
    return { Pool: requireHere('undici/lib/dispatcher/pool.js') as PoolClass, request: requireHere('undici/lib/api/api-request.js') as RequestOf };
  } catch {
    const undici = requireHere('undici') as { Pool: PoolClass };
    return { Pool: undici.Pool, request: undici.Pool.prototype.request as RequestOf };
  }
}

const undici = loadUndici();

/** One HTTP client per target endpoint (undici Pool over TCP, TLS or a unix socket). */
/** A 2xx status: the request succeeded. */
export const isSuccess = (status: number): boolean => status >= 200 && status < 300;

export class HttpTransport {
  private readonly pool: Pool;
  private opened = 0;

  constructor(
    readonly endpoint: TargetEndpoint,
    readonly options: TransportOptions,
  ) {
    const tls = endpoint.tls ? loadTls(endpoint.tls) : {};
    this.pool = new undici.Pool(endpoint.origin, {
      // No cap: a request that waited for a free connection (streams of other checks can hold
      // them all) used up its deadline in the queue and was reported as the target's silence.
      // The checks' concurrency bounds the connections.
      connections: options.connections ?? null,
      connect: { ...(endpoint.socketPath ? { socketPath: endpoint.socketPath } : {}), ...tls },
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
    this.pool.on('connect', () => this.opened++);
  }

  /** How many connections the transport has opened so far. */
  get connectionsOpened(): number {
    return this.opened;
  }

  async request(opts: RequestOptions, transcript?: Transcript): Promise<HttpResponse> {
    const started = Date.now();
    const { path, headers, body, what, entry } = this.begin(opts, transcript);
    const cap = opts.maxBodyBytes ?? this.options.maxBodyBytes;
    try {
      const timeoutMs = opts.timeoutMs ?? this.options.timeoutMs;
      const res = await exchangeBuffered(this.pool, {
        method: opts.method,
        path,
        headers,
        ...(body !== undefined ? { body } : {}),
        timeoutMs,
        maxBodyBytes: cap,
        what,
      });
      const head = flatHeaders(res.headers);
      const response = makeResponse(res.statusCode, head, await receivedBody(res.statusCode, head, res.body, cap, what, entry), Date.now() - started, what);
      if (entry) entry.durationMs = response.durationMs;
      return response;
    } catch (err) {
      throw failed(err, what, entry, started);
    }
  }

  /** A request whose body is consumed as it arrives (events, stats, logs with follow). */
  async stream(opts: RequestOptions, transcript?: Transcript): Promise<StreamingResponse> {
    const controller = new AbortController();
    const started = Date.now();
    const { res, entry } = await this.send(opts, transcript, controller.signal, started);
    const responseHeaders = flatHeaders(res.headers);
    if (entry) entry.response = { status: res.statusCode, headers: responseHeaders };
    const chunks = recordChunks(res.body as AsyncIterable<Buffer>, entry, transcript, started);
    return {
      status: res.statusCode,
      headers: responseHeaders,
      chunks,
      close: () => {
        controller.abort();
        res.body.destroy();
      },
    };
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }

  /** Records the request in the transcript and dispatches it; answers once the response head is in. */
  private async send(
    opts: RequestOptions,
    transcript: Transcript | undefined,
    signal: AbortSignal,
    started: number,
  ): Promise<{ res: Dispatcher.ResponseData; entry: TranscriptEntry | undefined }> {
    const { path, headers, body, what, entry } = this.begin(opts, transcript);
    try {
      const res = await undici.request.call(this.pool, {
        method: opts.method as Dispatcher.HttpMethod,
        path,
        headers,
        body,
        signal,
        headersTimeout: opts.timeoutMs ?? this.options.timeoutMs,
        // The body of a stream comes when the target has something to say.
        bodyTimeout: 0,
      });
      return { res, entry };
    } catch (err) {
      throw failed(err, what, entry, started);
    }
  }

  /** The request as sent, named for errors, and its entry in the transcript. */
  private begin(opts: RequestOptions, transcript: Transcript | undefined) {
    const { path, headers, body } = this.prepare(opts);
    const entry = transcript?.record({ kind: 'http', request: { method: opts.method, path, headers, body: showBytes(body) } });
    return { path, headers, body, what: `${opts.method} ${path}`, entry };
  }

  private prepare(opts: RequestOptions): { path: string; headers: Record<string, string>; body?: Buffer | string } {
    const path = opts.path + encodeQuery(opts.query);
    const headers: Record<string, string> = { ...this.options.defaultHeaders, ...opts.headers };
    let body = opts.body;
    if (opts.json !== undefined) {
      body = JSON.stringify(opts.json);
      headers['content-type'] ??= 'application/json';
    }
    return { path, headers, body };
  }
}

/**
 * The target's failure as a TargetError, noted on the transcript entry with the time it took (a
 * request that timed out waited its whole deadline: the time profile names it as the wait).
 */
function failed(err: unknown, what: string, entry: TranscriptEntry | undefined, started: number): unknown {
  const mapped = asTargetError(err, what);
  if (entry) {
    entry.error = (mapped as Error).message;
    entry.durationMs = Date.now() - started;
  }
  return mapped;
}

/** The streamed body as it arrives, each chunk noted on the transcript; the exchange's time runs until the stream ends or is closed. */
async function* recordChunks(
  source: AsyncIterable<Buffer>,
  entry: TranscriptEntry | undefined,
  transcript: Transcript | undefined,
  started: number,
): AsyncIterable<Buffer> {
  try {
    for await (const chunk of source) {
      if (entry && transcript) transcript.appendStream(entry, 'received', chunk);
      yield chunk;
    }
  } catch (err) {
    const e = err as { name?: string; code?: string };
    if (e?.name === 'AbortError' || e?.code === 'UND_ERR_ABORTED') return;
    throw asTargetError(err, 'reading a streamed response');
  } finally {
    if (entry) entry.durationMs = Date.now() - started;
  }
}

/**
 * The body as checks read it: its Content-Encoding undone (within the cap), and refused when
 * nested past any documented depth, whoever reads it next: a recursive reader (schema validation,
 * deep comparison, a report's JSON) would otherwise overflow its stack. The transcript keeps the
 * bytes as they came, and the decoded ones when they differ.
 */
async function receivedBody(
  status: number,
  headers: Record<string, string>,
  wire: Buffer,
  cap: number,
  what: string,
  entry: TranscriptEntry | undefined,
): Promise<Buffer> {
  if (entry) entry.response = { status, headers, body: showBytes(wire) };
  const body = await decodeContentEncoding(wire, headers['content-encoding'], cap, what);
  if (entry?.response && body !== wire) entry.response.body = showBytes(body);
  const deep = jsonDepthProblem(body);
  if (deep) throw new TargetError(`${what}: the body is ${deep}`, 'malformed');
  return body;
}

export function flatHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

export function makeResponse(status: number, headers: Record<string, string>, body: Buffer, durationMs: number, what: string): HttpResponse {
  return {
    status,
    headers,
    body,
    durationMs,
    text: () => body.toString('utf8'),
    json<T>(): T {
      try {
        return JSON.parse(body.toString('utf8')) as T;
      } catch {
        throw new TargetError(`${what}: body is not JSON: ${showBytes(body.subarray(0, 200))}`, 'malformed');
      }
    },
  };
}
