import net from 'node:net';
import tls from 'node:tls';
import type { Duplex } from 'node:stream';
import { encodeQuery, type Query } from '../protocol/query.ts';
import { asTargetError, TargetError } from './errors.ts';
import { loadTls, type TargetEndpoint } from './endpoint.ts';
import { showBytes, type Transcript } from './transcript.ts';
import type { TranscriptEntry } from '../check/outcome.ts';

const MAX_HEAD_BYTES = 64 * 1024;

export interface HijackOptions {
  method: string;
  path: string;
  query?: Query;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** Send `Upgrade: tcp` and `Connection: Upgrade` (the spec's hijack hint). */
  upgrade: boolean;
  timeoutMs: number;
  /** Called once the request is written, before its answer head: for a request sent while this one is under way. */
  onSent?: () => void;
}

/**
 * A connection taken over after the HTTP response head: 101 with the upgrade headers, or 200
 * whose body runs until the connection closes. Written on a raw socket rather than through undici
 * so that the exact bytes on the wire are what the verifiers see.
 */
export interface HijackedConnection {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  /** Raw stream bytes after the head, as they arrive. */
  chunks(): AsyncIterable<Buffer>;
  write(data: Buffer | string): Promise<void>;
  /** Half-closes our side (stdin EOF). */
  endInput(): void;
  /** Reads until the target closes the connection, the cap, or the timeout; never throws on timeout. */
  readAll(opts: { timeoutMs: number; maxBytes?: number }): Promise<{ data: Buffer; closed: boolean }>;
  close(): void;
}

export async function hijack(endpoint: TargetEndpoint, opts: HijackOptions, transcript?: Transcript): Promise<HijackedConnection> {
  const path = opts.path + encodeQuery(opts.query);
  const host = new URL(endpoint.origin).host;
  const headers: Record<string, string> = { host, ...opts.headers };
  if (opts.upgrade) {
    headers['upgrade'] = 'tcp';
    headers['connection'] = 'Upgrade';
  }
  const body = opts.body === undefined ? Buffer.alloc(0) : Buffer.from(opts.body);
  headers['content-length'] = String(body.length);
  const entry = transcript?.record({ kind: 'hijack', request: { method: opts.method, path, headers, body: showBytes(body) } });

  const started = Date.now();
  const socket = await connect(endpoint, opts.timeoutMs, `${opts.method} ${path}`);
  // The session's time, from the request until the connection closes: what a check waited on.
  if (entry) socket.once('close', () => (entry.durationMs = Date.now() - started));
  const head = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  socket.write(`${opts.method} ${path} HTTP/1.1\r\n${head}\r\n`);
  if (body.length) socket.write(body);
  opts.onSent?.();

  const reader = new SocketReader(socket);
  try {
    const parsed = await readHead(reader, opts.timeoutMs, `${opts.method} ${path}`);
    if (entry) entry.response = { status: parsed.status, headers: parsed.headers };
    return makeConnection(socket, reader, parsed, entry, transcript);
  } catch (err) {
    socket.destroy();
    const mapped = asTargetError(err, `${opts.method} ${path}`);
    if (entry) entry.error = (mapped as Error).message;
    throw mapped;
  }
}

/** A raw connection to the target (its socket, TCP or TLS), opened within `timeoutMs`. */
export function connect(endpoint: TargetEndpoint, timeoutMs: number, what: string): Promise<Duplex> {
  return new Promise((resolve, reject) => {
    const url = new URL(endpoint.origin);
    const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
    const socket: net.Socket = endpoint.socketPath
      ? net.connect({ path: endpoint.socketPath })
      : endpoint.tls
        ? tls.connect({ host: url.hostname, port, servername: url.hostname, ...loadTls(endpoint.tls) })
        : net.connect({ host: url.hostname, port });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new TargetError(`${what}: connect timed out`, 'timeout'));
    }, timeoutMs);
    socket.once(endpoint.tls && !endpoint.socketPath ? 'secureConnect' : 'connect', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once('error', (err) => {
      clearTimeout(timer);
      reject(asTargetError(err, what));
    });
  });
}

/** Pull-based reader over a socket, so the head parser and the stream consumer share one buffer. */
class SocketReader {
  private buffered: Buffer[] = [];
  private ended = false;
  private error: Error | undefined;
  private wake: (() => void) | undefined;

  constructor(socket: Duplex) {
    socket.on('data', (chunk: Buffer) => {
      this.buffered.push(chunk);
      this.notify();
    });
    socket.on('end', () => {
      this.ended = true;
      this.notify();
    });
    socket.on('close', () => {
      this.ended = true;
      this.notify();
    });
    socket.on('error', (err) => {
      this.error = err;
      this.ended = true;
      this.notify();
    });
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  /** Next chunk, or undefined at end of stream; rejects on timeout when a deadline is given. */
  async next(deadline?: number): Promise<Buffer | undefined> {
    while (this.buffered.length === 0) {
      // A reset from the target is the target's doing (a TargetError), not the harness's.
      if (this.error) throw asTargetError(this.error, 'reading a hijacked connection');
      if (this.ended) return undefined;
      const wait = new Promise<void>((resolve) => (this.wake = resolve));
      if (deadline === undefined) await wait;
      else {
        const remaining = deadline - Date.now();
        if (remaining <= 0) throw new TargetError('timed out waiting for data', 'timeout');
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([wait, new Promise<void>((resolve) => (timer = setTimeout(resolve, remaining)))]);
        clearTimeout(timer);
      }
    }
    return this.buffered.shift();
  }

  unshift(chunk: Buffer): void {
    if (chunk.length) this.buffered.unshift(chunk);
  }
}

interface ParsedHead {
  status: number;
  statusText: string;
  headers: Record<string, string>;
}

async function readHead(reader: SocketReader, timeoutMs: number, what: string): Promise<ParsedHead> {
  const deadline = Date.now() + timeoutMs;
  let head = Buffer.alloc(0);
  for (;;) {
    const chunk = await reader.next(deadline);
    if (!chunk) throw new TargetError(`${what}: connection closed before a complete response head`, 'closed');
    head = Buffer.concat([head, chunk]);
    const end = head.indexOf('\r\n\r\n');
    if (end >= 0) {
      reader.unshift(head.subarray(end + 4));
      return parseHead(head.subarray(0, end).toString('latin1'), what);
    }
    if (head.length > MAX_HEAD_BYTES) throw new TargetError(`${what}: response head exceeds ${MAX_HEAD_BYTES} bytes`, 'malformed');
  }
}

export function parseHead(text: string, what: string): ParsedHead {
  const [statusLine = '', ...lines] = text.split('\r\n');
  const match = /^HTTP\/1\.[01] (\d{3})(?: (.*))?$/.exec(statusLine);
  if (!match) throw new TargetError(`${what}: malformed status line ${JSON.stringify(statusLine)}`, 'malformed');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new TargetError(`${what}: malformed header line ${JSON.stringify(line)}`, 'malformed');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  return { status: Number(match[1]), statusText: match[2] ?? '', headers };
}

function makeConnection(
  socket: Duplex,
  reader: SocketReader,
  head: ParsedHead,
  entry: TranscriptEntry | undefined,
  transcript: Transcript | undefined,
): HijackedConnection {
  // After a 101 the connection is no longer HTTP: the bytes are the stream itself, whatever the head
  // claims. Decoding a Transfer-Encoding there would hide from the verifiers a target that did not hand it over.
  const chunked = head.status !== 101 && /chunked/i.test(head.headers['transfer-encoding'] ?? '');
  const length = head.headers['content-length'] === undefined ? undefined : Number(head.headers['content-length']);
  // A non-upgraded error answer carries a Content-Length; a 101/200 stream runs until close.
  let remaining = head.status !== 101 && length !== undefined && !chunked ? length : Infinity;
  const recv = (chunk: Buffer) => {
    if (entry && transcript) transcript.appendStream(entry, 'received', chunk);
    return chunk;
  };
  async function* raw(deadline?: number): AsyncIterable<Buffer> {
    while (remaining > 0) {
      const chunk = await reader.next(deadline);
      if (!chunk) return;
      const part = chunk.length > remaining ? chunk.subarray(0, remaining) : chunk;
      remaining -= part.length;
      yield recv(part);
    }
  }
  const source = (deadline?: number) => (chunked ? dechunk(raw(deadline)) : raw(deadline));
  return {
    ...head,
    chunks: () => source(),
    write: (data) =>
      new Promise((resolve, reject) => {
        if (entry && transcript) transcript.appendStream(entry, 'sent', data);
        socket.write(data, (err) => (err ? reject(asTargetError(err, 'writing to a hijacked connection')) : resolve()));
      }),
    endInput: () => socket.end(),
    async readAll({ timeoutMs, maxBytes = 16 * 1024 * 1024 }) {
      const parts: Buffer[] = [];
      let size = 0;
      try {
        for await (const chunk of source(Date.now() + timeoutMs)) {
          parts.push(chunk);
          size += chunk.length;
          if (size > maxBytes) throw new TargetError(`hijacked stream exceeds the ${maxBytes}-byte cap`, 'too-large');
        }
        return { data: Buffer.concat(parts), closed: true };
      } catch (err) {
        if (err instanceof TargetError && err.code === 'timeout') return { data: Buffer.concat(parts), closed: false };
        throw err;
      }
    },
    close: () => socket.destroy(),
  };
}

/** Decodes Transfer-Encoding: chunked, for answers other than 101 that use it instead of running until close. */
async function* dechunk(source: AsyncIterable<Buffer>): AsyncIterable<Buffer> {
  let pending = Buffer.alloc(0);
  let need = -1;
  for await (const chunk of source) {
    pending = Buffer.concat([pending, chunk]);
    for (;;) {
      if (need < 0) {
        const eol = pending.indexOf('\r\n');
        if (eol < 0) break;
        need = parseInt(pending.subarray(0, eol).toString('latin1'), 16);
        if (Number.isNaN(need)) throw new TargetError('malformed chunk size in a chunked stream', 'malformed');
        pending = pending.subarray(eol + 2);
        if (need === 0) return;
      }
      if (pending.length < need + 2) break;
      yield pending.subarray(0, need);
      pending = pending.subarray(need + 2);
      need = -1;
    }
  }
}
