/**
 * The target's own writer of the multiplexed stream: an 8-byte header [type, 0, 0, 0,
 * size uint32 big-endian] and the payload. Deliberately not shared with the suite's decoder.
 */
import type { FaultSet } from '../faults.ts';
import type { StreamName } from '../state/output.ts';

const STREAM_TYPE: Record<StreamName, number> = { stdout: 1, stderr: 2 };
const HEADER_BYTES = 8;
const TRAILING_BYTE = Buffer.from('\n');
const NO_BYTES = Buffer.alloc(0);

/** @param declaredSize the size the header gives instead of the payload's (`blind28-logs-timestamps-frame-size-unstamped`). */
export function encodeFrame(stream: StreamName, payload: Buffer, faults: FaultSet, declaredSize?: number): Buffer {
  const header = Buffer.alloc(HEADER_BYTES);
  header[0] = stream === 'stdout' && faults.has('frame-stdout-typed-stderr') ? STREAM_TYPE.stderr : STREAM_TYPE[stream];
  if (faults.has('frame-reserved-nonzero')) header.fill(0x2a, 1, 4);
  // Under `blind3-frame-size-16bit` the size is written as if it fit in a uint16 (bytes 6-7 only).
  // Under `blind19-frame-size-text-length` it is the length of the payload decoded as text (characters, not bytes).
  const length = declaredSize ?? (faults.has('blind19-frame-size-text-length') ? payload.toString('utf8').length : payload.length);
  const size = faults.has('blind3-frame-size-16bit') ? length & 0xffff : length;
  if (faults.has('frame-size-little-endian')) header.writeUInt32LE(size, 4);
  else header.writeUInt32BE(size, 4);
  return Buffer.concat([header, payload, faults.has('frame-trailing-byte') ? TRAILING_BYTE : NO_BYTES]);
}

/** A writer for one stream session: framed (Tty false) or raw (Tty true). */
export function streamEncoder(framed: boolean, faults: FaultSet): (stream: StreamName, payload: Buffer, declaredSize?: number) => Buffer {
  return framed ? (stream, payload, declaredSize) => encodeFrame(stream, payload, faults, declaredSize) : (_stream, payload) => payload;
}
