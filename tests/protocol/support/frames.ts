import fc from 'fast-check';
import { encodeFrame, type Frame } from '../../../harness/protocol/index.ts';

export interface FrameSpec {
  stream: number;
  payload: Uint8Array;
}

export const specFrame: fc.Arbitrary<FrameSpec> = fc.record({
  stream: fc.integer({ min: 0, max: 2 }),
  payload: fc.oneof(fc.uint8Array({ maxLength: 40 }), fc.constant(new Uint8Array(0))),
});

export const specFrames: fc.Arbitrary<FrameSpec[]> = fc.array(specFrame, { maxLength: 12 });

export function encodeAll(frames: readonly FrameSpec[]): Buffer {
  return Buffer.concat(frames.map((f) => encodeFrame(f.stream, f.payload)));
}

/** Where each frame's header starts. */
export function frameStarts(frames: readonly FrameSpec[]): number[] {
  const starts: number[] = [];
  let at = 0;
  for (const frame of frames) {
    starts.push(at);
    at += 8 + frame.payload.length;
  }
  return starts;
}

/** A comparable view of decoded frames. */
export function plain(frames: readonly Frame[]): Array<{ stream: number; offset: number; size: number; payload: string }> {
  return frames.map((f) => ({ stream: f.stream, offset: f.offset, size: f.size, payload: f.payload.toString('hex') }));
}
