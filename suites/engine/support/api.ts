import type { EngineVersion } from '../../../harness/catalog/types.ts';
import { hijack, type HijackedConnection, type HijackOptions } from '../../../harness/target/hijack.ts';
import { type IdleOutcome, leftIdle } from '../../../harness/target/idle-connection.ts';
import { type KeptAliveConnection, openKeptAlive } from '../../../harness/target/kept-alive.ts';
import type { HttpResponse, HttpTransport, RequestOptions, StreamingResponse } from '../../../harness/target/http-transport.ts';
import type { Transcript } from '../../../harness/target/transcript.ts';
import { encodeQuery, type Query } from '../../../harness/protocol/query.ts';

export type CallOptions = Omit<RequestOptions, 'method' | 'path'> & {
  /**
   * Sent as written even while a respell is set: the request without a parameter that a check
   * compares that parameter's stated default with (a respell would add the default to it).
   */
  asWritten?: boolean;
};

/** Rewrites a request's path and query as sent (method, `/v1.22/...?query`), e.g. to spell its booleans another way. */
export type Respell = (method: string, pathWithQuery: string) => string;

/**
 * The engine API at one version, as a check sees it: paths are written without the version
 * prefix (as the spec writes them) and every exchange lands in the check's transcript.
 */
export class EngineApi {
  constructor(
    private readonly transport: HttpTransport,
    readonly version: EngineVersion,
    private readonly transcript: Transcript,
    /** Sees every buffered answer of a versioned request (the judge of every exchange). */
    private readonly onAnswer?: (method: string, path: string, res: HttpResponse) => void,
  ) {}

  /** While set, every versioned request goes out as it rewrites it (boolean-spellings.ts). */
  respell: Respell | undefined;

  /** /v1.22/containers/json */
  path(path: string): string {
    return `/v${this.version}${path}`;
  }

  async request(method: string, path: string, opts: CallOptions = {}): Promise<HttpResponse> {
    const sent = this.sent(method, path, opts);
    const res = await this.transport.request(sent, this.transcript);
    this.onAnswer?.(method, sent.path, res);
    return res;
  }

  /** The versioned path and query of a request made outside this class (a WebSocket), as they go out. */
  wire(method: string, path: string, query: Query): { path: string; query?: Query } {
    const { path: sent, query: left } = this.sent(method, path, { query });
    return { path: sent, ...(left ? { query: left } : {}) };
  }

  /** The method, versioned path and options as they go out: the query folded into the path where a respell is set. */
  private sent<O extends { query?: Query; asWritten?: boolean }>(
    method: string,
    path: string,
    opts: O,
  ): Omit<O, 'asWritten'> & { method: string; path: string } {
    const full = this.path(path);
    const { asWritten, ...given } = opts;
    if (!this.respell || asWritten) return { ...given, method, path: full };
    const { query, ...rest } = given;
    return { ...(rest as Omit<O, 'asWritten'>), method, path: this.respell(method, full + encodeQuery(query)) };
  }

  get(path: string, query?: Query, opts: CallOptions = {}): Promise<HttpResponse> {
    return this.request('GET', path, { ...opts, ...(query ? { query } : {}) });
  }

  post(path: string, opts: CallOptions = {}): Promise<HttpResponse> {
    return this.request('POST', path, opts);
  }

  delete(path: string, query?: Query): Promise<HttpResponse> {
    return this.request('DELETE', path, query ? { query } : {});
  }

  /** A request whose body is read as it arrives (events, stats, logs with follow). */
  stream(method: string, path: string, opts: CallOptions = {}): Promise<StreamingResponse> {
    return this.transport.stream(this.sent(method, path, opts), this.transcript);
  }

  /** A request outside the version prefix (unversioned or another version), as written. */
  raw(method: string, fullPath: string, opts: CallOptions = {}): Promise<HttpResponse> {
    return this.transport.request({ ...opts, method, path: fullPath }, this.transcript);
  }

  /** A streamed request outside the version prefix (another version's events), as written. */
  rawStream(method: string, fullPath: string, opts: CallOptions = {}): Promise<StreamingResponse> {
    return this.transport.stream({ ...opts, method, path: fullPath }, this.transcript);
  }

  /** Attach, logs and exec start: the connection is taken over after the response head. */
  hijack(method: string, path: string, opts: Omit<HijackOptions, 'method' | 'path' | 'timeoutMs'> & { timeoutMs?: number }): Promise<HijackedConnection> {
    return hijack(
      this.transport.endpoint,
      { ...this.sent(method, path, opts), timeoutMs: opts.timeoutMs ?? this.transport.options.timeoutMs },
      this.transcript,
    );
  }

  /** A connection of its own, kept alive across the requests sent on it (paths as written, outside the version prefix). */
  keptAlive(): KeptAliveConnection {
    return openKeptAlive(this.transport.endpoint, this.transport.options, this.transcript);
  }

  /** Writes `bytes` as written on a connection of its own and leaves it idle for `waitMs`: whether the target closed it. */
  leftIdle(bytes: string, waitMs: number): Promise<IdleOutcome> {
    return leftIdle(this.transport.endpoint, bytes, waitMs, this.transport.options.timeoutMs);
  }
}
