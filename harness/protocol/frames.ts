/**
 * A streaming decoder and verifier for the multiplexed attach/logs/exec stream (spec, Endpoints,
 * "Stream details"). It beats the public clients' failure modes (facts): a header split across
 * chunks just works; a stdin (type 0) payload is never re-read as a header; no recursion; each
 * byte is looked at once and never copied twice (linear time); a size field is never trusted for
 * allocation: payload bytes are kept only as they arrive, and a size above `maxFrameBytes` makes
 * the decoder report once and stop trusting the rest of the stream.
 *
 * Usage:
 *   const decoder = new FrameDecoder();
 *   for await (const chunk of source) for (const event of decoder.push(chunk)) handle(event);
 *   for (const event of decoder.end()) handle(event);
 *   decoder.summary();
 *
 * `push` and `end` return lazy iterators: the bytes are decoded as you iterate. A chunk whose
 * iterator you drop early is not lost: its remaining events come out of the next iterator.
 *
 * Diagnostic offsets point at the offending byte: the type byte (unknown-stream-type), the first
 * non-zero reserved byte (reserved-bytes-nonzero), the size field (frame-too-large); a frame's
 * first header byte for system-error-frame and truncated-payload; the start of the partial header
 * for truncated-header.
 */
import { quote, violation, type Diagnostic } from './diagnostic.ts';
import { FRAME_HEADER_BYTES, STREAM_STDERR, STREAM_SYSTEM_ERROR, isSpecStreamType, streamName } from './frame-header.ts';
import { FrameCounter, type FrameSummary } from './frame-summary.ts';
import { ChunkedDecoder } from './chunked-decoder.ts';

export const DEFAULT_MAX_FRAME_BYTES = 64 * 1024 * 1024;
/** How much of a system-error (type 3) payload is kept to show in its diagnostic. */
const SYSTEM_ERROR_PREVIEW_BYTES = 1024;

export interface FrameDecoderOptions {
  /** A size field above this is reported (frame-too-large) and ends decoding. Default 64 MiB. */
  maxFrameBytes?: number;
  /**
   * A frame whose payload arrives in more than one chunk and is larger than this is delivered in
   * pieces, as its bytes arrive (each piece a `frame` event with `piece` set), so that memory stays
   * bounded by the chunk size. Default: `maxFrameBytes` (payloads are always delivered whole, so
   * memory is bounded by the cap). Pass 0 never to buffer payload bytes.
   */
  wholePayloadBytes?: number;
}

export interface Frame {
  /** Byte 0 of the header: 0 stdin, 1 stdout, 2 stderr; 3 system error (real daemons); others unknown. */
  stream: number;
  /** Byte offset of the frame's header in the stream. */
  offset: number;
  /** The payload size the header declares. */
  size: number;
  /**
   * The payload, or one piece of it (see `piece`). A payload that lies within one pushed chunk is
   * a view of that chunk, not a copy: keep it only as long as you need it.
   */
  payload: Buffer;
  /** Set only for a frame delivered in pieces: where this piece starts in the payload, and whether it is the last. */
  piece?: { start: number; last: boolean };
}

export type FrameEvent = { kind: 'frame'; frame: Frame } | { kind: 'diagnostic'; diagnostic: Diagnostic };

type State = 'header' | 'payload' | 'unparseable';
const NO_PAYLOAD = Buffer.alloc(0);

export class FrameDecoder extends ChunkedDecoder<FrameEvent> {
  private readonly maxFrameBytes: number;
  private readonly wholePayloadBytes: number;
  private readonly counter = new FrameCounter();
  private state: State = 'header';

  private readonly header = Buffer.alloc(FRAME_HEADER_BYTES);
  private headerFill = 0;
  private frameOffset = 0;
  private frameStream = 0;
  private frameSize = 0;
  private remaining = 0;
  /** Pieces of a payload being accumulated for whole delivery; `received` counts the payload bytes so far. */
  private pieces: Buffer[] = [];
  private received = 0;
  private piecewise = false;
  private preview: Buffer[] = [];
  private previewBytes = 0;

  constructor(options: FrameDecoderOptions = {}) {
    super();
    this.maxFrameBytes = nonNegative(options.maxFrameBytes, DEFAULT_MAX_FRAME_BYTES);
    this.wholePayloadBytes = nonNegative(options.wholePayloadBytes, this.maxFrameBytes);
  }

  summary(): FrameSummary {
    return this.counter.summary(this.ended);
  }

  protected override decode(chunk: Buffer): void {
    if (this.state === 'header') this.readHeader(chunk);
    else if (this.state === 'payload') this.readPayload(chunk);
    else this.skipUnparseable(chunk);
  }

  protected override finish(): void {
    if (this.state === 'header' && this.headerFill > 0) this.reportTruncatedHeader();
    if (this.state === 'payload') this.reportTruncatedPayload();
  }

  protected override pushedAfterEnd(bytes: number): void {
    this.emitDiagnostic(violation('data-after-end', `${bytes} bytes were pushed after end(); they were ignored`, this.offset));
  }

  /**
   * The fast path, taken for most frames: a clean header at a chunk boundary whose payload lies
   * within the same chunk. It decides exactly what readHeader + readPayload would.
   */
  protected override quickEvent(chunk: Buffer): FrameEvent | undefined {
    if (this.state !== 'header' || this.headerFill !== 0) return undefined;
    const at = this.pos;
    if (chunk.length - at < FRAME_HEADER_BYTES) return undefined;
    const stream = chunk[at]!;
    if (stream > STREAM_STDERR || chunk[at + 1] !== 0 || chunk[at + 2] !== 0 || chunk[at + 3] !== 0) return undefined;
    const size = chunk.readUInt32BE(at + 4);
    const end = at + FRAME_HEADER_BYTES + size;
    if (size > this.maxFrameBytes || end > chunk.length) return undefined;
    const offset = this.offset;
    this.advance(FRAME_HEADER_BYTES + size);
    this.counter.frame(stream, size);
    return { kind: 'frame', frame: { stream, offset, size, payload: size === 0 ? NO_PAYLOAD : chunk.subarray(at + FRAME_HEADER_BYTES, end) } };
  }

  private readHeader(chunk: Buffer): void {
    if (this.headerFill === 0) this.frameOffset = this.offset;
    const available = chunk.length - this.pos;
    if (this.headerFill === 0 && available >= FRAME_HEADER_BYTES) {
      const at = this.pos;
      this.advance(FRAME_HEADER_BYTES);
      this.startFrame(chunk, at);
      return;
    }
    const n = Math.min(FRAME_HEADER_BYTES - this.headerFill, available);
    chunk.copy(this.header, this.headerFill, this.pos, this.pos + n);
    this.headerFill += n;
    this.advance(n);
    if (this.headerFill === FRAME_HEADER_BYTES) {
      this.headerFill = 0;
      this.startFrame(this.header, 0);
    }
  }

  private startFrame(bytes: Buffer, at: number): void {
    const stream = bytes[at]!;
    const size = bytes.readUInt32BE(at + 4);
    const start = this.frameOffset;
    if (size > this.maxFrameBytes) {
      this.emitDiagnostic(
        violation(
          'frame-too-large',
          `the frame at offset ${start} declares ${size} payload bytes, above the cap of ${this.maxFrameBytes}; the rest of the stream is not decoded`,
          start + 4,
        ),
      );
      this.counter.unparsed(FRAME_HEADER_BYTES);
      this.state = 'unparseable';
      return;
    }
    if (!isSpecStreamType(stream) && stream !== STREAM_SYSTEM_ERROR) {
      this.emitDiagnostic(
        violation('unknown-stream-type', `the frame at offset ${start} has stream type ${stream}; the spec knows 0 (stdin), 1 (stdout), 2 (stderr)`, start),
      );
    }
    const reservedAt = firstNonZero(bytes, at + 1, at + 4);
    if (reservedAt >= 0) {
      const shown = [bytes[at + 1], bytes[at + 2], bytes[at + 3]].join(', ');
      this.emitDiagnostic(
        violation('reserved-bytes-nonzero', `the frame at offset ${start} has header bytes 1-3 = [${shown}]; the spec says zero`, start + reservedAt - at),
      );
    }
    this.frameStream = stream;
    this.frameSize = size;
    this.remaining = size;
    this.received = 0;
    this.piecewise = false;
    if (size === 0) this.completeFrame(NO_PAYLOAD);
    else this.state = 'payload';
  }

  private readPayload(chunk: Buffer): void {
    const n = Math.min(chunk.length - this.pos, this.remaining);
    const piece = chunk.subarray(this.pos, this.pos + n);
    this.advance(n);
    this.remaining -= n;
    const first = this.received === 0;
    this.received += n;
    if (this.frameStream === STREAM_SYSTEM_ERROR) this.keepPreview(piece);
    if (first && this.remaining === 0) {
      this.completeFrame(piece);
    } else if (this.piecewise || (first && this.frameSize > this.wholePayloadBytes)) {
      this.deliverPiece(piece, this.received - n);
    } else {
      this.pieces.push(piece);
      if (this.remaining === 0) this.completeFrame(Buffer.concat(this.pieces, this.frameSize));
    }
  }

  private deliverPiece(piece: Buffer, start: number): void {
    this.piecewise = true;
    const last = this.remaining === 0;
    this.emit({ kind: 'frame', frame: { stream: this.frameStream, offset: this.frameOffset, size: this.frameSize, payload: piece, piece: { start, last } } });
    if (last) this.finishFrame();
  }

  private completeFrame(payload: Buffer): void {
    this.emit({ kind: 'frame', frame: { stream: this.frameStream, offset: this.frameOffset, size: this.frameSize, payload } });
    this.finishFrame();
  }

  /** Counts the frame (after its system-error diagnostic, if any) and returns to reading headers. */
  private finishFrame(): void {
    if (this.frameStream === STREAM_SYSTEM_ERROR) this.reportSystemError(false);
    this.counter.frame(this.frameStream, this.frameSize);
    this.pieces = [];
    this.state = 'header';
  }

  private skipUnparseable(chunk: Buffer): void {
    const n = chunk.length - this.pos;
    this.counter.unparsed(n);
    this.advance(n);
  }

  private reportTruncatedHeader(): void {
    this.emitDiagnostic(
      violation(
        'truncated-header',
        `the stream ends ${this.headerFill} bytes into a frame header at offset ${this.frameOffset} (${FRAME_HEADER_BYTES} needed)`,
        this.frameOffset,
      ),
    );
    this.counter.unparsed(this.headerFill);
  }

  private reportTruncatedPayload(): void {
    if (this.frameStream === STREAM_SYSTEM_ERROR) this.reportSystemError(true);
    this.emitDiagnostic(
      violation(
        'truncated-payload',
        `the ${streamName(this.frameStream)} frame at offset ${this.frameOffset} declares ${this.frameSize} payload bytes ` +
          `but the stream ends after ${this.received}`,
        this.frameOffset,
      ),
    );
    this.counter.unparsed(FRAME_HEADER_BYTES + this.received);
    this.pieces = [];
  }

  private reportSystemError(truncated: boolean): void {
    const text = Buffer.concat(this.preview).toString('utf8');
    const more = this.frameSize > this.previewBytes ? ` (first ${this.previewBytes} of ${this.frameSize} bytes${truncated ? ', truncated' : ''})` : '';
    this.emitDiagnostic(
      violation(
        'system-error-frame',
        `the frame at offset ${this.frameOffset} has stream type 3, which real daemons use for a system error (the spec knows 0, 1, 2): ${quote(text)}${more}`,
        this.frameOffset,
      ),
    );
    this.preview = [];
    this.previewBytes = 0;
  }

  private keepPreview(piece: Buffer): void {
    const room = SYSTEM_ERROR_PREVIEW_BYTES - this.previewBytes;
    if (room <= 0) return;
    const kept = Buffer.from(piece.subarray(0, room));
    this.preview.push(kept);
    this.previewBytes += kept.length;
  }

  private emitDiagnostic(diagnostic: Diagnostic): void {
    this.counter.diagnostic(diagnostic);
    this.emit({ kind: 'diagnostic', diagnostic });
  }
}

/** Decodes a whole stream given as chunks; for tests and small captures (keeps every frame). */
export function decodeFrames(
  chunks: Iterable<Uint8Array>,
  options?: FrameDecoderOptions,
): { frames: Frame[]; diagnostics: Diagnostic[]; summary: FrameSummary } {
  const decoder = new FrameDecoder(options);
  const frames: Frame[] = [];
  const diagnostics: Diagnostic[] = [];
  const collect = (event: FrameEvent): void => {
    if (event.kind === 'frame') frames.push(event.frame);
    else diagnostics.push(event.diagnostic);
  };
  for (const chunk of chunks) for (const event of decoder.push(chunk)) collect(event);
  for (const event of decoder.end()) collect(event);
  return { frames, diagnostics, summary: decoder.summary() };
}

function firstNonZero(bytes: Buffer, from: number, to: number): number {
  for (let i = from; i < to; i++) if (bytes[i] !== 0) return i;
  return -1;
}

function nonNegative(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value >= 0 ? Math.floor(value) : fallback;
}
