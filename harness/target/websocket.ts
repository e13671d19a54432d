import tls, { type TLSSocket } from 'node:tls';
import WebSocket from 'ws';
import { encodeQuery, type Query } from '../protocol/query.ts';
import type { TranscriptEntry } from '../check/outcome.ts';
import { jsonDepthProblem } from '../protocol/json-depth.ts';
import { TargetError } from './errors.ts';
import { flatHeaders } from './http-transport.ts';
import { loadTls, type TargetEndpoint } from './endpoint.ts';
import type { Transcript } from './transcript.ts';

export interface WebSocketOptions {
  path: string;
  query?: Query;
  headers?: Record<string, string>;
  timeoutMs: number;
  /** Cap on one message; larger ones end the session with a TargetError. */
  maxMessageBytes?: number;
  /**
   * The upgrade request's Connection header, in place of the `Upgrade` ws sends (which a header of `headers` cannot
   * replace): a token list holding upgrade, or another case of it, as other clients send (RFC 6455 4.1, RFC 9110 7.6.1).
   */
  connection?: string;
}

/** Frames of one WebSocket session, received in order; also kept in the transcript. */
export interface WebSocketSession {
  /** Status of the handshake answer (101 on success). */
  status: number;
  /** Whether the handshake was answered over TLS (wss). */
  tls: boolean;
  headers: Record<string, string>;
  send(data: string | Buffer): Promise<void>;
  /** The next message, or undefined when the session has closed; throws TargetError on timeout. */
  next(timeoutMs: number): Promise<Buffer | undefined>;
  /** Messages until the session closes or the time is up (never throws on timeout). */
  collect(timeoutMs: number): Promise<{ messages: Buffer[]; closed: boolean; closeCode?: number }>;
  close(): void;
}

/** How much of a refused handshake's body the transcript keeps. */
const REFUSAL_BODY_SHOWN = 2000;

/**
 * The ws URL of a path on a target: ws(s)://host/path, or ws+unix:///socket:/path for sockets. TLS
 * over a socket has no ws URL (ws+unix is plain): it is wss://localhost/path, and the connection
 * is made by `webSocketConnection`.
 */
export function webSocketUrl(endpoint: TargetEndpoint, pathWithQuery: string): string {
  if (endpoint.socketPath && !endpoint.tls) return `ws+unix://${endpoint.socketPath}:${pathWithQuery}`;
  return `${endpoint.origin.replace(/^http/, 'ws')}${pathWithQuery}`;
}

/** ws's options for the endpoint's TLS: its files, and for a unix socket a TLS connection made over the socket. */
function webSocketTls(endpoint: TargetEndpoint): WebSocket.ClientOptions {
  if (!endpoint.tls) return {};
  const material = loadTls(endpoint.tls);
  const { socketPath } = endpoint;
  if (!socketPath) return material;
  return { ...material, createConnection: () => tls.connect({ ...material, path: socketPath, servername: 'localhost' }) };
}

/**
 * Opens a WebSocket session. A refused handshake is not an exception: it resolves with the
 * handshake's status (e.g. 401) and a closed session, so checks can state the rule about it.
 */
export function openWebSocket(endpoint: TargetEndpoint, opts: WebSocketOptions, transcript?: Transcript): Promise<WebSocketSession> {
  const path = opts.path + encodeQuery(opts.query);
  const entry = transcript?.record({
    kind: 'websocket',
    request: { method: 'GET', path, headers: { ...opts.headers, upgrade: 'websocket', connection: opts.connection ?? 'Upgrade' } },
  });
  const { connection } = opts;
  const socket = new WebSocket(webSocketUrl(endpoint, path), {
    headers: opts.headers ?? {},
    handshakeTimeout: opts.timeoutMs,
    maxPayload: opts.maxMessageBytes ?? 16 * 1024 * 1024,
    ...webSocketTls(endpoint),
    ...(connection === undefined
      ? {}
      : {
          finishRequest: (req) => {
            req.setHeader('Connection', connection);
            req.end();
          },
        }),
  });
  const started = Date.now();
  if (entry) socket.once('close', () => (entry.durationMs = Date.now() - started));
  const queue: Buffer[] = [];
  const state: SessionState = { closed: false };
  const wake = () => {
    const w = state.wake;
    state.wake = undefined;
    w?.();
  };
  socket.on('message', (data: WebSocket.RawData) => {
    const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
    if (entry && transcript) transcript.appendStream(entry, 'received', buf);
    const deep = jsonDepthProblem(buf);
    if (deep) {
      // Refused here, before any reader parses it: the session ends with the target's fault.
      state.error = new TargetError(`WebSocket ${path}: a message is ${deep}`, 'malformed');
      socket.terminate();
    } else queue.push(buf);
    wake();
  });
  socket.on('close', (code) => {
    state.closed = true;
    state.closeCode = code;
    wake();
  });

  return new Promise((resolve, reject) => {
    socket.once('upgrade', (res) => {
      const headers = flatHeaders(res.headers);
      if (entry) entry.response = { status: res.statusCode ?? 101, headers };
      resolve(session(socket, { status: res.statusCode ?? 101, tls: overTls(res.socket) }, headers, queue, state, entry, transcript));
    });
    socket.once('unexpected-response', (_req, res) => {
      const headers = flatHeaders(res.headers);
      const kept: Buffer[] = [];
      let size = 0;
      let done = false;
      // The refusal's body is evidence, not payload: keep its start and stop reading there (an
      // endless body would otherwise fill memory). A body that stalls ends at ws's handshake timeout.
      const finish = (): void => {
        if (done) return;
        done = true;
        res.destroy();
        if (entry) entry.response = { status: res.statusCode ?? 0, headers, body: Buffer.concat(kept).toString('utf8').slice(0, REFUSAL_BODY_SHOWN) };
        state.closed = true;
        resolve(session(socket, { status: res.statusCode ?? 0, tls: overTls(res.socket) }, headers, queue, state, entry, transcript));
      };
      res.on('data', (d: Buffer) => {
        if (size < REFUSAL_BODY_SHOWN) kept.push(d);
        size += d.length;
        if (size >= REFUSAL_BODY_SHOWN) finish();
      });
      res.on('end', finish);
      res.on('error', finish);
      res.on('close', finish);
    });
    socket.once('error', (err) => {
      if (entry) entry.error = err.message;
      reject(new TargetError(`WebSocket ${path}: ${err.message}`, /timeout|timed out/i.test(err.message) ? 'timeout' : 'unreachable'));
    });
  });
}

const overTls = (socket: unknown): boolean => Boolean((socket as TLSSocket | null)?.encrypted);

interface SessionState {
  closed: boolean;
  closeCode?: number;
  /** The target's fault that ended the session; thrown to the reader once the queue is drained. */
  error?: TargetError;
  wake?: () => void;
}

function session(
  socket: WebSocket,
  { status, tls: encrypted }: { status: number; tls: boolean },
  headers: Record<string, string>,
  queue: Buffer[],
  state: SessionState,
  entry: TranscriptEntry | undefined,
  transcript: Transcript | undefined,
): WebSocketSession {
  const next = async (timeoutMs: number): Promise<Buffer | undefined> => {
    const deadline = Date.now() + timeoutMs;
    while (!queue.length) {
      if (state.error) throw state.error;
      if (state.closed) return undefined;
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new TargetError(`no WebSocket message within ${timeoutMs} ms`, 'timeout');
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        state.wake = resolve;
        timer = setTimeout(resolve, remaining);
      });
      clearTimeout(timer);
    }
    return queue.shift();
  };
  return {
    status,
    tls: encrypted,
    headers,
    send: (data) =>
      new Promise((resolve, reject) => {
        if (entry && transcript) transcript.appendStream(entry, 'sent', data);
        socket.send(data, (err) => (err ? reject(new TargetError(`WebSocket send: ${err.message}`, 'closed')) : resolve()));
      }),
    next,
    async collect(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      const messages: Buffer[] = [];
      try {
        for (;;) {
          const message = await next(Math.max(1, deadline - Date.now()));
          if (!message) break;
          messages.push(message);
        }
      } catch (err) {
        if (!(err instanceof TargetError && err.code === 'timeout')) throw err;
      }
      return { messages, closed: state.closed, ...(state.closeCode !== undefined ? { closeCode: state.closeCode } : {}) };
    },
    close: () => socket.terminate(),
  };
}
