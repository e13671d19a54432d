import { PassThrough } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { framesCommand } from '../../harness/cli/frames.ts';
import { encodeFrame, encodeFrameHeader } from '../../harness/protocol/index.ts';
import { randomChunks } from './support/chunks.ts';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function run(argv: string[], chunks: readonly Buffer[]): Promise<Run> {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  stdout.on('data', (c: Buffer) => out.push(c));
  stderr.on('data', (c: Buffer) => err.push(c));
  const done = framesCommand(argv, { stdin, stdout, stderr });
  for (const chunk of chunks) stdin.write(chunk);
  stdin.end();
  const code = await done;
  return { code, stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString() };
}

async function runJson(chunks: readonly Buffer[], extra: string[] = []) {
  const result = await run(['--json', ...extra], chunks);
  return { code: result.code, report: JSON.parse(result.stdout) as Record<string, any> };
}

function millionOneByteFrames(): Buffer {
  const bytes = Buffer.alloc(9 * 1_000_000);
  for (let i = 0; i < 1_000_000; i++) {
    bytes[i * 9] = 1;
    bytes[i * 9 + 7] = 1;
    bytes[i * 9 + 8] = 0x61;
  }
  return bytes;
}

const fourGiBClaim = Buffer.concat([encodeFrameHeader({ stream: 1, size: 0xffffffff }), Buffer.alloc(10, 0x41)]);
const truncatedLast = Buffer.concat([encodeFrame(1, 'complete\n'), encodeFrame(2, 'cut short').subarray(0, 12)]);
const types037 = Buffer.concat([encodeFrame(0, 'stdin echo'), encodeFrame(3, 'Error grabbing logs: EOF'), encodeFrame(7, 'seven')]);

describe('conformance frames: verdicts and exit codes', () => {
  // How fast: npm run bench -- frames.
  test('a million 1-byte frames in one chunk: clean, counted', async () => {
    const { code, report } = await runJson([millionOneByteFrames()]);
    expect(code).toBe(0);
    expect(report).toMatchObject({
      verdict: 'clean',
      frames: 1_000_000,
      totalBytes: 9_000_000,
      streams: [{ stream: 1, name: 'stdout', frames: 1_000_000, bytes: 1_000_000 }],
      diagnostics: [],
    });
  });

  test('a header claiming 4 GiB followed by 10 bytes: frame-too-large at the size field, the rest unparsed', async () => {
    const { code, report } = await runJson([fourGiBClaim]);
    expect(code).toBe(1);
    expect(report.diagnostics).toEqual([expect.objectContaining({ code: 'frame-too-large', offset: 4 })]);
    expect(report).toMatchObject({ frames: 0, unparsedBytes: 18, totalBytes: 18 });
  });

  test('a truncated last frame: truncated-payload at that frame', async () => {
    const { code, report } = await runJson([truncatedLast]);
    expect(code).toBe(1);
    expect(report.diagnostics).toEqual([expect.objectContaining({ code: 'truncated-payload', offset: 17 })]);
    expect(report.streams).toEqual([{ stream: 1, name: 'stdout', frames: 1, bytes: 9 }]);
  });

  test('type 0 is clean; type 3 is a system error shown as text; type 7 is unknown', async () => {
    expect((await runJson([encodeFrame(0, 'stdin echo')])).code).toBe(0);
    const { code, report } = await runJson([types037]);
    expect(code).toBe(1);
    expect(report.diagnostics.map((d: { code: string; offset: number }) => [d.code, d.offset])).toEqual([
      ['system-error-frame', 18],
      ['unknown-stream-type', 50],
    ]);
    expect(report.diagnostics[0].message).toContain('Error grabbing logs: EOF');
    expect(report.streams.map((s: { stream: number }) => s.stream)).toEqual([0, 3, 7]);
  });

  test('the same streams re-chunked at random give the same report', async () => {
    const streams = [millionOneByteFrames().subarray(0, 9 * 5_000), fourGiBClaim, truncatedLast, types037];
    const expected = await Promise.all(streams.map((s) => runJson([s])));
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.integer({ min: 1, max: 64 }), async (seed, max) => {
        for (const [i, stream] of streams.entries()) expect(await runJson(randomChunks(stream, seed, max))).toEqual(expected[i]);
      }),
      { numRuns: 10 },
    );
  });

  test('--max-frame-bytes sets the cap', async () => {
    const frame = encodeFrame(1, 'hello');
    expect((await runJson([frame], ['--max-frame-bytes', '5'])).code).toBe(0);
    const capped = await runJson([frame], ['--max-frame-bytes', '4']);
    expect(capped.code).toBe(1);
    expect(capped.report.diagnostics[0].code).toBe('frame-too-large');
  });

  test('--tty counts raw bytes; framed-looking data is only a note', async () => {
    const raw = await runJson([Buffer.from('$ echo hi\r\nhi\r\n')], ['--tty']);
    expect(raw).toEqual({ code: 0, report: expect.objectContaining({ mode: 'tty', verdict: 'clean', totalBytes: 15, looksFramed: false }) });
    const framed = await runJson([encodeFrame(1, 'out\n'), encodeFrame(2, 'err\n')], ['--tty']);
    expect(framed.code).toBe(0);
    expect(framed.report.diagnostics).toEqual([expect.objectContaining({ code: 'looks-framed', severity: 'observation' })]);
  });
});

describe('conformance frames: human output', () => {
  test('lists each violation with its offset, then counts per stream and the verdict', async () => {
    const { code, stdout } = await run([], [types037]);
    expect(code).toBe(1);
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^violation at offset 18: system-error-frame: .*Error grabbing logs: EOF/);
    expect(lines[1]).toMatch(/^violation at offset 50: unknown-stream-type: /);
    expect(stdout).toMatch(/stdin +1 frames +10 bytes/);
    expect(lines.at(-1)).toBe('verdict: 2 violations (system-error-frame 1, unknown-stream-type 1)');
  });

  test('a clean stream says so', async () => {
    const { code, stdout } = await run([], [encodeFrame(1, 'ok'), encodeFrame(2, '')]);
    expect(code).toBe(0);
    expect(stdout).toContain('2 frames (1 zero-length)');
    expect(stdout.trimEnd().split('\n').at(-1)).toBe('verdict: clean');
  });

  test('listing is capped per code, counts are not', async () => {
    const bad = Buffer.concat(Array.from({ length: 1500 }, () => encodeFrame(9, 'x')));
    const { code, stdout } = await run([], [bad]);
    expect(code).toBe(1);
    expect(stdout.split('\n').filter((l) => l.startsWith('violation')).length).toBe(1000);
    expect(stdout).toContain('500 more diagnostics not listed');
    expect(stdout).toContain('verdict: 1500 violations (unknown-stream-type 1500)');
  });
});

describe('conformance frames: bad usage', () => {
  test.each([
    [['--bogus'], /Unknown option '--bogus'/],
    [['extra.bin'], /Unexpected argument 'extra.bin'/],
    [['--max-frame-bytes', 'lots'], /--max-frame-bytes wants a whole number of bytes, got 'lots'/],
    [['--max-frame-bytes', '-1'], /--max-frame-bytes/],
  ])('%j: exit 2, one line on stderr, no stack trace', async (argv, message) => {
    const result = await run(argv, []);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(message);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  test('--help prints the usage', async () => {
    expect(await run(['--help'], [])).toEqual({
      code: 0,
      stdout: 'usage: conformance frames [--tty] [--json] [--max-frame-bytes N] < capture.bin\n',
      stderr: '',
    });
  });
});
