import type { EngineVersion } from '../../../harness/catalog/types.ts';
import { hijack, type HijackedConnection, type HijackOptions } from '../../../harness/target/hijack.ts';
import type { HttpResponse, HttpTransport, RequestOptions, StreamingResponse } from '../../../harness/target/http-transport.ts';
import type { Transcript } from '../../../harness/target/transcript.ts';
import type { Query } from '../../../harness/protocol/query.ts';

export type CallOptions = Omit<RequestOptions, 'method' | 'path'>;

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

  /** /v1.22/containers/json */
  path(path: string): string {
    return `/v${this.version}${path}`;
  }

  async request(method: string, path: string, opts: CallOptions = {}): Promise<HttpResponse> {
    const full = this.path(path);
    const res = await this.transport.request({ ...opts, method, path: full }, this.transcript);
    this.onAnswer?.(method, full, res);
    return res;
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
    return this.transport.stream({ ...opts, method, path: this.path(path) }, this.transcript);
  }

  /** A request outside the version prefix (unversioned or another version), as written. */
  raw(method: string, fullPath: string, opts: CallOptions = {}): Promise<HttpResponse> {
    return this.transport.request({ ...opts, method, path: fullPath }, this.transcript);
  }

  /** Attach, logs and exec start: the connection is taken over after the response head. */
  hijack(method: string, path: string, opts: Omit<HijackOptions, 'method' | 'path' | 'timeoutMs'> & { timeoutMs?: number }): Promise<HijackedConnection> {
    return hijack(
      this.transport.endpoint,
      { ...opts, method, path: this.path(path), timeoutMs: opts.timeoutMs ?? this.transport.options.timeoutMs },
      this.transcript,
    );
  }
}
