import { STREAM_STDERR, STREAM_STDOUT } from '../../../harness/protocol/frame-header.ts';
import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { createExec, execContainer, startAttached } from '../support/exec.ts';
import { exitedContainer } from '../support/lifecycle.ts';
import {
  attachAndRun,
  attachSession,
  bothStreams,
  describeDiagnostics,
  expectFrames,
  expectPayload,
  expectRaw,
  logsSession,
  streamTypes,
  terminalText,
  waitForLog,
  type Capture,
  type Demuxed,
} from '../support/streams.ts';

const SAME_FOR_LOGS = 'engine/stream/same-for-logs-and-exec';

const ATTACH = 'engine/containers/attach';
const ALL = { stream: 1, stdout: 1, stderr: 1 };
/**
 * 300 bytes with the newline: a size whose big-endian and little-endian readings differ (and exceed
 * one byte). Characters of 1 to 4 UTF-8 bytes make the byte count differ from any count of characters.
 */
const LONG_LINE = `${'x'.repeat(9)}${'aé€😀'.repeat(29)}`;
/** The frame-format breaches a misread size causes. */
const SIZE_BREACHES = ['frame-too-large', 'truncated-payload', 'truncated-header'];
/** 131,073 bytes written by one echo (a 16-byte word doubled 13 times): more than a 16-bit size can state. */
const WORD = '0123456789abcdef';
const DOUBLINGS = 13;
const BIG_SCRIPT = `x=${WORD}; for i in ${Array.from({ length: DOUBLINGS }, (_, i) => i + 1).join(' ')}; do x=$x$x; done; echo $x`;
const BIG_OUTPUT = `${WORD.repeat(2 ** DOUBLINGS)}\n`;

/** Attach to a container running `cmd` (Tty false) from before its start until it exits. */
function attachRun(ctx: EngineContext, cmd: string[]): Promise<Capture> {
  return attachAndRun(ctx, { cmd }, ALL);
}

/** Writes on stdout, then stderr, then stdout again: the stream the file's frame checks judge. */
const ONE_TWO_THREE = ['sh', '-c', 'echo one; echo two >&2; echo three'];

/**
 * The file's attach stream of ONE_TWO_THREE, captured once (attachRun) and judged by each frame
 * check that reads it: the exchange is copied into each reader's transcript, its evidence.
 */
async function sharedAttachRun(ctx: EngineContext): Promise<Capture> {
  const made = await ctx.file.containers.get('attach run one-two-three', async (owner) => {
    const from = ctx.transcript.entries.length;
    const capture = await attachAndRun(ctx, { cmd: ONE_TWO_THREE, owner }, ALL);
    return { capture, exchanges: ctx.transcript.entries.slice(from), maker: ctx };
  });
  if (made.maker !== ctx) for (const e of made.exchanges) ctx.transcript.record(e);
  return made.capture;
}

/** Every frame has the one stream type `stream`. */
function expectOnlyType(ctx: EngineContext, decoded: Demuxed, stream: number, what: string): void {
  const others = decoded.frames.filter((f) => f.stream !== stream);
  ctx.expect(
    decoded.frames.length > 0 && others.length === 0,
    `${what}: expected only stream type ${stream} frames, got types ${streamTypes(decoded.frames).join(', ') || 'none'}` +
      `${others[0] ? ` (first other at byte ${others[0].offset})` : ''}`,
    { expected: `type ${stream}`, actual: streamTypes(decoded.frames) },
  );
}

/** Spec: Endpoints > Containers, "Stream details for attach (and logs, exec start)". */
export default [
  engineCheck({
    id: 'engine/stream/frame-header',
    title: 'With Tty false the stream is multiplexed into frames: an 8-byte header, then the payload',
    endpoint: ATTACH,
    async run(ctx) {
      const got = await sharedAttachRun(ctx);
      const decoded = expectFrames(ctx, got.data, 'attach stream of a Tty-false container');
      ctx.expect(decoded.frames.length >= 2, `expected at least two frames (stdout and stderr output), got ${decoded.frames.length}`, {
        expected: '>= 2 frames',
        actual: decoded.frames.length,
      });
    },
  }),
  engineCheck({
    id: 'engine/stream/frame-stream-type',
    title: 'Header byte 0 is the stream type: stdout output in type 1 frames, stderr output in type 2 frames',
    endpoint: ATTACH,
    async run(ctx) {
      const decoded = expectFrames(ctx, (await sharedAttachRun(ctx)).data, 'attach stream', undefined, ['unknown-stream-type', 'system-error-frame']);
      const byText = (text: string) => decoded.frames.filter((f) => f.payload.includes(text));
      expectOnlyType(ctx, { ...decoded, frames: [...byText('one'), ...byText('three')] }, STREAM_STDOUT, 'the frames carrying the stdout lines');
      expectOnlyType(ctx, { ...decoded, frames: byText('two') }, STREAM_STDERR, 'the frames carrying the stderr line');
    },
  }),
  engineCheck({
    id: 'engine/stream/frame-reserved-zero',
    title: 'Header bytes 1-3 are zero',
    endpoint: ATTACH,
    async run(ctx) {
      const got = await sharedAttachRun(ctx);
      const decoded = expectFrames(ctx, got.data, 'attach stream', undefined, ['reserved-bytes-nonzero']);
      ctx.expect(decoded.frames.length >= 2, `expected the stdout and the stderr frame to judge their headers, got ${decoded.frames.length} frame(s)`, {
        expected: '>= 2 frames',
        actual: decoded.frames.length,
      });
    },
  }),
  engineCheck({
    id: 'engine/stream/frame-size-big-endian',
    title: 'Header bytes 4-7 are the payload size, unsigned 32-bit big-endian, and the payload is that many bytes',
    endpoint: ATTACH,
    async run(ctx) {
      const got = await attachRun(ctx, ['echo', LONG_LINE]);
      const decoded = expectFrames(ctx, got.data, 'attach stream of a 300-byte line', undefined, SIZE_BREACHES);
      expectPayload(ctx, decoded.stdout, `${LONG_LINE}\n`, 'the payloads, read by their big-endian sizes, are exactly the 300 bytes written');
      // Sizes above 16 bits: the output is cut into frames as the target likes, but read by the
      // sizes it states the frames must give back every byte, whatever the cut.
      const big = await attachRun(ctx, ['sh', '-c', BIG_SCRIPT]);
      const bigDecoded = expectFrames(ctx, big.data, `attach stream of ${BIG_OUTPUT.length} bytes`, undefined, SIZE_BREACHES);
      expectPayload(ctx, bigDecoded.stdout, BIG_OUTPUT, `the payloads, read by their big-endian sizes, are exactly the ${BIG_OUTPUT.length} bytes written`);
      // Only a frame the target made larger than 65,535 bytes shows bytes 4-5 of the size in use.
      const largest = bigDecoded.frames.reduce((most, f) => Math.max(most, f.payload.length), 0);
      if (largest <= 0xffff)
        ctx.observe(`the target cut ${BIG_OUTPUT.length} bytes into frames of at most ${largest} bytes: a size above 16 bits was not seen`);
    },
  }),
  engineCheck({
    id: 'engine/stream/frames-contiguous',
    title: 'The reader procedure consumes the stream exactly: frames back to back, no bytes between them, no partial frame at the end',
    endpoint: ATTACH,
    async run(ctx) {
      const got = await sharedAttachRun(ctx);
      const decoded = expectFrames(ctx, got.data, 'attach stream of several writes');
      ctx.expect(
        decoded.unparsedBytes === 0,
        `${decoded.unparsedBytes} of ${got.data.length} bytes are not part of a complete frame (${describeDiagnostics(decoded.diagnostics)})`,
        { expected: 0, actual: decoded.unparsedBytes },
      );
      expectPayload(ctx, decoded.stdout, 'one\nthree\n', 'the stdout frames, read one after another, hold every stdout write');
      expectPayload(ctx, decoded.stderr, 'two\n', 'the stderr frames hold the stderr write');
    },
  }),
  engineCheck({
    id: 'engine/stream/stdout-stderr-separated',
    title: 'What the process writes on stdout arrives in type 1 frames, what it writes on stderr in type 2 frames (attach and exec start)',
    endpoint: ATTACH,
    async run(ctx) {
      const decoded = expectFrames(ctx, (await sharedAttachRun(ctx)).data, 'attach stream');
      expectPayload(ctx, decoded.stdout, 'one\nthree\n', 'stdout output, and only it, in type 1 frames');
      expectPayload(ctx, decoded.stderr, 'two\n', 'stderr output, and only it, in type 2 frames');
      // The rule is the stream's, whoever runs the process: an exec session's pipes are its own.
      const { id } = await execContainer(ctx);
      const exec = expectFrames(ctx, (await startAttached(ctx, await createExec(ctx, id, { Cmd: ONE_TWO_THREE }), false)).data, 'exec start stream');
      expectPayload(ctx, exec.stdout, 'one\nthree\n', 'exec: stdout output, and only it, in type 1 frames');
      expectPayload(ctx, exec.stderr, 'two\n', 'exec: stderr output, and only it, in type 2 frames');
    },
  }),
  engineCheck({
    id: 'engine/stream/tty-raw',
    title: 'A container created with Tty true streams the raw terminal data, not frames',
    endpoint: ATTACH,
    async run(ctx) {
      const got = await attachAndRun(ctx, { cmd: ['echo', 'tty-raw'], tty: true }, ALL);
      expectRaw(ctx, got.data, 'attach to a Tty container');
      ctx.expectEqual(terminalText(got.data), 'tty-raw\n', 'the raw stream is the terminal output (CR LF read as LF)');
    },
  }),
  engineCheck({
    id: 'engine/stream/tty-raw/stdin',
    title: "A Tty container's raw stream carries the client's stdin: a line written on it reaches the program, whose answer comes back raw",
    requirements: ['engine/stream/tty-raw'],
    endpoint: ATTACH,
    async run(ctx) {
      const { id } = await ctx.runningContainer(['sh', '-c', 'read x; echo got-$x'], { openStdin: true, tty: true });
      const got = await attachSession(ctx, id, { ...ALL, stdin: 1 }, { stdin: 'ping\n' });
      expectRaw(ctx, got.data, 'attach with stdin to a Tty container');
      ctx.expect(terminalText(got.data).includes('got-ping\n'), "the line written on the Tty stream reaches the program's stdin, which answers got-ping", {
        expected: 'got-ping',
        actual: terminalText(got.data).slice(0, 300),
      });
    },
  }),
  engineCheck({
    id: SAME_FOR_LOGS,
    title: 'Logs and exec start stream like attach: frames when Tty is false, raw data when Tty is true',
    endpoint: 'engine/containers/logs',
    async run(ctx) {
      const { id } = await ctx.runningContainer(['sh', '-c', 'echo logs-out; echo logs-err >&2; while true; do sleep 0.1; done']);
      // The daemon copies stdout and stderr to the log separately: wait until both are there. The log's stream is the subject.
      await waitForLog(ctx, id, 'logs-out', 'stdout', SAME_FOR_LOGS);
      await waitForLog(ctx, id, 'logs-err', 'stderr', SAME_FOR_LOGS);
      const logs = expectFrames(ctx, (await logsSession(ctx, id, { stdout: 1, stderr: 1 })).data, 'logs of a Tty-false container');
      expectPayload(ctx, logs.stdout, 'logs-out\n', 'logs: stdout in type 1 frames');
      expectPayload(ctx, logs.stderr, 'logs-err\n', 'logs: stderr in type 2 frames');
      const rawLogs = await exitedContainer(ctx, ['echo', 'logs-tty'], { tty: true });
      const ttyLogs = await logsSession(ctx, rawLogs.id, { stdout: 1, stderr: 1 });
      expectRaw(ctx, ttyLogs.data, 'logs of a Tty container');
      ctx.expectEqual(terminalText(ttyLogs.data), 'logs-tty\n', 'logs of a Tty container are the raw terminal output');
      const exec = expectFrames(
        ctx,
        (await startAttached(ctx, await createExec(ctx, id, { Cmd: bothStreams('exec-out', 'exec-err') }), false)).data,
        'exec start with Tty false',
      );
      expectPayload(ctx, exec.stdout, 'exec-out\n', 'exec: stdout in type 1 frames');
      expectPayload(ctx, exec.stderr, 'exec-err\n', 'exec: stderr in type 2 frames');
      const ttyExec = await startAttached(ctx, await createExec(ctx, id, { Cmd: ['echo', 'exec-tty'], Tty: true }), true);
      expectRaw(ctx, ttyExec.data, 'exec start with Tty true');
      ctx.expectEqual(terminalText(ttyExec.data), 'exec-tty\n', 'exec with Tty true streams the raw terminal output');
    },
  }),
];
