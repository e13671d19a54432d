/**
 * Feeds the same chunks to a demuxer through a PassThrough, as the demuxers' users do (the
 * response stream of an attach or logs request), and times it until every payload byte has been
 * written to the stdout/stderr sinks. A demuxer that throws (docker-modem's recursion overflows
 * its stack on some inputs) or loses bytes is reported as failed, not fatal to the bench.
 */
import { once } from 'node:events';
import { PassThrough, Writable } from 'node:stream';
import { FrameDecoder, type FrameEvent } from '../../harness/protocol/index.ts';
import { dockerModem } from './docker-modem.ts';

/** Wires a demuxer to a source stream and two sinks; data starts flowing when the bench writes. */
export type Demuxer = (source: PassThrough, stdout: Writable, stderr: Writable) => void;

export type DemuxRun = { ok: true; ms: number; bytes: number; writes: number } | { ok: false; reason: string };

/** A sink that counts what a demuxer writes to it. */
class CountingSink extends Writable {
  bytes = 0;
  writes = 0;
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.bytes += chunk.length;
    this.writes++;
    done();
  }
}

/** The project's FrameDecoder, writing each whole payload to its stream's sink. */
export const oursDemuxer: Demuxer = (source, stdout, stderr) => {
  const decoder = new FrameDecoder();
  const deliver = (events: Iterable<FrameEvent>): void => {
    for (const event of events) if (event.kind === 'frame') (event.frame.stream === 2 ? stderr : stdout).write(event.frame.payload);
  };
  source.on('data', (chunk: Buffer) => deliver(decoder.push(chunk)));
  source.on('end', () => deliver(decoder.end()));
};

/** docker-modem's demuxStream, or the reason it could not load. */
export function theirsDemuxer(): Demuxer | Error {
  const modem = dockerModem();
  if (modem instanceof Error) return modem;
  return (source, stdout, stderr) => modem.demuxStream(source, stdout, stderr);
}

/** One timed run: writes `chunks` (honouring backpressure), ends the source, waits for its end. */
export async function feed(demux: Demuxer, chunks: Iterable<Buffer>, payloadBytes: number): Promise<DemuxRun> {
  const source = new PassThrough();
  const stdout = new CountingSink();
  const stderr = new CountingSink();
  let thrown: unknown;
  const onUncaught = (error: unknown): void => {
    thrown ??= error;
    source.destroy();
  };
  // A demuxer's exception inside a 'data' handler may surface from write() or, when the chunk was
  // buffered, from a later tick as an uncaught exception: both end this run only.
  process.on('uncaughtException', onUncaught);
  const started = performance.now();
  try {
    demux(source, stdout, stderr);
    const ended = once(source, 'end');
    ended.catch(() => undefined);
    for (const chunk of chunks) {
      if (thrown !== undefined) break;
      if (!source.write(chunk)) await Promise.race([once(source, 'drain'), once(source, 'close')]);
    }
    if (thrown === undefined) {
      source.end();
      await Promise.race([ended, once(source, 'close')]);
    }
  } catch (error) {
    thrown ??= error;
  } finally {
    process.off('uncaughtException', onUncaught);
  }
  const ms = performance.now() - started;
  if (thrown !== undefined) return { ok: false, reason: describe(thrown) };
  const bytes = stdout.bytes + stderr.bytes;
  if (bytes !== payloadBytes) return { ok: false, reason: `demuxed ${bytes} of ${payloadBytes} payload bytes` };
  return { ok: true, ms, bytes, writes: stdout.writes + stderr.writes };
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
