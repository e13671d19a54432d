/**
 * What the stream operators and the legal transport operators do to an exchange, decided here
 * once from the mutant's data; the engine reference's wire side (reference/engine/http/
 * stream-mutation.ts) calls these at the few places a stream or an answer's bytes go out.
 */
import type { StreamOp, TransportOp } from './types.ts';

/** How an answer went out on the wire, as the baseline observed it. */
export interface WireShape {
  /** The answer's head carried a Content-Length (false: chunked, or until close). */
  lengthDelimited?: boolean;
  /** The connection was taken over (hijacked) after the head. */
  hijacked?: boolean;
  /** The head was `101` with `Upgrade` (the client asked to upgrade). */
  upgraded?: boolean;
  /** A stream answer: frames, JSON objects or WebSocket messages, each one `write`. */
  stream?: boolean;
  /** Multiplexed frames (8-byte headers) were written. */
  framed?: boolean;
  /** The stream's head names a Content-Type. */
  typed?: boolean;
}

/** The head of a taken-over connection, as it goes out. */
export interface HijackHead {
  status: 101 | 200;
  headers: Array<[string, string]>;
}

/** What a stream operator does to one stream answer. The identity where it does not act. */
export interface StreamMutation {
  /** One multiplexed frame (header and payload) as it goes out. */
  frame(frame: Buffer): Buffer;
  /** The stream's Content-Type as it goes out. */
  contentType(type: string): string;
  /** The head of a taken-over connection as it goes out. */
  hijackHead(head: HijackHead): HijackHead;
  /** The last frame (or object, or message) is held back and lost when the stream ends. */
  lastLost: boolean;
  /** The head goes out with the first byte of the body, not before. */
  headersWithheld: boolean;
  /** The stream is not ended where it should end (the connection stays open). */
  neverEnds: boolean;
  /** The stream ends after its first frame (or object, or message). */
  endsEarly: boolean;
  /** Whether the operator changes the exchange the baseline saw. */
  reaches(wire: WireShape): boolean;
}

/** A frame type no spec documents (0 stdin, 1 stdout, 2 stderr are). */
export const UNDOCUMENTED_FRAME_TYPE = 7;
/** What `stream/wrong-content-type` answers with. */
export const WRONG_STREAM_TYPE = 'text/plain; charset=utf-8';

const STREAM_IDENTITY: StreamMutation = {
  frame: (f) => f,
  contentType: (t) => t,
  hijackHead: (h) => h,
  lastLost: false,
  headersWithheld: false,
  neverEnds: false,
  endsEarly: false,
  reaches: (wire) => Boolean(wire.stream),
};

const framing = (change: (header: Buffer, frame: Buffer) => void): Partial<StreamMutation> => ({
  frame(frame) {
    if (frame.length < 8) return frame;
    const out = Buffer.from(frame);
    change(out.subarray(0, 8), out);
    return out;
  },
  reaches: (wire) => Boolean(wire.framed),
});

const STREAM_CHANGES: Record<StreamOp, Partial<StreamMutation>> = {
  'size-little-endian': framing((h, f) => h.writeUInt32LE(f.length - 8, 4)),
  'type-swapped': framing((h) => (h[0] = h[0] === 1 ? 2 : h[0] === 2 ? 1 : h[0]!)),
  'type-undocumented': framing((h) => (h[0] = UNDOCUMENTED_FRAME_TYPE)),
  'reserved-nonzero': framing((h) => h.fill(0x2a, 1, 4)),
  'last-frame-lost': { lastLost: true },
  'headers-withheld': { headersWithheld: true, reaches: (wire) => Boolean(wire.stream) },
  'never-ends': { neverEnds: true },
  'ends-early': { endsEarly: true },
  'wrong-content-type': { contentType: () => WRONG_STREAM_TYPE, reaches: (wire) => Boolean(wire.typed) },
  'upgrade-header-missing': {
    hijackHead: (h) => (h.status === 101 ? { ...h, headers: h.headers.filter(([name]) => !/^upgrade$/i.test(name)) } : h),
    reaches: (wire) => Boolean(wire.upgraded),
  },
  'status-200-for-101': { hijackHead: (h) => (h.status === 101 ? { ...h, status: 200 } : h), reaches: (wire) => Boolean(wire.upgraded) },
};

export function streamMutation(op: StreamOp): StreamMutation {
  return { ...STREAM_IDENTITY, ...STREAM_CHANGES[op] };
}

export const STREAM_OPERATORS: Record<StreamOp, string> = {
  'size-little-endian': "each frame header's payload size written little-endian",
  'type-swapped': 'each frame typed as the other stream (stdout as stderr, stderr as stdout)',
  'type-undocumented': `each frame typed ${UNDOCUMENTED_FRAME_TYPE}, a stream type no spec documents`,
  'reserved-nonzero': 'the three reserved bytes of each frame header are not zero',
  'last-frame-lost': 'the last frame (or object, or message) is lost when the stream ends',
  'headers-withheld': 'the head of the answer goes out with the first byte of the body, not before it',
  'never-ends': 'the stream is not ended where it should end (exit, until, follow=false): it stays open',
  'ends-early': 'the stream ends after its first frame (or object, or message)',
  'wrong-content-type': `the stream is answered with Content-Type ${WRONG_STREAM_TYPE}`,
  'upgrade-header-missing': 'the 101 of a hijacked connection carries no Upgrade header',
  'status-200-for-101': 'a hijacked connection is answered 200 where the client asked to upgrade (101)',
};

/** What a legal transport operator does: each is an HTTP variation, so no verdict may change. */
export interface TransportMutation {
  op: TransportOp;
  reaches(wire: WireShape): boolean;
}

const TRANSPORT_REACH: Record<TransportOp, (wire: WireShape) => boolean> = {
  'header-case': () => true,
  'content-length': (wire) => wire.lengthDelimited === false && !wire.stream && !wire.hijacked,
  chunked: (wire) => wire.lengthDelimited === true,
  'byte-at-a-time': () => true,
};

export function transportMutation(op: TransportOp): TransportMutation {
  return { op, reaches: TRANSPORT_REACH[op] };
}

export const TRANSPORT_OPERATORS: Record<TransportOp, string> = {
  'header-case': 'every header name of the answer written in lower case',
  'content-length': 'a chunked answer (not a stream) buffered and sent with a Content-Length',
  chunked: 'an answer with a Content-Length sent chunked instead',
  'byte-at-a-time':
    'the first 64 bytes of each of the first 8 writes of the answer (its head, frames, JSON objects) sent one byte per write, each flushed on its own',
};

export const isTransportOp = (op: string): op is TransportOp => op in TRANSPORT_REACH;
