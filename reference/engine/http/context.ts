/** Builds the RouteContext of one request: body readers, query readers and answer helpers. */
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import { HttpError, type ApiVersion, type JsonStreamWriter, type RouteContext } from './router.ts';
import { readBool, readFilters, readInt } from './query.ts';
import { toJson } from './json.ts';
import { checkFieldTypes, checkJsonContentType, parseJsonBody } from './body-rules.ts';
import { spell, type VendorProfileName } from '../../../harness/profile.ts';
import type { FaultSet } from '../faults.ts';
import type { ExchangeMutation } from './mutation-exchange.ts';
import { mutatedSink, writeHijackHead } from './stream-mutation.ts';
import { badParameterStatus } from './catalog-endpoint.ts';

/** Where the request came from: a normal request, or one node handed over as an upgrade. */
export interface Connection {
  readBody(): Promise<Buffer>;
  /** Takes the socket over; bytes read past the body are put back first. */
  takeOver(): Duplex;
  upgraded: boolean;
  webSocket?: () => Promise<WebSocket>;
}

export interface ContextInput {
  version: ApiVersion;
  req: http.IncomingMessage;
  res: http.ServerResponse;
  params: Record<string, string>;
  query: URLSearchParams;
  faults: FaultSet;
  profile: VendorProfileName;
  connection: Connection;
  /** The mutation hook's part in this exchange, when one is set (mutation-exchange.ts). */
  exchange?: ExchangeMutation;
}

export function createContext(input: ContextInput): RouteContext {
  const { res, faults, profile, connection, exchange } = input;
  let bodyPromise: Promise<Buffer> | undefined;
  const body = (): Promise<Buffer> => (bodyPromise ??= connection.readBody());
  const optionalJson = async <T>(): Promise<T | undefined> => {
    const raw = (await body()).toString('utf8').trim();
    if (!raw) return undefined;
    checkJsonContentType(input.req.headers['content-type'], faults);
    const value = parseJsonBody<T>(raw, faults);
    checkFieldTypes(input.req.method ?? 'GET', new URL(input.req.url ?? '/', 'http://engine').pathname, input.version, value, faults);
    return exchange ? (exchange.requestBody(value) as T) : value;
  };
  const badStatus = (): 400 | 500 => badParameterStatus(input.req.method ?? 'GET', new URL(input.req.url ?? '/', 'http://engine').pathname);
  const wantsUpgrade = connection.upgraded || /upgrade/i.test(String(input.req.headers.connection ?? ''));
  return {
    ...input,
    body,
    optionalJson,
    async json<T>(): Promise<T> {
      const value = await optionalJson<T>();
      if (value === undefined) throw new HttpError(400, 'request body is empty: a JSON object is required');
      return value;
    },
    spell: (text) => spell(text, 'engine', profile),
    bool: (name, fallback = false) => readBool(input.query, name, fallback, faults),
    int: (name) => readInt(input.query, name, faults, badStatus()),
    filters: () => readFilters(input.query, faults, badStatus()),
    badParameter: (message) => new HttpError(badStatus(), message),
    sendJson(status, value) {
      const text = toJson(exchange ? exchange.answer(status, value) : value) + '\n';
      res.writeHead(status, {
        'Content-Type': faults.has('json-labelled-text-plain') ? 'text/plain; charset=utf-8' : 'application/json',
        'Content-Length': Buffer.byteLength(text),
      });
      res.end(text);
    },
    sendStatus(status, contentType) {
      if (contentType) res.setHeader('Content-Type', contentType);
      res.writeHead(status);
      res.end();
    },
    jsonStream: (contentType) => openJsonStream(res, contentType, faults.has('json-stream-sse') ? 'data: ' : '', exchange),
    hijack(contentType) {
      const socket = connection.takeOver();
      if (faults.has('hijack-closes-on-stdin-eof')) socket.once('end', () => socket.destroy());
      const upgrade = (wantsUpgrade || faults.has('hijack-always-101')) && !faults.has('hijack-no-101');
      // Under `blind26-hijack-101-upgrade-header-dropped` the 101 carries Connection: Upgrade only, not Upgrade: tcp.
      const upgradeHeaders: Array<[string, string]> = upgrade
        ? [['Connection', 'Upgrade'], ...(faults.has('blind26-hijack-101-upgrade-header-dropped') ? [] : [['Upgrade', 'tcp'] as [string, string]])]
        : [];
      // Under `blind27-hijack-101-chunked-body` the 101 is written as an HTTP answer with a chunked body, not a handed-over connection.
      const chunked = upgrade && faults.has('blind27-hijack-101-chunked-body');
      const encoding: Array<[string, string]> = chunked ? [['Transfer-Encoding', 'chunked']] : [];
      writeHijackHead(socket, { status: upgrade ? 101 : 200, headers: [['Content-Type', contentType], ...upgradeHeaders, ...encoding] }, exchange);
      if (chunked) chunkEncoded(socket);
      return socket;
    },
    wantsUpgrade,
    webSocket() {
      if (!connection.webSocket) throw new HttpError(400, 'not a WebSocket handshake (expected Upgrade: websocket)');
      return connection.webSocket();
    },
  };
}

/**
 * `blind27-hijack-101-chunked-body`: every later write goes out as one HTTP chunk (hex size line,
 * data, CRLF) and the end sends the last chunk `0`. An empty write (a wait for the head to be
 * flushed) is passed on as it is: it would otherwise be the last chunk.
 */
function chunkEncoded(socket: Duplex): void {
  const write = socket.write.bind(socket);
  const end = socket.end.bind(socket);
  const chunk = (data: unknown): unknown => {
    if (!(typeof data === 'string' || data instanceof Uint8Array) || data.length === 0) return data;
    const bytes = typeof data === 'string' ? Buffer.from(data) : Buffer.from(data);
    return Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]);
  };
  socket.write = ((data: unknown, ...rest: unknown[]) => (write as (...a: unknown[]) => boolean)(chunk(data), ...rest)) as Duplex['write'];
  socket.end = ((...args: unknown[]) => {
    const [first] = args;
    if (socket.writableEnded || socket.destroyed) return end(...(args.filter((a) => typeof a === 'function') as [() => void]));
    if (typeof first === 'string' || first instanceof Uint8Array) write(chunk(first) as Buffer);
    write('0\r\n\r\n');
    return end(...(args.filter((a) => typeof a === 'function') as [() => void]));
  }) as Duplex['end'];
}

function openJsonStream(res: http.ServerResponse, contentType: string | undefined, linePrefix = '', exchange?: ExchangeMutation): JsonStreamWriter {
  if (contentType) res.setHeader('Content-Type', exchange?.stream ? exchange.stream.contentType(contentType) : contentType);
  exchange?.noteWire({ stream: true, typed: contentType !== undefined });
  res.writeHead(200);
  res.flushHeaders();
  let closed = false;
  let resolveClosed!: () => void;
  const closedPromise = new Promise<void>((resolve) => (resolveClosed = resolve));
  const markClosed = (): void => {
    closed = true;
    resolveClosed();
  };
  res.on('close', markClosed);
  const lines = mutatedSink<string>(
    {
      write: (line) => {
        if (!closed) res.write(line);
      },
      end: () => {
        if (!closed) res.end();
        markClosed();
      },
    },
    exchange,
  );
  return {
    write(value) {
      const sent = exchange ? exchange.answer(200, value) : value;
      if (!closed && sent !== undefined) lines.write(linePrefix + toJson(sent) + '\n');
    },
    text(line) {
      if (!closed) lines.write(line);
    },
    end: () => lines.end(),
    closed: closedPromise,
    get isClosed() {
      return closed;
    },
  };
}
