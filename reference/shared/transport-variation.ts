/**
 * The wire side of the legal transport operators (harness/mutation/apply-stream.ts): variations
 * HTTP allows, applied to a node:http answer (and a taken-over socket), which must change no
 * verdict. Header names in lower case (RFC 9110: field names are case-insensitive), chunked for a
 * Content-Length and a Content-Length for chunked (RFC 9112: either frames a body), and the bytes
 * one write at a time (TCP keeps no message boundaries).
 */
import type http from 'node:http';
import type { TransportOp } from '../../harness/mutation/types.ts';

/**
 * How much `legal/byte-at-a-time` splits: the first 64 bytes of each of the first 8 writes of an
 * answer go one byte per write, each a turn of the event loop apart (the rest in one write): a
 * head, the first frame headers, the start of a JSON answer or of its first objects. A turn took
 * about 0.3 ms with the checks' client in the same process; splitting every byte of every body
 * timed out the checks (5 s, a session's 10 s read of a long log) for the delay alone.
 */
export const DRIPPED_BYTES_PER_WRITE = 64;
export const DRIPPED_WRITES = 8;

type WriteHead = (status: number, ...rest: unknown[]) => http.ServerResponse;

/** Header lines' names in lower case (the status line has no colon before its first line break). */
export function lowerCaseNames(head: string): string {
  return head.replace(/^([^:\r\n]+):/gm, (_m, name: string) => `${name.toLowerCase()}:`);
}

export function varyTransport(res: http.ServerResponse, op: TransportOp): void {
  if (op === 'byte-at-a-time') {
    drip(res);
    return;
  }
  const writeHead = res.writeHead.bind(res) as WriteHead;
  const internal = res as unknown as { _header: string | null };
  const vary: Record<Exclude<TransportOp, 'byte-at-a-time'>, WriteHead> = {
    'header-case': (status, ...rest) => {
      writeHead(status, ...rest);
      // Node renders the head here; its own headers (Date, Connection, ...) are in it too.
      if (internal._header) internal._header = lowerCaseNames(internal._header);
      return res;
    },
    chunked: (status, ...rest) => {
      res.removeHeader('Content-Length');
      return writeHead(status, ...rest.map(withoutLength));
    },
    'content-length': (status, ...rest) => {
      if (hasLength(res, rest) || status === 204 || status === 304 || res.req?.method === 'HEAD') return writeHead(status, ...rest);
      bufferBody(res, () => writeHead(status, ...rest));
      return res;
    },
  };
  res.writeHead = vary[op] as typeof res.writeHead;
}

/** Whether the head being written (the response's headers and writeHead's own) has a Content-Length. */
export function hasLength(res: http.ServerResponse, writeHeadArgs: readonly unknown[]): boolean {
  return res.hasHeader('content-length') || writeHeadArgs.some((r) => lengthOf(r) !== undefined);
}

const isHeaders = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const lengthOf = (value: unknown): unknown => (isHeaders(value) ? Object.entries(value).find(([k]) => /^content-length$/i.test(k))?.[1] : undefined);
const withoutLength = (value: unknown): unknown =>
  isHeaders(value) ? Object.fromEntries(Object.entries(value).filter(([k]) => !/^content-length$/i.test(k))) : value;

type Chunk = string | Uint8Array;
const toBuffer = (chunk: Chunk, encoding?: unknown): Buffer =>
  typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk);
const isChunk = (value: unknown): value is Chunk => typeof value === 'string' || value instanceof Uint8Array;
const callbackOf = (args: unknown[]): (() => void) | undefined => args.find((a) => typeof a === 'function') as (() => void) | undefined;

/**
 * The body held until its end and sent with a Content-Length; a stream (its head flushed before
 * any body) goes out as it is.
 */
function bufferBody(res: http.ServerResponse, writeHead: () => void): void {
  const { write, end, flushHeaders } = res;
  const body: Buffer[] = [];
  const restore = (): void => {
    res.write = write;
    res.end = end;
    res.flushHeaders = flushHeaders;
  };
  res.write = ((chunk: Chunk, ...rest: unknown[]) => {
    body.push(toBuffer(chunk, rest[0]));
    callbackOf(rest)?.();
    return true;
  }) as typeof res.write;
  res.end = ((...args: unknown[]) => {
    if (isChunk(args[0])) body.push(toBuffer(args[0], args[1]));
    restore();
    const all = Buffer.concat(body);
    res.setHeader('Content-Length', all.length);
    writeHead();
    return res.end(all, callbackOf(args));
  }) as typeof res.end;
  res.flushHeaders = () => {
    restore();
    writeHead();
    res.flushHeaders();
    for (const chunk of body) res.write(chunk);
  };
}

interface Writable {
  write(chunk: Chunk, ...rest: unknown[]): boolean;
  end(...args: unknown[]): unknown;
}

/** The first writes go out in pieces: their first bytes one per write, a turn of the event loop apart (each flushed on its own). */
export function drip(target: Writable): void {
  const write = target.write.bind(target);
  const end = target.end.bind(target);
  const queue: Array<{ data: Buffer; dripped: number }> = [];
  let writes = 0;
  const enqueue = (data: Buffer): void => {
    queue.push({ data, dripped: writes++ < DRIPPED_WRITES ? 0 : DRIPPED_BYTES_PER_WRITE });
  };
  let pumping = false;
  let ending: (() => void) | undefined;
  const pump = (): void => {
    const chunk = queue[0];
    if (!chunk) {
      pumping = false;
      ending?.();
      return;
    }
    const piece = chunk.dripped < DRIPPED_BYTES_PER_WRITE ? 1 : chunk.data.length;
    write(chunk.data.subarray(0, piece));
    chunk.dripped += piece;
    chunk.data = chunk.data.subarray(piece);
    if (!chunk.data.length) queue.shift();
    setImmediate(pump);
  };
  const start = (): void => {
    if (pumping) return;
    pumping = true;
    setImmediate(pump);
  };
  target.write = (chunk: Chunk, ...rest: unknown[]) => {
    const data = toBuffer(chunk, rest[0]);
    if (data.length) enqueue(data);
    callbackOf(rest)?.();
    start();
    return true;
  };
  target.end = (...args: unknown[]) => {
    if (isChunk(args[0]) && args[0].length) enqueue(toBuffer(args[0], args[1]));
    ending = () => end(callbackOf(args));
    start();
    return target;
  };
}
