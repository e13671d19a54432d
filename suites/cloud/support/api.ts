import type { HttpResponse, HttpTransport, RequestOptions } from '../../../harness/target/http-transport.ts';
import type { Transcript } from '../../../harness/target/transcript.ts';
import { openWebSocket, type WebSocketSession } from '../../../harness/target/websocket.ts';
import type { TargetEndpoint } from '../../../harness/target/endpoint.ts';
import type { Query } from '../../../harness/protocol/query.ts';
import type { Credentials } from '../../../harness/run/config.ts';
import { basicAuth } from '../../../harness/target/basic-auth.ts';
import { TargetError } from '../../../harness/target/errors.ts';

export type CloudCallOptions = Omit<RequestOptions, 'method' | 'path'>;

/**
 * Checks follow the URIs the target answers with (resource_uri, a list's next, a Stream API path
 * built on a resource_uri): one that is not a path (left out, null, another type) is the target's
 * malformed answer, not the suite's error.
 */
function askable(method: string, path: unknown): asserts path is string {
  if (typeof path !== 'string' || !path.startsWith('/'))
    throw new TargetError(`${method} ${JSON.stringify(path) ?? 'undefined'}: a URI the target answered with is not a path to ask`, 'malformed');
}

/**
 * The cloud API as one user sees it: REST calls with Basic auth and `Accept: application/json`
 * (the spec: every REST request sends both), Stream sessions with the same header on the
 * upgrade. `credentials: null` sends no Authorization at all.
 */
export class CloudApi {
  constructor(
    private readonly rest: HttpTransport,
    private readonly stream: TargetEndpoint,
    private readonly transcript: Transcript,
    readonly credentials: Credentials | null,
    private readonly timeoutMs: number,
    /** Sees every buffered REST answer (the judge of every exchange). */
    private readonly onAnswer?: (method: string, path: string, res: HttpResponse) => void,
  ) {}

  /** The same API as another user (or as nobody, with null). */
  as(credentials: Credentials | null): CloudApi {
    return new CloudApi(this.rest, this.stream, this.transcript, credentials, this.timeoutMs, this.onAnswer);
  }

  private headers(extra?: Record<string, string>): Record<string, string> {
    return { accept: 'application/json', ...(this.credentials ? { authorization: basicAuth(this.credentials) } : {}), ...extra };
  }

  async request(method: string, path: string, opts: CloudCallOptions = {}): Promise<HttpResponse> {
    askable(method, path);
    const res = await this.rest.request({ ...opts, method, path, headers: this.headers(opts.headers) }, this.transcript);
    this.onAnswer?.(method, path, res);
    return res;
  }

  /** A call the judge of every exchange does not see: for checks that grade the status themselves (the negative sweep). */
  unjudged(method: string, path: string, opts: CloudCallOptions = {}): Promise<HttpResponse> {
    askable(method, path);
    return this.rest.request({ ...opts, method, path, headers: this.headers(opts.headers) }, this.transcript);
  }

  get(path: string, query?: Query): Promise<HttpResponse> {
    return this.request('GET', path, query ? { query } : {});
  }

  post(path: string, json?: unknown, query?: Query): Promise<HttpResponse> {
    return this.request('POST', path, { ...(json !== undefined ? { json } : {}), ...(query ? { query } : {}) });
  }

  patch(path: string, json: unknown): Promise<HttpResponse> {
    return this.request('PATCH', path, { json });
  }

  delete(path: string): Promise<HttpResponse> {
    return this.request('DELETE', path);
  }

  /** A Stream API session (WebSocket) on the stream target, authenticated like REST; `connection` replaces the Connection header ws sends. */
  openStream(path: string, query?: Query, headers?: Record<string, string>, connection?: string): Promise<WebSocketSession> {
    askable('GET', path);
    const wire = { path, ...(query ? { query } : {}), ...(connection === undefined ? {} : { connection }) };
    return openWebSocket(this.stream, { ...wire, headers: this.headers(headers), timeoutMs: this.timeoutMs }, this.transcript);
  }
}
