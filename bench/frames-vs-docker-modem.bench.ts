/**
 * The project's FrameDecoder beside docker-modem's demuxStream (what dockerode's users demux
 * attach/logs streams with) on the same bytes in the same chunks, both fed through a PassThrough
 * and both writing whole payloads to stdout/stderr sinks, timed until every payload byte is out:
 * (a) mixed frames, (b) a million 1-byte frames, (c) 256 MiB of 64 KiB frames in 1 KiB chunks.
 * Shown as ours ÷ theirs time ("N× faster"). docker-modem recurses once per frame and copies the
 * rest of its buffer per frame: on some inputs it overflows its stack, reported as its failure.
 * BENCH_DOCKER_MODEM=0 skips this file.
 */
import { round } from './memory.ts';
import { feed, oursDemuxer, theirsDemuxer, type DemuxRun } from './demux/feed.ts';
import { bigFramesSmallChunks, mixedFrames, oneByteFrames, type DemuxInput } from './demux/inputs.ts';
import { dockerModemVersion } from './demux/docker-modem.ts';
import type { BenchOutput, BenchResult } from './types.ts';

const MiB = 1024 * 1024;
/** Each side runs this many times, alternately; the fastest run counts (the machine is shared). */
const RUNS = 3;

interface Comparison {
  input: DemuxInput;
  ours: DemuxRun;
  theirs: DemuxRun;
}

export async function run(): Promise<BenchOutput> {
  if (process.env.BENCH_DOCKER_MODEM === '0') return { results: [] };
  const inputs = [mixedFrames(), oneByteFrames(64 * 1024), oneByteFrames(4 * 1024), bigFramesSmallChunks()];
  const comparisons: Comparison[] = [];
  for (const input of inputs) comparisons.push(await compare(input));
  const version = dockerModemVersion();
  return {
    results: comparisons.flatMap((c) => [
      row(`${c.input.name}: FrameDecoder`, c.input, c.ours),
      row(`${c.input.name}: docker-modem ${version}`, c.input, c.theirs),
    ]),
    text: [
      `FrameDecoder vs docker-modem ${version} demuxStream (same bytes, same chunks, through a PassThrough; fastest of ${RUNS})`,
      ...comparisons.map(ratioLine),
    ],
  };
}

async function compare(input: DemuxInput): Promise<Comparison> {
  const theirsDemux = theirsDemuxer();
  let ours: DemuxRun | undefined;
  let theirs: DemuxRun | undefined = theirsDemux instanceof Error ? { ok: false, reason: `cannot load: ${theirsDemux.message}` } : undefined;
  for (let i = 0; i < RUNS; i++) {
    ours = fastest(ours, await feed(oursDemuxer, input.chunks(), input.payloadBytes));
    // A failure is not retried: docker-modem fails the same way on the same bytes.
    if (!(theirsDemux instanceof Error) && (theirs === undefined || theirs.ok))
      theirs = fastest(theirs, await feed(theirsDemux, input.chunks(), input.payloadBytes));
  }
  return { input, ours: ours!, theirs: theirs! };
}

/** The faster of two runs; a failure wins (it is what the case shows). */
function fastest(best: DemuxRun | undefined, next: DemuxRun): DemuxRun {
  if (best === undefined || !next.ok) return next;
  if (!best.ok) return best;
  return next.ms < best.ms ? next : best;
}

function row(name: string, input: DemuxInput, run: DemuxRun): BenchResult {
  const shape =
    `${input.frames.toLocaleString('en-US')} frames, ${round(input.streamBytes / MiB)} MiB ` +
    `in ${input.chunkCount.toLocaleString('en-US')} ${input.chunking}`;
  if (!run.ok) return { name, ms: Number.NaN, heapMB: 0, note: `failed: ${run.reason}; ${shape}` };
  return {
    name,
    ms: round(run.ms),
    ops: Math.round(input.frames / (run.ms / 1000)),
    heapMB: 0,
    note: `${shape}, ${round(input.streamBytes / MiB / (run.ms / 1000))} MiB/s`,
  };
}

function ratioLine(c: Comparison): string {
  const head = `  ${c.input.name}:`;
  if (!c.ours.ok) return `${head} FrameDecoder failed: ${c.ours.reason}`;
  if (!c.theirs.ok) return `${head} FrameDecoder ${round(c.ours.ms)} ms; docker-modem failed: ${c.theirs.reason}`;
  const ratio = c.ours.ms / c.theirs.ms;
  const verdict = ratio <= 1 ? `${round(1 / ratio)}× faster` : `${round(ratio)}× slower`;
  return `${head} FrameDecoder ${round(c.ours.ms)} ms, docker-modem ${round(c.theirs.ms)} ms: ours ÷ theirs = ${ratio.toFixed(3)} (${verdict})`;
}
