import fc from 'fast-check';

/** Cuts `bytes` at the given positions (taken modulo its length, sorted, deduplicated). */
export function cutAt(bytes: Uint8Array, cuts: readonly number[]): Buffer[] {
  const buffer = Buffer.from(bytes);
  if (buffer.length === 0) return [buffer];
  const points = [...new Set(cuts.map((c) => c % buffer.length))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let from = 0;
  for (const point of points) {
    chunks.push(buffer.subarray(from, point));
    from = point;
  }
  chunks.push(buffer.subarray(from));
  return chunks;
}

/** Cut positions for re-chunking: none, a few, or many (down to 1-byte chunks). */
export const cuts: fc.Arbitrary<number[]> = fc.oneof(fc.constant<number[]>([]), fc.array(fc.nat(), { maxLength: 8 }), fc.array(fc.nat(), { maxLength: 400 }));

/** Every byte its own chunk. */
export function byteByByte(bytes: Uint8Array): Buffer[] {
  return Array.from(bytes, (byte) => Buffer.from([byte]));
}

/** Random chunks of 1 to `max` bytes from a seeded generator (deterministic for a given seed). */
export function randomChunks(bytes: Buffer, seed: number, max: number): Buffer[] {
  let state = seed >>> 0 || 1;
  const next = (): number => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % max;
  };
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; ) {
    const size = 1 + next();
    chunks.push(bytes.subarray(at, at + size));
    at += size;
  }
  return chunks;
}
