/**
 * The verifier for a Tty stream (a container or exec with `Tty: true`): the spec says the stream
 * is the raw pseudo-terminal data, so there is nothing to decode; it counts bytes. It also notes
 * (an observation, never a violation) when the data looks framed: a client that expects raw data
 * would print the headers.
 *
 * The heuristic walks the frame headers found in the first PROBE_BYTES: it says "looks framed"
 * when the first header is plausible (type 0-3, reserved bytes zero) and every header it can reach
 * in the probe is plausible too. Terminal text rarely starts with a byte below 4 followed by three
 * zero bytes, so false positives need binary output that happens to look like a header.
 */
import { observation, type Diagnostic } from './diagnostic.ts';
import { FRAME_HEADER_BYTES, STREAM_SYSTEM_ERROR } from './frame-header.ts';

const PROBE_BYTES = 64 * 1024;

export interface TtySummary {
  totalBytes: number;
  looksFramed: boolean;
}

export class TtyStreamVerifier {
  private totalBytes = 0;
  private readonly probe = Buffer.alloc(PROBE_BYTES);
  private probeFill = 0;
  private looksFramed: boolean | undefined;

  /** Counts the chunk; a Tty stream has nothing to report until its end. */
  push(chunk: Uint8Array): Diagnostic[] {
    this.totalBytes += chunk.length;
    const room = PROBE_BYTES - this.probeFill;
    if (room > 0) {
      const taken = chunk.subarray(0, room);
      this.probe.set(taken, this.probeFill);
      this.probeFill += taken.length;
    }
    return [];
  }

  end(): Diagnostic[] {
    if (this.looksFramed === undefined) this.looksFramed = probeLooksFramed(this.probe.subarray(0, this.probeFill), this.totalBytes);
    return this.looksFramed
      ? [observation('looks-framed', 'the data starts with what look like multiplexed frame headers, although the stream is a Tty (raw) stream', 0)]
      : [];
  }

  summary(): TtySummary {
    return { totalBytes: this.totalBytes, looksFramed: this.looksFramed ?? false };
  }
}

function probeLooksFramed(probe: Buffer, totalBytes: number): boolean {
  let at = 0;
  let headers = 0;
  while (at + FRAME_HEADER_BYTES <= probe.length) {
    if (!plausibleHeader(probe, at)) return false;
    headers++;
    at += FRAME_HEADER_BYTES + probe.readUInt32BE(at + 4);
  }
  // When the probe holds the whole stream, the frames must also end exactly where it ends.
  const wholeStreamSeen = probe.length === totalBytes;
  return headers > 0 && (!wholeStreamSeen || at === totalBytes);
}

function plausibleHeader(bytes: Buffer, at: number): boolean {
  return bytes[at]! <= STREAM_SYSTEM_ERROR && bytes[at + 1] === 0 && bytes[at + 2] === 0 && bytes[at + 3] === 0;
}
