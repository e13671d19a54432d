/**
 * Per-stream byte and frame counts of a multiplexed stream, kept in fixed arrays (the type is one
 * byte), so counting costs nothing per frame and memory nothing per stream.
 */
import type { Diagnostic } from './diagnostic.ts';
import { FRAME_HEADER_BYTES, streamName } from './frame-header.ts';

export interface StreamCount {
  stream: number;
  /** stdin, stdout, stderr, system-error, or type-<n>. */
  name: string;
  /** Complete frames of this stream type. */
  frames: number;
  /** Payload bytes of those frames. */
  bytes: number;
}

export interface FrameSummary {
  /** Every byte seen: 8 per complete frame + its payload, plus `unparsedBytes`. */
  totalBytes: number;
  /** Complete frames, all stream types. */
  frames: number;
  /** Complete frames with an empty payload (allowed, counted). */
  zeroLengthFrames: number;
  /** Only the stream types seen, in type order. */
  streams: StreamCount[];
  /** Bytes not part of a complete frame: after a frame-too-large, a partial header or a truncated frame. */
  unparsedBytes: number;
  /** How many diagnostics of each code were reported. */
  diagnosticCounts: Record<string, number>;
  /** Whether end() was called (truncation is only known then). */
  ended: boolean;
}

export class FrameCounter {
  private readonly framesByStream = new Float64Array(256);
  private readonly bytesByStream = new Float64Array(256);
  private zeroLength = 0;
  private unparsedBytes = 0;
  private readonly diagnosticCounts = new Map<string, number>();

  frame(stream: number, size: number): void {
    this.framesByStream[stream]! += 1;
    this.bytesByStream[stream]! += size;
    if (size === 0) this.zeroLength++;
  }

  unparsed(bytes: number): void {
    this.unparsedBytes += bytes;
  }

  diagnostic(diagnostic: Diagnostic): void {
    this.diagnosticCounts.set(diagnostic.code, (this.diagnosticCounts.get(diagnostic.code) ?? 0) + 1);
  }

  summary(ended: boolean): FrameSummary {
    const streams: StreamCount[] = [];
    let frames = 0;
    let payloadBytes = 0;
    for (let stream = 0; stream < 256; stream++) {
      const count = this.framesByStream[stream]!;
      if (count === 0) continue;
      const bytes = this.bytesByStream[stream]!;
      streams.push({ stream, name: streamName(stream), frames: count, bytes });
      frames += count;
      payloadBytes += bytes;
    }
    return {
      totalBytes: frames * FRAME_HEADER_BYTES + payloadBytes + this.unparsedBytes,
      frames,
      zeroLengthFrames: this.zeroLength,
      streams,
      unparsedBytes: this.unparsedBytes,
      diagnosticCounts: Object.fromEntries(this.diagnosticCounts),
      ended,
    };
  }
}
