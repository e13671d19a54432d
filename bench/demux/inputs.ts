/**
 * The byte streams both demuxers get, prepared before any timing starts (the same bytes and the
 * same chunks for both): chunks are views of prepared buffers, so no input is generated on the clock.
 */
import { encodeFrame } from '../../harness/protocol/index.ts';
import { randomlyCut } from '../synthetic-frames.ts';

const KiB = 1024;
const MiB = 1024 * KiB;

export interface DemuxInput {
  name: string;
  /** A fresh iteration over the chunks, the same every time. */
  chunks(): Iterable<Buffer>;
  frames: number;
  payloadBytes: number;
  streamBytes: number;
  chunkCount: number;
  /** How the bytes are cut, for the notes. */
  chunking: string;
}

/** (a) Frames of mixed sizes (0 B to 300 KiB, stdout and stderr), cut at random points 1 B-16 KiB. */
export function mixedFrames(totalBytes = 32 * MiB): DemuxInput {
  const sizes = [0, 1, 3, 17, 40, 100, 500, 1000, 4096, 65_536, 70_000, 300_000];
  const frames: Buffer[] = [];
  let length = 0;
  let payloadBytes = 0;
  for (let i = 0; length < totalBytes; i++) {
    const size = sizes[i % sizes.length]!;
    const frame = encodeFrame(1 + (i % 2), Buffer.alloc(size, 0x61 + (i % 26)));
    frames.push(frame);
    length += frame.length;
    payloadBytes += size;
  }
  const bytes = Buffer.concat(frames);
  const chunks = randomlyCut(bytes, 16 * KiB);
  return {
    name: '(a) mixed frames',
    chunks: () => chunks,
    frames: frames.length,
    payloadBytes,
    streamBytes: bytes.length,
    chunkCount: chunks.length,
    chunking: 'random chunks of 1 B-16 KiB',
  };
}

/** (b) A million 1-byte frames in chunks of `chunkBytes`. */
export function oneByteFrames(chunkBytes: number, count = 1_000_000): DemuxInput {
  const bytes = Buffer.alloc(9 * count);
  for (let i = 0; i < count; i++) {
    bytes[i * 9] = 1;
    bytes[i * 9 + 7] = 1;
    bytes[i * 9 + 8] = 0x61;
  }
  const chunks = [...cut(bytes, chunkBytes)];
  return {
    name: `(b) 1M 1-byte frames, ${size(chunkBytes)} chunks`,
    chunks: () => chunks,
    frames: count,
    payloadBytes: count,
    streamBytes: bytes.length,
    chunkCount: chunks.length,
    chunking: `${size(chunkBytes)} chunks`,
  };
}

/**
 * (c) 256 MiB of 64 KiB frames delivered in 1 KiB chunks: 128 frames (exactly 8193 KiB with their
 * headers) are prepared once and their chunks delivered 32 times over.
 */
export function bigFramesSmallChunks(): DemuxInput {
  const frameBytes = 64 * KiB;
  const perUnit = 128;
  const repeats = (256 * MiB) / (frameBytes * perUnit);
  const unit = Buffer.concat(Array.from({ length: perUnit }, (_, i) => encodeFrame(1 + (i % 2), Buffer.alloc(frameBytes, 0x62))));
  const unitChunks = [...cut(unit, KiB)];
  function* chunks(): Generator<Buffer> {
    for (let r = 0; r < repeats; r++) yield* unitChunks;
  }
  return {
    name: '(c) 256 MiB of 64 KiB frames, 1 KiB chunks',
    chunks,
    frames: perUnit * repeats,
    payloadBytes: frameBytes * perUnit * repeats,
    streamBytes: unit.length * repeats,
    chunkCount: unitChunks.length * repeats,
    chunking: '1 KiB chunks',
  };
}

function* cut(bytes: Buffer, chunkBytes: number): Generator<Buffer> {
  for (let at = 0; at < bytes.length; at += chunkBytes) yield bytes.subarray(at, at + chunkBytes);
}

function size(bytes: number): string {
  return bytes >= MiB ? `${bytes / MiB} MiB` : bytes >= KiB ? `${bytes / KiB} KiB` : `${bytes} B`;
}
