/**
 * The frame decoder against the cases the public clients fail (facts): a million tiny frames in
 * one chunk, many frames cut at random, a 4 GiB size claim, and a long stream (256 MiB in 64 KiB
 * chunks, generated on the fly). Target: linear time and under 100 MB for each case.
 */
import { FrameDecoder, encodeFrame, encodeFrameHeader, type FrameDecoderOptions } from '../harness/protocol/index.ts';
import { MemoryProbe, round } from './memory.ts';
import { generatedFrameStream, randomlyCut } from './synthetic-frames.ts';
import type { BenchResult } from './types.ts';

const MiB = 1024 * 1024;
/** How often (in events or chunks) the probe samples memory. */
const SAMPLE_EVERY = 65_536;
const RUNS = 3;

export async function run(): Promise<BenchResult[]> {
  return [
    measure('250k 1-byte frames, one chunk (scaling check)', () => [oneByteFrames(250_000)]),
    measure('1M 1-byte frames, one chunk', () => [oneByteFrames(1_000_000)]),
    measure('100k frames, random chunks (1 B-8 KiB)', () => randomlyCut(hundredThousandFrames(), 8192)),
    measure('4 GiB size claim + 10 bytes (default cap)', () => [fourGiBClaim()]),
    measure('4 GiB size claim + 10 bytes (cap 8 GiB)', () => [fourGiBClaim()], { maxFrameBytes: 8 * 1024 * MiB }),
    measure('256 MiB stream, 64 KiB chunks, frames 0 B-1 MiB', () => generatedFrameStream(256 * MiB, 64 * 1024, [0, 1, 100, 4096, 70_000, 1 * MiB, 3, 65_536])),
  ];
}

/**
 * Runs a case RUNS times and keeps the fastest time (the machine is shared: the slower runs measure
 * the neighbours) and the largest memory. The input is prepared before each baseline, so an input
 * built up front is not charged to the decoder.
 */
function measure(name: string, input: () => Iterable<Buffer>, options?: FrameDecoderOptions): BenchResult {
  const runs = Array.from({ length: RUNS }, () => measureOnce(input(), options));
  const fastest = runs.reduce((best, r) => (r.ms < best.ms ? r : best));
  const heapMB = Math.max(...runs.map((r) => r.heapMB));
  const rss = runs.reduce((worst, r) => (r.rss.peakMB > worst.peakMB ? r.rss : worst), runs[0]!.rss);
  const { summary, ms, chunkCount } = fastest;
  const codes =
    Object.entries(summary.diagnosticCounts)
      .map(([code, n]) => `${code}×${n}`)
      .join(' ') || 'clean';
  return {
    name,
    ...(summary.frames > 0 ? { ops: Math.round(summary.frames / (ms / 1000)) } : {}),
    ms: round(ms),
    heapMB,
    note:
      `${summary.frames} frames, ${round(summary.totalBytes / MiB)} MiB in ${chunkCount} chunks, ` +
      `${round(summary.totalBytes / MiB / (ms / 1000))} MiB/s, ${codes}, rss peak ${rss.peakMB} MB (+${rss.growthMB})`,
  };
}

function measureOnce(chunks: Iterable<Buffer>, options?: FrameDecoderOptions) {
  const probe = new MemoryProbe();
  const started = performance.now();
  const decoder = new FrameDecoder(options);
  let events = 0;
  let chunkCount = 0;
  const count = (): void => {
    if (++events % SAMPLE_EVERY === 0) probe.sample();
  };
  for (const chunk of chunks) {
    for (const _event of decoder.push(chunk)) count();
    if (++chunkCount % 16 === 0) probe.sample();
  }
  for (const _event of decoder.end()) count();
  const ms = performance.now() - started;
  return { ms, chunkCount, summary: decoder.summary(), heapMB: probe.heapMB(), rss: probe.rss() };
}

function oneByteFrames(count: number): Buffer {
  const bytes = Buffer.alloc(9 * count);
  for (let i = 0; i < count; i++) {
    bytes[i * 9] = 1;
    bytes[i * 9 + 7] = 1;
    bytes[i * 9 + 8] = 0x61;
  }
  return bytes;
}

function hundredThousandFrames(): Buffer {
  const frames: Buffer[] = [];
  for (let i = 0; i < 100_000; i++) frames.push(encodeFrame(1 + (i % 2), Buffer.alloc((i * 7919) % 200, 0x62)));
  return Buffer.concat(frames);
}

function fourGiBClaim(): Buffer {
  return Buffer.concat([encodeFrameHeader({ stream: 1, size: 0xffffffff }), Buffer.alloc(10)]);
}
