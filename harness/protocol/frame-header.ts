/**
 * The 8-byte header of the multiplexed attach/logs/exec stream (spec, Endpoints, "Stream
 * details"): byte 0 = stream type, bytes 1-3 = zero, bytes 4-7 = payload size, uint32 big-endian.
 */
export const FRAME_HEADER_BYTES = 8;
/** The largest size the 32-bit field can carry. */
export const MAX_FRAME_SIZE_FIELD = 0xffff_ffff;

/** The spec's stream types; 3 is what real daemons send for a "system error" (facts). */
export const STREAM_STDIN = 0;
export const STREAM_STDOUT = 1;
export const STREAM_STDERR = 2;
export const STREAM_SYSTEM_ERROR = 3;

const STREAM_NAMES: ReadonlyArray<string> = ['stdin', 'stdout', 'stderr', 'system-error'];

export function streamName(stream: number): string {
  return STREAM_NAMES[stream] ?? `type-${stream}`;
}

/** True for the types the spec documents: 0 (stdin, written on stdout), 1 (stdout), 2 (stderr). */
export function isSpecStreamType(stream: number): boolean {
  return stream === STREAM_STDIN || stream === STREAM_STDOUT || stream === STREAM_STDERR;
}

export interface FrameHeaderFields {
  stream: number;
  size: number;
  /** Bytes 1-3; the spec says zero. Set them to build corrupt streams in tests. */
  reserved?: readonly [number, number, number];
}

/** Builds a header. Throws RangeError on values a header cannot hold (a caller's bug, not input). */
export function encodeFrameHeader({ stream, size, reserved = [0, 0, 0] }: FrameHeaderFields): Buffer {
  assertByte(stream, 'stream type');
  reserved.forEach((byte) => assertByte(byte, 'reserved byte'));
  if (!Number.isInteger(size) || size < 0 || size > MAX_FRAME_SIZE_FIELD) {
    throw new RangeError(`frame size must be an integer from 0 to ${MAX_FRAME_SIZE_FIELD}, got ${size}`);
  }
  const header = Buffer.alloc(FRAME_HEADER_BYTES);
  header[0] = stream;
  header[1] = reserved[0];
  header[2] = reserved[1];
  header[3] = reserved[2];
  header.writeUInt32BE(size, 4);
  return header;
}

/** One frame: header + payload. Strings are sent as UTF-8. */
export function encodeFrame(stream: number, payload: Uint8Array | string): Buffer {
  const body = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload;
  return Buffer.concat([encodeFrameHeader({ stream, size: body.length }), body]);
}

function assertByte(value: number, what: string): void {
  if (!Number.isInteger(value) || value < 0 || value > 255) throw new RangeError(`${what} must be a byte (0-255), got ${value}`);
}
