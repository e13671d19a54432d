import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { FrameDecoder, decodeFrames, encodeFrame, encodeFrameHeader, type Frame, type FrameDecoderOptions } from '../../harness/protocol/index.ts';
import { byteByByte, cutAt, cuts } from './support/chunks.ts';
import { encodeAll, frameStarts, plain, specFrames, type FrameSpec } from './support/frames.ts';

function decodeWhole(bytes: Uint8Array, options?: FrameDecoderOptions) {
  const result = decodeFrames([bytes], options);
  return { frames: plain(result.frames), diagnostics: result.diagnostics, summary: result.summary };
}

function decodeCut(bytes: Uint8Array, at: readonly number[], options?: FrameDecoderOptions) {
  const result = decodeFrames(cutAt(bytes, at), options);
  return { frames: plain(result.frames), diagnostics: result.diagnostics, summary: result.summary };
}

const codes = (diagnostics: ReadonlyArray<{ code: string }>): string[] => diagnostics.map((d) => d.code);

/** Streams with every kind of corruption: frames of any type and reserved bytes, junk, lying sizes. */
const anyFrameSegment = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .record({
        stream: fc.integer({ min: 0, max: 255 }),
        payload: fc.uint8Array({ maxLength: 30 }),
        reserved: fc.constantFrom<[number, number, number]>([0, 0, 0], [0, 0, 0], [1, 0, 0], [0, 0, 255]),
      })
      .map(({ stream, payload, reserved }) => Buffer.concat([encodeFrameHeader({ stream, size: payload.length, reserved }), payload])),
  },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 12 }).map((b) => Buffer.from(b)) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 0xffffffff }).map((size) => encodeFrameHeader({ stream: 1, size })) },
);
const corruptStream = fc.array(anyFrameSegment, { maxLength: 10 }).map((parts) => Buffer.concat(parts));

describe('encodeFrame / FrameDecoder round trip', () => {
  test('any frames, cut anywhere, decode to the same frames at the right offsets, with no diagnostics', () => {
    fc.assert(
      fc.property(specFrames, cuts, (frames, at) => {
        const bytes = encodeAll(frames);
        const decoded = decodeCut(bytes, at);
        const starts = frameStarts(frames);
        expect(decoded.diagnostics).toEqual([]);
        expect(decoded.frames).toEqual(
          frames.map((f, i) => ({ stream: f.stream, offset: starts[i], size: f.payload.length, payload: Buffer.from(f.payload).toString('hex') })),
        );
        expect(decoded.summary.totalBytes).toBe(bytes.length);
        expect(decoded.summary.zeroLengthFrames).toBe(frames.filter((f) => f.payload.length === 0).length);
      }),
    );
  });

  test('the summary counts frames and payload bytes per stream', () => {
    fc.assert(
      fc.property(specFrames, (frames) => {
        const { summary } = decodeWhole(encodeAll(frames));
        for (const stream of [0, 1, 2]) {
          const mine = frames.filter((f) => f.stream === stream);
          const counted = summary.streams.find((s) => s.stream === stream);
          expect(counted?.frames ?? 0).toBe(mine.length);
          expect(counted?.bytes ?? 0).toBe(mine.reduce((n, f) => n + f.payload.length, 0));
        }
        expect(summary.frames).toBe(frames.length);
      }),
    );
  });
});

describe('re-chunking invariance', () => {
  test('any byte stream, cut anywhere, gives the same frames and diagnostics (same offsets)', () => {
    fc.assert(
      fc.property(corruptStream, cuts, fc.constantFrom(undefined, 16, 100), (bytes, at, cap) => {
        const options = cap === undefined ? undefined : { maxFrameBytes: cap };
        expect(decodeCut(bytes, at, options)).toEqual(decodeWhole(bytes, options));
      }),
    );
  });

  test('one byte per chunk gives the same result as one chunk', () => {
    fc.assert(
      fc.property(corruptStream, (bytes) => {
        const result = decodeFrames(byteByByte(bytes));
        expect({ frames: plain(result.frames), diagnostics: result.diagnostics, summary: result.summary }).toEqual(decodeWhole(bytes));
      }),
      { numRuns: 50 },
    );
  });

  test('frames delivered in pieces concatenate to the same payloads', () => {
    fc.assert(
      fc.property(specFrames, cuts, (frames, at) => {
        const bytes = encodeAll(frames);
        const result = decodeFrames(cutAt(bytes, at), { wholePayloadBytes: 0 });
        expect(result.diagnostics).toEqual([]);
        expect(joinPieces(result.frames)).toEqual(decodeWhole(bytes).frames);
      }),
    );
  });
});

describe('every corruption is detected with the right code and offset', () => {
  const nonEmpty = specFrames.filter((frames) => frames.length > 0);

  test('truncation at every position: truncated-header or truncated-payload at the frame, earlier frames intact', () => {
    fc.assert(
      fc.property(nonEmpty, (frames) => {
        const bytes = encodeAll(frames);
        const starts = frameStarts(frames);
        for (let cut = 0; cut <= bytes.length; cut++) {
          const decoded = decodeWhole(bytes.subarray(0, cut));
          const k = starts.findLastIndex((s) => s <= cut);
          const intoFrame = cut - starts[k]!;
          const complete = intoFrame === 0 || (cut === bytes.length && k === frames.length - 1) || intoFrame === 8 + frames[k]!.payload.length;
          const done = complete ? (intoFrame === 0 ? k : k + 1) : k;
          expect(decoded.frames.length).toBe(done);
          if (complete) expect(decoded.diagnostics).toEqual([]);
          else {
            expect(codes(decoded.diagnostics)).toEqual([intoFrame < 8 ? 'truncated-header' : 'truncated-payload']);
            expect(decoded.diagnostics[0]!.offset).toBe(starts[k]);
          }
          expect(decoded.summary.totalBytes).toBe(cut);
        }
      }),
      { numRuns: 40 },
    );
  });

  test('a non-zero reserved byte is reported at that byte; the frame still decodes', () => {
    fc.assert(
      fc.property(nonEmpty, fc.nat(), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 255 }), cuts, (frames, pick, index, value, at) => {
        const k = pick % frames.length;
        const bytes = encodeAll(frames);
        const start = frameStarts(frames)[k]!;
        bytes[start + index] = value;
        const decoded = decodeCut(bytes, at);
        expect(codes(decoded.diagnostics)).toEqual(['reserved-bytes-nonzero']);
        expect(decoded.diagnostics[0]!.offset).toBe(start + index);
        expect(decoded.frames).toEqual(decodeWhole(encodeAll(frames)).frames);
      }),
    );
  });

  test('an unknown stream type (4-255) is reported at its frame; the frame still decodes', () => {
    fc.assert(
      fc.property(nonEmpty, fc.nat(), fc.integer({ min: 4, max: 255 }), cuts, (frames, pick, type, at) => {
        const k = pick % frames.length;
        const changed: FrameSpec[] = frames.map((f, i) => (i === k ? { ...f, stream: type } : f));
        const decoded = decodeCut(encodeAll(changed), at);
        expect(codes(decoded.diagnostics)).toEqual(['unknown-stream-type']);
        expect(decoded.diagnostics[0]!.offset).toBe(frameStarts(frames)[k]);
        expect(decoded.frames.map((f) => f.stream)).toEqual(changed.map((f) => f.stream));
      }),
    );
  });

  test('a size above the cap is reported once at the size field; nothing after it is decoded', () => {
    fc.assert(
      fc.property(nonEmpty, fc.nat(), fc.integer({ min: 41, max: 0xffffffff }), cuts, (frames, pick, size, at) => {
        const k = pick % frames.length;
        const bytes = encodeAll(frames);
        const start = frameStarts(frames)[k]!;
        bytes.writeUInt32BE(size, start + 4);
        const decoded = decodeCut(bytes, at, { maxFrameBytes: 40 });
        expect(codes(decoded.diagnostics)).toEqual(['frame-too-large']);
        expect(decoded.diagnostics[0]!.offset).toBe(start + 4);
        expect(decoded.frames.length).toBe(k);
        expect(decoded.summary.unparsedBytes).toBe(bytes.length - start);
      }),
    );
  });
});

describe('examples, one per diagnostic code', () => {
  test('type 0, 1 and 2 frames are clean; a stdin payload that looks like a header is not re-read as one', () => {
    const fakeHeader = encodeFrameHeader({ stream: 1, size: 3 });
    const { frames, diagnostics } = decodeWhole(Buffer.concat([encodeFrame(0, fakeHeader), encodeFrame(1, 'out'), encodeFrame(2, 'err')]));
    expect(diagnostics).toEqual([]);
    expect(frames.map((f) => [f.stream, f.size])).toEqual([
      [0, 8],
      [1, 3],
      [2, 3],
    ]);
  });

  test('system-error-frame: type 3, payload shown as text', () => {
    const { diagnostics, summary } = decodeWhole(encodeFrame(3, 'Error grabbing logs: EOF'));
    expect(codes(diagnostics)).toEqual(['system-error-frame']);
    expect(diagnostics[0]).toMatchObject({ offset: 0, severity: 'violation' });
    expect(diagnostics[0]!.message).toContain('"Error grabbing logs: EOF"');
    expect(summary.streams).toEqual([{ stream: 3, name: 'system-error', frames: 1, bytes: 24 }]);
  });

  test('system-error-frame is also reported for a truncated type 3 frame, before truncated-payload', () => {
    const bytes = encodeFrame(3, 'Error grabbing logs').subarray(0, 13);
    const { diagnostics } = decodeWhole(bytes);
    expect(codes(diagnostics)).toEqual(['system-error-frame', 'truncated-payload']);
    expect(diagnostics[0]!.message).toContain('"Error"');
  });

  test('unknown-stream-type', () => {
    const { diagnostics } = decodeWhole(Buffer.concat([encodeFrame(1, 'a'), encodeFrame(7, 'b')]));
    expect(diagnostics).toEqual([expect.objectContaining({ code: 'unknown-stream-type', offset: 9 })]);
  });

  test('reserved-bytes-nonzero', () => {
    const { diagnostics } = decodeWhole(Buffer.concat([encodeFrameHeader({ stream: 1, size: 1, reserved: [0, 0, 9] }), Buffer.from('x')]));
    expect(diagnostics).toEqual([expect.objectContaining({ code: 'reserved-bytes-nonzero', offset: 3 })]);
  });

  test('truncated-header', () => {
    const { diagnostics, summary } = decodeWhole(Buffer.concat([encodeFrame(1, 'ab'), Buffer.from([1, 0, 0])]));
    expect(diagnostics).toEqual([expect.objectContaining({ code: 'truncated-header', offset: 10 })]);
    expect(summary.unparsedBytes).toBe(3);
  });

  test('truncated-payload', () => {
    const { diagnostics, summary } = decodeWhole(encodeFrame(2, 'hello').subarray(0, 10));
    expect(diagnostics).toEqual([expect.objectContaining({ code: 'truncated-payload', offset: 0 })]);
    expect(diagnostics[0]!.message).toContain('declares 5 payload bytes but the stream ends after 2');
    expect(summary.frames).toBe(0);
  });

  test('frame-too-large: a 4 GiB claim is reported, never allocated, even with a cap above it', () => {
    const bytes = Buffer.concat([encodeFrameHeader({ stream: 1, size: 0xffffffff }), Buffer.alloc(10)]);
    expect(decodeWhole(bytes).diagnostics).toEqual([expect.objectContaining({ code: 'frame-too-large', offset: 4 })]);
    const uncapped = decodeWhole(bytes, { maxFrameBytes: 2 ** 33 });
    expect(uncapped.diagnostics).toEqual([expect.objectContaining({ code: 'truncated-payload', offset: 0 })]);
  });

  test('zero-length frames are allowed and counted', () => {
    const { diagnostics, summary } = decodeWhole(Buffer.concat([encodeFrame(1, ''), encodeFrame(2, ''), encodeFrame(1, 'x')]));
    expect(diagnostics).toEqual([]);
    expect(summary).toMatchObject({ frames: 3, zeroLengthFrames: 2, totalBytes: 25 });
  });

  test('data-after-end: bytes pushed after end() are reported and ignored', () => {
    const decoder = new FrameDecoder();
    [...decoder.end()];
    const events = [...decoder.push(encodeFrame(1, 'late'))];
    expect(events).toEqual([{ kind: 'diagnostic', diagnostic: expect.objectContaining({ code: 'data-after-end' }) }]);
    expect(decoder.summary().frames).toBe(0);
  });
});

describe('streaming behaviour', () => {
  test('an iterator dropped early loses nothing: the next push carries on', () => {
    const decoder = new FrameDecoder();
    const first = decoder.push(Buffer.concat([encodeFrame(1, 'a'), encodeFrame(1, 'b'), encodeFrame(1, 'c')]));
    const seen: string[] = [];
    for (const event of first) {
      if (event.kind === 'frame') seen.push(event.frame.payload.toString());
      break;
    }
    for (const event of decoder.push(encodeFrame(2, 'd'))) if (event.kind === 'frame') seen.push(event.frame.payload.toString());
    for (const event of decoder.end()) if (event.kind === 'frame') seen.push(event.frame.payload.toString());
    expect(seen).toEqual(['a', 'b', 'c', 'd']);
  });

  test('a large frame cut across chunks comes whole by default, and in pieces with wholePayloadBytes', () => {
    const payload = Buffer.alloc(1000, 7);
    const chunks = cutAt(encodeFrame(1, payload), [300, 600]);
    expect(decodeFrames(chunks).frames).toEqual([{ stream: 1, offset: 0, size: 1000, payload }]);
    const pieces = decodeFrames(chunks, { wholePayloadBytes: 100 }).frames;
    expect(pieces.map((f) => [f.piece?.start, f.piece?.last, f.payload.length])).toEqual([
      [0, false, 292],
      [292, false, 300],
      [592, true, 408],
    ]);
  });

  test('a Uint8Array that is not a Buffer is accepted', () => {
    const bytes = new Uint8Array(encodeFrame(1, 'hi'));
    expect(plain(decodeFrames([bytes]).frames)).toEqual([{ stream: 1, offset: 0, size: 2, payload: '6869' }]);
  });
});

function joinPieces(frames: readonly Frame[]): ReturnType<typeof plain> {
  const whole: Frame[] = [];
  for (const frame of frames) {
    const last = whole.at(-1);
    if (frame.piece && frame.piece.start > 0 && last) last.payload = Buffer.concat([last.payload, frame.payload]);
    else whole.push({ stream: frame.stream, offset: frame.offset, size: frame.size, payload: Buffer.from(frame.payload) });
  }
  return plain(whole);
}
