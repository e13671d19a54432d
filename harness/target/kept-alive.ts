import type { Duplex } from 'node:stream';
import { asTargetError, TargetError } from './errors.ts';
import type { TargetEndpoint } from './endpoint.ts';
import { connect, readHead, SocketReader } from './hijack.ts';
import { makeResponse, type HttpResponse } from './http-transport.ts';
import { showBytes, type Transcript } from './transcript.ts';

/**
 * One HTTP/1.1 connection kept alive across requests: each request is written on the same
 * socket once the previous answer was read whole. Written on a raw socket (not a pool, which may
 * open another connection at will) for rules about what an answer may depend on: its own request,
 * not the requests made before it on its connection.
 */
export interface KeptAliveConnection {
  /** The socket's local end (a TCP port, or the unix socket's): the same for every request sent. */
  readonly local: string;
  /** Whether the target closed the connection, or said it would (Connection: close): no request can follow. */
  readonly closed: boolean;
  /** Sends a bodiless request and reads its whole answer. */
  request(method: string, path: string): Promise<HttpResponse>;
  close(): void;
}

export async function openKeptAlive(endpoint: TargetEndpoint, timeoutMs: number, transcript?: Transcript): Promise<KeptAliveConnection> {
  const socket = await connect(endpoint, timeoutMs, `connecting to ${endpoint.url}`);
  const address = (socket as Duplex & { localPort?: number; localAddress?: string }).localPort;
  const reader = new SocketReader(socket);
  let closed = false;
  socket.once('close', () => (closed = true));
  const host = new URL(endpoint.origin).host;
  return {
    local: address === undefined ? endpoint.url : `port ${address}`,
    get closed() {
      return closed;
    },
    async request(method, path) {
      const what = `${method} ${path} (kept-alive connection)`;
      const headers = { host, 'content-length': '0' };
      const entry = transcript?.record({ kind: 'http', request: { method, path, headers } });
      const started = Date.now();
      try {
        if (closed) throw new TargetError(`${what}: the target closed the connection`, 'closed');
        socket.write(`${method} ${path} HTTP/1.1\r\nhost: ${host}\r\ncontent-length: 0\r\n\r\n`);
        const deadline = started + timeoutMs;
        const head = await readHead(reader, timeoutMs, what);
        const { body, untilClose } = await readBody(reader, head.status, head.headers, deadline, what);
        if (untilClose || /\bclose\b/i.test(head.headers['connection'] ?? '')) closed = true;
        const res = makeResponse(head.status, head.headers, body, Date.now() - started, what);
        if (entry) Object.assign(entry, { response: { status: res.status, headers: res.headers, body: showBytes(res.body) }, durationMs: res.durationMs });
        return res;
      } catch (err) {
        const mapped = asTargetError(err, what);
        if (entry) Object.assign(entry, { error: (mapped as Error).message, durationMs: Date.now() - started });
        throw mapped;
      }
    },
    close: () => socket.destroy(),
  };
}

/**
 * The whole body of an answer (Content-Length or chunked), leaving what follows it in the reader;
 * a body with neither runs until the connection closes (untilClose: nothing can follow it).
 */
async function readBody(
  reader: SocketReader,
  status: number,
  headers: Record<string, string>,
  deadline: number,
  what: string,
): Promise<{ body: Buffer; untilClose: boolean }> {
  if (status === 204 || status === 304 || (status >= 100 && status < 200)) return { body: Buffer.alloc(0), untilClose: false };
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) return { body: await readChunked(reader, deadline, what), untilClose: false };
  if (headers['content-length'] !== undefined) return { body: await take(reader, Number(headers['content-length']), deadline, what), untilClose: false };
  const parts: Buffer[] = [];
  for (let chunk = await reader.next(deadline); chunk; chunk = await reader.next(deadline)) parts.push(chunk);
  return { body: Buffer.concat(parts), untilClose: true };
}

/** Exactly `size` bytes from the reader, the rest of its last chunk put back. */
async function take(reader: SocketReader, size: number, deadline: number, what: string): Promise<Buffer> {
  const parts: Buffer[] = [];
  let have = 0;
  while (have < size) {
    const chunk = await reader.next(deadline);
    if (!chunk) throw new TargetError(`${what}: connection closed ${size - have} bytes before the end of the body`, 'closed');
    const part = chunk.subarray(0, size - have);
    reader.unshift(chunk.subarray(part.length));
    parts.push(part);
    have += part.length;
  }
  return Buffer.concat(parts);
}

/** One CRLF-ended line from the reader, without its CRLF. */
async function line(reader: SocketReader, deadline: number, what: string): Promise<string> {
  let pending = Buffer.alloc(0);
  for (;;) {
    const chunk = await reader.next(deadline);
    if (!chunk) throw new TargetError(`${what}: connection closed inside a chunked body`, 'closed');
    pending = Buffer.concat([pending, chunk]);
    const eol = pending.indexOf('\r\n');
    if (eol >= 0) {
      reader.unshift(pending.subarray(eol + 2));
      return pending.subarray(0, eol).toString('latin1');
    }
  }
}

async function readChunked(reader: SocketReader, deadline: number, what: string): Promise<Buffer> {
  const parts: Buffer[] = [];
  for (;;) {
    const size = parseInt(await line(reader, deadline, what), 16);
    if (Number.isNaN(size)) throw new TargetError(`${what}: malformed chunk size`, 'malformed');
    if (size === 0) break;
    parts.push(await take(reader, size, deadline, what));
    await line(reader, deadline, what);
  }
  // Trailers, up to the empty line that ends the body.
  let trailer = await line(reader, deadline, what);
  while (trailer !== '') trailer = await line(reader, deadline, what);
  return Buffer.concat(parts);
}
