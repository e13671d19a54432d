import { engineCheck } from '../support/check.ts';
import { pollState } from '../support/lifecycle.ts';
import { forAll } from '../support/properties.ts';
import { binaryPayload } from '../support/stream-payloads.ts';
import {
  attachSession,
  demux,
  expectClosed,
  expectFrames,
  expectPayload,
  framedStdoutBreach,
  openSession,
  readUntil,
  sessionEndMs,
} from '../support/streams.ts';

const ATTACH = 'engine/containers/attach';
const STDIN_ATTACH = { stream: 1, stdin: 1, stdout: 1, stderr: 1 };
/** A body an HTTP client library sends with its POST, unasked (the marker must never reach stdin). */
const BODY_MARKER = 'conformance-attach-request-body';
/** Written on the hijacked stream after the answer: once its echo is back, anything before it has arrived too. */
const AFTER_HEAD = 'conformance-after-head\n';

/** How long a `cat` without stdin may take to start and end on a loaded target. */
const CLOSED_STDIN_MS = 10_000;

/** Enough read: the whole echo arrived, or the stream already broke the frame format (a partial frame at the end is only a frame still arriving). */
function echoedOrBroken(data: Buffer, expected: number): boolean {
  const sofar = demux(data);
  return sofar.stdout.length >= expected || sofar.diagnostics.some((d) => d.severity === 'violation' && !d.code.startsWith('truncated-'));
}

/** Spec: Resources > Container create (OpenStdin, StdinOnce); Endpoints > 17 (stdin); Stream details. */
export default [
  engineCheck({
    id: 'engine/stream/stdin-forwarded',
    title: 'Property: random bytes (frame-header look-alikes included) written on an attached stdin reach `cat` and come back byte-exact in stdout frames',
    requirements: ['engine/stream/stdin-forwarded', 'engine/stream/frames-contiguous'],
    endpoint: ATTACH,
    async run(ctx) {
      // One `cat` serves every run: each run attaches, writes, reads the echo back, and detaches.
      const { id } = await ctx.runningContainer(['cat'], { openStdin: true });
      await forAll(ctx, binaryPayload(), async (payload) => {
        const conn = await openSession(ctx, `/containers/${id}/attach`, { query: STDIN_ATTACH, stdin: payload });
        const got = await readUntil(conn, (data) => echoedOrBroken(data, payload.length), sessionEndMs(ctx));
        conn.close();
        const breach = framedStdoutBreach(got.data, payload, `the attach stream of \`cat\` given ${payload.length} stdin bytes`);
        const stderr = demux(got.data).stderr;
        return breach ?? (stderr.length ? `${stderr.length} unexpected stderr bytes: ${stderr.toString('utf8').slice(0, 200)}` : undefined);
      });
    },
  }),
  engineCheck({
    id: 'engine/containers/create/body-open-stdin/closed',
    title: 'OpenStdin false opens no stdin: `cat` reads end of file at once and the container exits 0',
    requirements: ['engine/containers/create/body-open-stdin'],
    endpoint: 'engine/containers/create',
    async run(ctx) {
      const { id } = await ctx.runningContainer(['cat'], { openStdin: false });
      // With a stdin held open, `cat` would wait on it until the deadline.
      const state = await pollState(ctx, id, (s) => s.Running === false, CLOSED_STDIN_MS);
      ctx.expectEqual(
        [state.Running, state.ExitCode],
        [false, 0],
        `a container running \`cat\`, created with OpenStdin false, has exited 0 within ${CLOSED_STDIN_MS} ms: [Running, ExitCode]`,
      );
    },
  }),
  engineCheck({
    id: 'engine/stream/attach-body-not-stdin',
    title: "A body sent with the attach request does not reach the container's stdin; only bytes written after the answer do (not shown: recorded)",
    endpoint: ATTACH,
    async run(ctx) {
      const { id } = await ctx.runningContainer(['cat'], { openStdin: true });
      const conn = await ctx.api.hijack('POST', `/containers/${id}/attach`, {
        upgrade: true,
        query: STDIN_ATTACH,
        body: `{"${BODY_MARKER}": true}\n`,
        headers: { 'content-type': 'application/json' },
      });
      ctx.defer(() => conn.close());
      if (conn.status !== 101 && conn.status !== 200) ctx.blockedBy('engine/containers/attach/101-upgraded', `the attach answered ${conn.status}`);
      await conn.write(AFTER_HEAD);
      const got = await readUntil(conn, (data) => demux(data).stdout.includes(AFTER_HEAD), sessionEndMs(ctx));
      conn.close();
      const stdout = demux(got.data).stdout.toString('utf8');
      if (!stdout.includes(AFTER_HEAD))
        ctx.blockedBy('engine/stream/stdin-forwarded', `the bytes written after the answer did not come back: ${JSON.stringify(stdout.slice(0, 200))}`);
      // Clients that send a body with every POST (generic HTTP libraries, SDKs that send `{}`) depend on this.
      const leaked = stdout.includes(BODY_MARKER);
      if (!leaked) ctx.observe("the attach request's body did not reach stdin: only the bytes written after the answer came back");
      ctx.expect(!leaked, "the body of the attach request reached the container's stdin", {
        expected: AFTER_HEAD,
        actual: stdout.slice(0, 300),
      });
    },
  }),
  engineCheck({
    id: 'engine/stream/stdin-once',
    title: 'StdinOnce: when the one attached client closes its stdin, the process sees end of file',
    endpoint: ATTACH,
    async run(ctx) {
      const { id } = await ctx.runningContainer(['sh', '-c', 'cat; echo eof-seen'], { openStdin: true, stdinOnce: true });
      const got = await attachSession(ctx, id, STDIN_ATTACH, { stdin: 'abc', endInput: true });
      expectClosed(ctx, got, 'after the client closed stdin (StdinOnce) the program reaches end of file, exits, and the stream ends');
      expectPayload(
        ctx,
        expectFrames(ctx, got.data, 'attach with StdinOnce').stdout,
        'abceof-seen\n',
        'cat copied the input, saw end of file, and the shell went on',
      );
      ctx.expectEqual(await ctx.waitExit(id), 0, 'the container exits 0 after its stdin closed');
    },
  }),
];
