/**
 * The node:http front of the engine reference daemon: version prefixes, the daemon's response
 * headers, error bodies, and the two ways a connection can be taken over (an `Upgrade` request
 * handed over by node, or a plain request answered `200` until close).
 */
import http from 'node:http';
import type net from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { API_VERSIONS, HttpError, type ApiVersion, type RouteTable } from './http/router.ts';
import { createContext, type Connection } from './http/context.ts';
import { spell, type VendorProfileName } from '../../harness/profile.ts';
import type { FaultSet } from './faults.ts';
import { applyAnswerFaults } from './answer-faults.ts';
import { applyQueryFaults } from './query-faults.ts';
import { catalogEndpointOf } from './http/catalog-endpoint.ts';
import { mutationExchange, type ExchangeMutation } from './http/mutation-exchange.ts';
import type { MutationHook } from '../../harness/mutation/hook.ts';

export const DAEMON_VERSION = '1.10.3';
const NEWEST: ApiVersion = '1.22';

export interface HttpFrontOptions {
  routes: RouteTable;
  faults: FaultSet;
  profile: VendorProfileName;
  /** The mutation hook set on the server, if any (harness/mutation/hook.ts). */
  mutation: { current?: MutationHook };
}

export interface HttpFront {
  server: http.Server;
  /** Destroys every open connection (hijacked ones included). */
  destroyConnections(): void;
}

export function createHttpFront(opts: HttpFrontOptions): HttpFront {
  const sockets = new Set<Duplex>();
  const hijacked = new WeakSet<Duplex>();
  const wss = new WebSocketServer({ noServer: true });
  const server = http.createServer((req, res) => {
    void dispatch(opts, req, res, plainConnection(req, hijacked));
  });
  server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    // Node hands an upgraded socket over without its error listener: a client that leaves before
    // the answer is written (EPIPE, ECONNRESET) would otherwise crash the process serving it.
    socket.on('error', () => socket.destroy());
    const res = new http.ServerResponse(req);
    res.assignSocket(socket as net.Socket);
    res.shouldKeepAlive = false;
    res.on('finish', () => socket.end());
    void dispatch(opts, req, res, upgradedConnection(req, socket, head, wss, opts.faults.has('blind34-hijack-early-stdin-dropped')));
  });
  server.on('clientError', (err: Error, socket: Duplex) => {
    if (hijacked.has(socket)) return; // stdin bytes on a 200-until-close stream are not HTTP
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy(err);
  });
  return {
    server,
    destroyConnections() {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      for (const client of wss.clients) client.terminate();
    },
  };
}

/** Splits `/v1.22/containers/json` into version and route path; throws 400 on an unsupported version. */
export function routeVersion(pathname: string, faults: FaultSet): { version: ApiVersion; path: string } {
  const m = /^\/v([0-9][0-9.]*)(\/.*)$/.exec(pathname);
  if (!m) return { version: NEWEST, path: pathname };
  const requested = m[1]!;
  if (requested === '1.18' && faults.has('v1.18-prefix-refused')) throw new HttpError(400, 'client version 1.18 is too old');
  if (requested === '1.22' && faults.has('v1.22-prefix-refused'))
    throw new HttpError(400, 'client version 1.22 is too new: the maximum supported API version is 1.18');
  if ((API_VERSIONS as readonly string[]).includes(requested)) return { version: requested as ApiVersion, path: m[2]! };
  if (faults.has('unsupported-version-served')) return { version: NEWEST, path: m[2]! };
  throw new HttpError(400, `client version ${requested} is not supported by this daemon: supported API versions are ${API_VERSIONS.join(', ')}`);
}

/** The version first seen on each connection (`blind25-version-per-connection`). */
const versionOfConnection = new WeakMap<object, ApiVersion>();

function connectionVersion(socket: object, requested: ApiVersion): ApiVersion {
  const first = versionOfConnection.get(socket);
  if (first) return first;
  versionOfConnection.set(socket, requested);
  return requested;
}

async function dispatch(opts: HttpFrontOptions, req: http.IncomingMessage, res: http.ServerResponse, connection: Connection): Promise<void> {
  setDaemonHeaders(res, opts.profile);
  if (opts.faults.has('cors-allow-all')) res.setHeader('Access-Control-Allow-Origin', '*');
  let exchange: ExchangeMutation | undefined;
  try {
    const url = new URL(req.url ?? '/', 'http://engine');
    const routed = routeVersion(url.pathname, opts.faults);
    const path = routed.path;
    // Under `blind25-version-per-connection` the version is parsed once per connection: later keep-alive requests keep the first one's.
    const version = opts.faults.has('blind25-version-per-connection') ? connectionVersion(req.socket, routed.version) : routed.version;
    const method = (req.method ?? 'GET').toUpperCase();
    const match = opts.routes.match(method, path);
    const servedAnyway =
      (opts.faults.has('v1.18-serves-volumes') && path.startsWith('/volumes')) ||
      (opts.faults.has('v1.18-serves-update') && path.endsWith('/update')) ||
      (opts.faults.has('v1.18-serves-archive') && path.endsWith('/archive')) ||
      (opts.faults.has('v1.18-serves-networks') && path.startsWith('/networks'));
    if (!match || (!match.versions.includes(version) && !servedAnyway)) throw new HttpError(404, '404 page not found');
    applyAnswerFaults(opts.faults, method, url.pathname, res);
    applyQueryFaults(opts.faults, method, url, (name) => spell(name, 'engine', opts.profile));
    const endpoint = opts.mutation.current && catalogEndpointOf(method, url.pathname);
    exchange = endpoint && mutationExchange(opts.mutation.current, endpoint.id, version, req, url, res, (name) => spell(name, 'engine', opts.profile));
    if (exchange?.delayMs) await new Promise((resolve) => setTimeout(resolve, exchange!.delayMs));
    if (exchange?.answerWithoutApplying !== undefined) {
      res.writeHead(exchange.answerWithoutApplying);
      res.end();
      return;
    }
    const ctx = createContext({
      version,
      req,
      res,
      params: match.params,
      query: url.searchParams,
      faults: opts.faults,
      profile: opts.profile,
      connection,
      exchange,
    });
    await match.handler(ctx);
  } catch (err) {
    sendError(res, err, exchange);
  }
}

function setDaemonHeaders(res: http.ServerResponse, profile: VendorProfileName): void {
  res.setHeader('Api-Version', NEWEST);
  // The reference names itself: a report about it must not read as a report about the vendor's daemon.
  res.setHeader('Server', `container-api-conformance-reference/${DAEMON_VERSION} (linux)`);
  res.setHeader('Ostype', 'linux');
  res.setHeader(spell('Vendor-Experimental', 'engine', profile), 'false');
}

export function sendError(res: http.ServerResponse, err: unknown, exchange?: ExchangeMutation): void {
  const status = err instanceof HttpError ? err.status : 500;
  const raw = err instanceof Error ? err.message : String(err);
  const message = exchange ? exchange.errorText(status, raw) : raw;
  // A response without a socket is not lost: it waits behind the previous answer on its keep-alive
  // connection (a client may send the next request before that answer has finished), and Node
  // sends it when its turn comes. Leaving it unanswered made the client time out.
  if (res.headersSent || res.writableEnded || res.socket?.destroyed) {
    res.socket?.destroy();
    return;
  }
  const json = err instanceof HttpError && err.body === 'json';
  const text = json ? JSON.stringify({ message }) + '\n' : message + '\n';
  res.removeHeader('Content-Length');
  res.writeHead(status, {
    'Content-Type': json ? 'application/json' : 'text/plain; charset=utf-8',
    'X-Content-Type-Options': 'nosniff',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(res.req?.method === 'HEAD' ? undefined : text);
}

function plainConnection(req: http.IncomingMessage, hijacked: WeakSet<Duplex>): Connection {
  return {
    upgraded: false,
    readBody: () => readStream(req),
    takeOver() {
      const socket = req.socket;
      hijacked.add(socket);
      socket.setTimeout(0);
      // Node's HTTP server ends a socket whose client half-closed; a hijacked stream stays open
      // after stdin EOF (StdinOnce) so the program's remaining output still reaches the client.
      socket.removeAllListeners('end');
      return socket;
    },
  };
}

/** @param earlyStdinDropped `blind34-hijack-early-stdin-dropped`: the bytes read past the body are not put back on take-over. */
function upgradedConnection(req: http.IncomingMessage, socket: Duplex, head: Buffer, wss: WebSocketServer, earlyStdinDropped = false): Connection {
  let leftover: Buffer = Buffer.alloc(0);
  const isWebSocket = /websocket/i.test(String(req.headers.upgrade ?? ''));
  return {
    upgraded: true,
    async readBody() {
      const { body, rest } = await readLengthDelimited(socket, head, Number(req.headers['content-length'] ?? 0));
      leftover = rest;
      return body;
    },
    takeOver() {
      // Under `blind34-hijack-early-stdin-dropped` stdin that came in with the request (read with the head) is lost at the hand-over.
      if (leftover.length && !earlyStdinDropped) socket.unshift(leftover);
      leftover = Buffer.alloc(0);
      return socket;
    },
    webSocket: isWebSocket ? () => new Promise<WebSocket>((resolve) => wss.handleUpgrade(req, socket, head, resolve)) : undefined,
  };
}

function readStream(stream: NodeJS.ReadableStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

/** Reads a Content-Length body from a raw socket; bytes past it (early stdin) are handed back. */
function readLengthDelimited(socket: Duplex, head: Buffer, length: number): Promise<{ body: Buffer; rest: Buffer }> {
  return new Promise((resolve, reject) => {
    let buffered = head;
    const finish = (): void => {
      socket.off('data', onData);
      socket.off('error', reject);
      socket.off('end', onEnd);
      socket.pause();
      resolve({ body: buffered.subarray(0, length), rest: buffered.subarray(length) });
    };
    const onData = (chunk: Buffer): void => {
      buffered = Buffer.concat([buffered, chunk]);
      if (buffered.length >= length) finish();
    };
    const onEnd = (): void => finish();
    if (buffered.length >= length) return resolve({ body: buffered.subarray(0, length), rest: buffered.subarray(length) });
    socket.on('data', onData);
    socket.on('error', reject);
    socket.on('end', onEnd);
  });
}
