/**
 * The route table of the engine reference daemon and the context a route handler receives.
 * CONTRACT: the images engineer registers the image routes through `Router.add`; handlers answer
 * through the `RouteContext` helpers (or `res` directly) and signal errors by throwing `HttpError`.
 */
import type { ExchangeMutation } from './mutation-exchange.ts';
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import type { FaultSet } from '../faults.ts';
import type { VendorProfileName } from '../../../harness/profile.ts';

export type ApiVersion = '1.18' | '1.22';
export const API_VERSIONS: readonly ApiVersion[] = ['1.18', '1.22'];

/**
 * An error answer. Text/plain with a trailing newline like the real daemon at these versions,
 * or a JSON `{message}` body where the spec asks for one (archive 400/404).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: 'text' | 'json' = 'text',
  ) {
    super(message);
  }
}

/** A writer of newline-separated JSON objects in a 200 body (stats, events, progress). */
export interface JsonStreamWriter {
  write(value: unknown): void;
  /** Writes a line of text as it is, not as a JSON value (`blind28-build-quiet-bare-id-text`). */
  text?(line: string): void;
  end(): void;
  /** Resolves when the client goes away (or end() was called). */
  readonly closed: Promise<void>;
  readonly isClosed: boolean;
}

export interface RouteContext {
  version: ApiVersion;
  req: http.IncomingMessage;
  res: http.ServerResponse;
  params: Record<string, string>;
  query: URLSearchParams;
  body(): Promise<Buffer>;
  /** The body parsed as JSON; throws HttpError 400 on an empty or malformed body. */
  json<T>(): Promise<T>;
  /** Like json() but an empty body gives undefined. */
  optionalJson<T>(): Promise<T | undefined>;
  faults: FaultSet;
  profile: VendorProfileName;
  /** Spells a neutral identifier (`application/vnd.vendor.raw-stream`) in the server's profile. */
  spell(text: string): string;
  /** A boolean query parameter by the daemon's rules (`''`, 0, no, false, none are false). */
  bool(name: string, fallback?: boolean): boolean;
  /** An integer query parameter; when present and not an integer, the endpoint's bad-parameter refusal (badParameter). */
  int(name: string): number | undefined;
  /** The `filters` parameter as a map of lists (also the `{"k":{"v":true}}` form); 500 on malformed JSON, 400 or 500 on another shape (query.ts). */
  filters(): Map<string, string[]>;
  /** The refusal of a bad parameter: 400 where the endpoint lists it, else 500 (badParameterStatus in catalog-endpoint.ts). */
  badParameter(message: string): HttpError;
  sendJson(status: number, value: unknown): void;
  /** A bodiless answer (204, 304, 201 ...). */
  sendStatus(status: number, contentType?: string): void;
  jsonStream(contentType?: string): JsonStreamWriter;
  /**
   * Takes the connection over: writes `101 UPGRADED` (when the client asked to upgrade) or `200 OK`
   * with no length, then hands back the raw socket. Only routes served over a hijackable
   * connection (attach, exec start) can use it.
   */
  hijack(contentType: string): Duplex;
  /** True when the request carried `Upgrade: tcp` / `Connection: Upgrade`. */
  wantsUpgrade: boolean;
  /** Completes the RFC 6455 handshake (attach/ws); HttpError 400 when the request is not one. */
  webSocket(): Promise<WebSocket>;
  /** The mutation hook's part in this exchange, when one is set (mutation-exchange.ts). */
  exchange?: ExchangeMutation;
}

export type RouteHandler = (ctx: RouteContext) => Promise<void> | void;
export interface RouteOptions {
  versions?: ApiVersion[];
}

export interface Router {
  /** pathTemplate: `/containers/{id}/start`; `{name*}` matches across slashes (image names). */
  add(method: string, pathTemplate: string, handler: RouteHandler, opts?: RouteOptions): void;
}

export interface RouteMatch {
  handler: RouteHandler;
  params: Record<string, string>;
  versions: ApiVersion[];
}

interface Route {
  method: string;
  pattern: RegExp;
  names: string[];
  staticSegments: number;
  handler: RouteHandler;
  versions: ApiVersion[];
}

/** The table; `match` prefers the route with the most literal segments, then registration order. */
export class RouteTable implements Router {
  private readonly routes: Route[] = [];

  add(method: string, pathTemplate: string, handler: RouteHandler, opts: RouteOptions = {}): void {
    const names: string[] = [];
    const source = pathTemplate.replace(/[.+?^$()[\]|\\]/g, '\\$&').replace(/\{(\w+)(\*?)\}/g, (_m, name: string, greedy: string) => {
      names.push(name);
      return greedy ? '(.+?)' : '([^/]+)';
    });
    const staticSegments = pathTemplate.split('/').filter((s) => s && !s.startsWith('{')).length;
    this.routes.push({
      method: method.toUpperCase(),
      pattern: new RegExp(`^${source}/?$`),
      names,
      staticSegments,
      handler,
      versions: opts.versions ?? [...API_VERSIONS],
    });
  }

  /** `methodMismatch` tells a 404 (no such path) from a 405-like miss; the daemon answers both 404. */
  match(method: string, path: string): RouteMatch | undefined {
    let best: { route: Route; params: Record<string, string> } | undefined;
    for (const route of this.routes) {
      if (route.method !== method && !(method === 'HEAD' && route.method === 'GET' && !this.hasHead(path))) continue;
      const m = route.pattern.exec(path);
      if (!m) continue;
      if (best && best.route.staticSegments >= route.staticSegments) continue;
      const params: Record<string, string> = {};
      route.names.forEach((name, i) => (params[name] = decodeURIComponent(m[i + 1]!)));
      best = { route, params };
    }
    return best && { handler: best.route.handler, params: best.params, versions: best.route.versions };
  }

  private hasHead(path: string): boolean {
    return this.routes.some((r) => r.method === 'HEAD' && r.pattern.test(path));
  }
}
