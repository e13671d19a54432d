/**
 * The wire side of the stream operators (harness/mutation/apply-stream.ts) in the engine
 * reference: a stream's writes (one frame, JSON object or WebSocket message each) and end, and the
 * head of a taken-over connection, passed through the mutant's changes. The baseline's observer
 * learns here that an exchange was a stream, framed or hijacked.
 */
import type { Duplex } from 'node:stream';
import type { HijackHead } from '../../../harness/mutation/apply-stream.ts';
import type { StreamEndpoint } from '../streams/endpoint.ts';
import type { ExchangeMutation } from './mutation-exchange.ts';
import { drip, lowerCaseNames } from '../../shared/transport-variation.ts';

/** Something written to piece by piece and then ended: a session endpoint, a JSON stream. */
export interface Sink<T> {
  write(item: T): void;
  end(): void;
}

/**
 * How long `stream/last-frame-lost` holds each write back: the write still pending when the
 * stream ends is lost, as with a buffered writer that is not flushed before the connection closes.
 */
export const LAST_FRAME_HOLD_MS = 50;

/** The sink with the mutant's stream changes: each item changed, the last lost, the end early or never. */
export function mutatedSink<T>(sink: Sink<T>, exchange: ExchangeMutation | undefined, change: (item: T) => T = (item) => item): Sink<T> {
  const m = exchange?.stream;
  if (!m) return sink;
  let ended = false;
  let held: { item: T; timer: NodeJS.Timeout } | undefined;
  const release = (): void => {
    if (!held) return;
    clearTimeout(held.timer);
    sink.write(change(held.item));
    held = undefined;
  };
  return {
    write(item) {
      if (ended) return;
      if (m.lastLost) {
        release();
        held = { item, timer: setTimeout(release, LAST_FRAME_HOLD_MS) };
      } else sink.write(change(item));
      if (m.endsEarly) {
        ended = true;
        sink.end();
      }
    },
    end() {
      if (ended || m.neverEnds) return;
      ended = true;
      if (held) clearTimeout(held.timer);
      held = undefined;
      sink.end();
    },
  };
}

/** A stream session's endpoint (attach, attach/ws, logs, exec start) under the mutant and the observer. */
export function mutatedEndpoint(endpoint: StreamEndpoint, exchange: ExchangeMutation | undefined, framed: boolean): StreamEndpoint {
  if (!exchange) return endpoint;
  exchange.noteWire({ stream: true });
  const sink = mutatedSink<Buffer>(
    {
      write: (data) => {
        if (framed) exchange.noteWire({ framed: true });
        endpoint.write(data);
      },
      end: () => endpoint.end(),
    },
    exchange,
    framed ? exchange.stream?.frame : undefined,
  );
  return {
    write: (data) => sink.write(data),
    end: () => sink.end(),
    onInput: (listener) => endpoint.onInput(listener),
    onInputEnd: (listener) => endpoint.onInputEnd(listener),
    onClose: (listener) => endpoint.onClose(listener),
    get closed() {
      return endpoint.closed;
    },
  };
}

/** Writes the head of a taken-over connection (`101 UPGRADED` or `200 OK`), as the mutant has it go out. */
export function writeHijackHead(socket: Duplex, head: HijackHead, exchange: ExchangeMutation | undefined): void {
  exchange?.noteWire({ stream: true, hijacked: true, upgraded: head.status === 101, typed: true });
  const m = exchange?.stream;
  const typed: HijackHead = m ? { ...head, headers: head.headers.map(([n, v]) => [n, /^content-type$/i.test(n) ? m.contentType(v) : v]) } : head;
  const out = m ? m.hijackHead(typed) : typed;
  const lines = [`HTTP/1.1 ${out.status} ${out.status === 101 ? 'UPGRADED' : 'OK'}`, ...out.headers.map(([n, v]) => `${n}: ${v}`)];
  const text = `${lines.join('\r\n')}\r\n\r\n`;
  if (exchange?.transport === 'byte-at-a-time') drip(socket);
  const sent = exchange?.transport === 'header-case' ? lowerCaseNames(text) : text;
  if (m?.headersWithheld) withFirstWrite(socket, sent);
  else socket.write(sent);
}

/**
 * The head goes out just before the first body byte (or at the end, when there is none). An empty
 * write (the reference's wait for the head to be flushed) carries no body byte: it is only
 * acknowledged, so that the head stays withheld until the program writes.
 */
function withFirstWrite(socket: Duplex, head: string): void {
  const write = socket.write;
  const end = socket.end;
  const restore = (): void => {
    socket.write = write;
    socket.end = end;
    socket.write(head);
  };
  socket.write = ((...args: Parameters<Duplex['write']>) => {
    const [chunk] = args;
    if (isEmpty(chunk)) {
      const callback = args.find((a): a is (error?: Error | null) => void => typeof a === 'function');
      if (callback) process.nextTick(callback);
      return true;
    }
    restore();
    return socket.write(...args);
  }) as Duplex['write'];
  socket.end = ((...args: Parameters<Duplex['end']>) => {
    restore();
    return socket.end(...args);
  }) as Duplex['end'];
}

const isEmpty = (chunk: unknown): boolean => (typeof chunk === 'string' || chunk instanceof Uint8Array) && chunk.length === 0;
