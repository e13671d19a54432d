/**
 * Frame streams for the benchmark, generated chunk by chunk so that a 256 MiB stream is never held
 * in memory: each chunk is a fresh buffer (the decoder may keep views of earlier chunks while a
 * frame spans them), frames cross chunk boundaries anywhere, headers included.
 */
import { encodeFrameHeader } from '../harness/protocol/index.ts';

/** Yields `totalBytes` of valid frames in chunks of `chunkBytes`, payload sizes cycling through `sizes`. */
export function* generatedFrameStream(totalBytes: number, chunkBytes: number, sizes: readonly number[]): Generator<Buffer> {
  let sizeIndex = 0;
  let header: Buffer = Buffer.alloc(0);
  let headerPos = 0;
  let payloadLeft = 0;
  for (let produced = 0; produced < totalBytes; ) {
    const chunk = Buffer.allocUnsafe(Math.min(chunkBytes, totalBytes - produced));
    for (let at = 0; at < chunk.length; ) {
      if (payloadLeft === 0 && headerPos === header.length) {
        const size = sizes[sizeIndex++ % sizes.length]!;
        header = encodeFrameHeader({ stream: 1 + (sizeIndex % 2), size });
        headerPos = 0;
        payloadLeft = size;
      }
      if (headerPos < header.length) {
        const n = header.copy(chunk, at, headerPos);
        headerPos += n;
        at += n;
      } else {
        const n = Math.min(payloadLeft, chunk.length - at);
        chunk.fill(0x61, at, at + n);
        payloadLeft -= n;
        at += n;
      }
    }
    produced += chunk.length;
    yield chunk;
  }
}

/** Deterministic random cut points (xorshift), chunk sizes 1..max. */
export function randomlyCut(bytes: Buffer, max: number): Buffer[] {
  let state = 0x9e3779b9;
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; ) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    const size = 1 + ((state >>> 0) % max);
    chunks.push(bytes.subarray(at, at + size));
    at += size;
  }
  return chunks;
}
