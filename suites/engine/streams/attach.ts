import { engineCheck } from '../support/check.ts';
import { LONG_SLEEP, sharedExitedContainer, sharedRunningContainer } from '../support/lifecycle.ts';
import {
  QUIET_MS,
  attachAndRun,
  attachSession,
  bothStreams,
  demux,
  expectClosed,
  detachedSession,
  expectLiveUntilDetached,
  expectFrames,
  expectOnlyStream,
  expectPayload,
  LOGGED_BOTH,
  logsSession,
  waitForLog,
} from '../support/streams.ts';
import { expectNoUpgradeHeaders, expectUpgradeHeaders } from '../support/upgrade-answers.ts';

const ENDPOINT = 'engine/containers/attach';
/** Waits for one line on stdin, then answers it: output that only a live, stdin-attached stream sees. */
const READS_A_LINE = ['sh', '-c', 'echo before; read x; echo after-$x'];
/** READS_A_LINE that also logs a line on stderr first. */
const LOGS_BOTH_THEN_READS = ['sh', '-c', 'echo before; echo before-err >&2; read x; echo after-$x'];

/** Spec: Endpoints > Containers > 17. POST /containers/(id or name)/attach; Stream details. */
export default [
  engineCheck({
    id: 'engine/containers/attach/101-upgraded',
    title: 'POST /attach with the upgrade headers answers 101 and the raw stream follows the upgrade',
    requirements: ['engine/containers/attach/101-upgraded', 'engine/stream/hijack-101-headers'],
    oneRule: true,
    endpoint: ENDPOINT,
    async run(ctx) {
      const got = await attachAndRun(ctx, { cmd: ['echo', 'attach-101'] }, { stream: 1, stdout: 1, stderr: 1 });
      expectUpgradeHeaders(ctx, got, 'attach with Upgrade: tcp');
      expectPayload(
        ctx,
        expectFrames(ctx, got.data, 'the stream after the 101').stdout,
        'attach-101\n',
        'the stdout frames after the 101 carry what the container wrote',
      );
    },
  }),
  engineCheck({
    id: 'engine/containers/attach/200-no-upgrade',
    title: 'POST /attach without an upgrade header answers 200 and the raw stream in the body',
    requirements: ['engine/containers/attach/200-no-upgrade', 'engine/stream/no-upgrade-200'],
    oneRule: true,
    endpoint: ENDPOINT,
    async run(ctx) {
      const got = await attachAndRun(ctx, { cmd: ['echo', 'attach-200'] }, { stream: 1, stdout: 1, stderr: 1 }, { upgrade: false });
      expectNoUpgradeHeaders(ctx, got, 'attach without upgrade headers');
      expectPayload(
        ctx,
        expectFrames(ctx, got.data, 'the 200 body').stdout,
        'attach-200\n',
        'the stdout frames of the 200 body carry what the container wrote',
      );
    },
  }),
  engineCheck({
    id: 'engine/containers/attach/400-bad-parameter',
    title: '(1.22) POST /attach with a detachKeys value outside the grammar answers 400',
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const { id } = await sharedRunningContainer(ctx, [...LONG_SLEEP], { openStdin: true });
      const got = await attachSession(ctx, id, { stream: 1, stdin: 1, stdout: 1, detachKeys: 'not-a-key' }, { readMs: 2000 });
      ctx.expectEqual(got.status, 400, `attach with detachKeys=not-a-key (a bad parameter) answers 400, got ${got.status} ${got.statusText}`);
    },
  }),
  engineCheck({
    id: 'engine/containers/attach/404-no-such-container',
    title: 'POST /attach to a container that does not exist answers 404',
    endpoint: ENDPOINT,
    async run(ctx) {
      const got = await attachSession(ctx, ctx.uniqueName('missing'), { stream: 1, stdout: 1 }, { readMs: 2000 });
      ctx.expectEqual(got.status, 404, `attach to a missing container answers 404, got ${got.status} ${got.statusText}`);
    },
  }),
  engineCheck({
    id: 'engine/containers/attach/query-logs',
    title:
      'attach with logs=1 returns the logs: the stdout log in stdout frames, the stderr log in stderr frames; ' +
      'stdout=1 alone returns the stdout log only, stderr=1 alone the stderr log only',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id } = await sharedExitedContainer(ctx, LOGGED_BOTH);
      const got = await attachSession(ctx, id, { logs: 1, stdout: 1, stderr: 1 });
      const frames = expectFrames(ctx, got.data, 'attach logs=1');
      expectPayload(ctx, frames.stdout, 'logged-out\n', 'logs=1&stdout=1 returns the stdout log');
      expectPayload(ctx, frames.stderr, 'logged-err\n', 'logs=1&stderr=1 returns the stderr log');
      expectClosed(ctx, got, 'attach logs=1 without stream=1 ends after the logs');
      // Each flag selects its own log: asked together, a target that replays both logs whatever is asked cannot show.
      for (const [selected, text] of [
        ['stdout', 'logged-out\n'],
        ['stderr', 'logged-err\n'],
      ] as const) {
        const one = await attachSession(ctx, id, { logs: 1, [selected]: 1 });
        expectOnlyStream(ctx, expectFrames(ctx, one.data, `attach logs=1&${selected}=1`), selected, text, `attach logs=1&${selected}=1`);
      }
    },
  }),
  engineCheck({
    id: 'engine/containers/attach/query-stream',
    title: 'attach with stream=1 returns the live stream: output written after the attach, and not the earlier log',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id } = await ctx.runningContainer(READS_A_LINE, { openStdin: true });
      await waitForLog(ctx, id, 'before');
      const got = await attachSession(ctx, id, { stream: 1, stdin: 1, stdout: 1, stderr: 1 }, { stdin: 'go\n' });
      expectPayload(ctx, expectFrames(ctx, got.data, 'attach stream=1').stdout, 'after-go\n', 'stream=1 (logs not asked) carries the live output only');
    },
  }),
  engineCheck({
    id: 'engine/containers/attach/query-stdin',
    title: 'attach with stdin=1 and stream=1 delivers the bytes the client writes to the container stdin',
    requirements: ['engine/containers/attach/query-stdin', 'engine/stream/stdin-forwarded'],
    oneRule: true,
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id } = await ctx.runningContainer(['sh', '-c', 'read x; echo got-$x'], { openStdin: true });
      const got = await attachSession(ctx, id, { stream: 1, stdin: 1, stdout: 1 }, { stdin: 'hello\n' });
      expectPayload(
        ctx,
        expectFrames(ctx, got.data, 'attach stdin=1').stdout,
        'got-hello\n',
        'the line written on the attached connection reached the program, which echoed it',
      );
    },
  }),
  engineCheck({
    id: 'engine/containers/attach/query-stdout',
    title: 'attach with stream=1&stdout=1 attaches stdout only: the stdout output arrives, no stderr',
    endpoint: ENDPOINT,
    async run(ctx) {
      const got = await attachAndRun(ctx, { cmd: bothStreams('to-out', 'to-err') }, { stream: 1, stdout: 1 });
      expectOnlyStream(ctx, expectFrames(ctx, got.data, 'attach stdout=1'), 'stdout', 'to-out\n', 'attach stdout=1');
    },
  }),
  engineCheck({
    id: 'engine/containers/attach/query-stderr',
    title: 'attach with stream=1&stderr=1 attaches stderr only: the stderr output arrives, no stdout',
    endpoint: ENDPOINT,
    async run(ctx) {
      const got = await attachAndRun(ctx, { cmd: bothStreams('to-out', 'to-err') }, { stream: 1, stderr: 1 });
      expectOnlyStream(ctx, expectFrames(ctx, got.data, 'attach stderr=1'), 'stderr', 'to-err\n', 'attach stderr=1');
    },
  }),
  engineCheck({
    id: 'engine/containers/attach/query-defaults-false',
    title: 'attach parameters default to false: no logs, no stream, no stdout/stderr, no stdin unless asked',
    endpoint: ENDPOINT,
    async run(ctx) {
      // Its log holds a line on each stream, so that a default of true for either would show.
      const { id } = await ctx.runningContainer(LOGS_BOTH_THEN_READS, { openStdin: true });
      await waitForLog(ctx, id, 'before');
      await waitForLog(ctx, id, 'before-err', 'stderr');
      const bare = await attachSession(ctx, id, {});
      expectClosed(ctx, bare, 'attach without parameters (logs and stream false)');
      ctx.expectEqual(bare.data.length, 0, 'attach without parameters returns no bytes (logs and stream default to false)');
      const logsOnly = await attachSession(ctx, id, { logs: 1 });
      ctx.expectEqual(demux(logsOnly.data).frames.length, 0, 'attach logs=1 without stdout/stderr returns no log (stdout and stderr default to false)');
      const noStdin = await attachSession(ctx, id, { stream: 1, stdout: 1 }, { stdin: 'x\n', readMs: QUIET_MS });
      ctx.expect(
        !noStdin.data.includes('after-x'),
        'attach without stdin=1 must not deliver the client bytes to the container stdin (stdin defaults to false), yet the program answered the line',
        { expected: 'no output', actual: noStdin.data.toString('utf8') },
      );
      // However slowly the target works: the program reads one line, so the line its log answers is the
      // first that reached its stdin. A line sent with stdin=1 after the one sent without must be it.
      await attachSession(ctx, id, { stream: 1, stdin: 1, stdout: 1 }, { stdin: 'y\n', readMs: QUIET_MS });
      await waitForLog(ctx, id, 'after-', 'stdout', 'engine/containers/attach/query-stdin');
      const answered = demux((await logsSession(ctx, id, { stdout: 1 })).data).stdout.toString('utf8');
      ctx.expect(!answered.includes('after-x'), 'the line sent on an attach without stdin=1 reached the container stdin (stdin defaults to false)', {
        expected: 'the program answers the line sent with stdin=1 (after-y)',
        actual: answered,
      });
    },
  }),
  engineCheck({
    id: 'engine/containers/attach/query-detach-keys',
    title: '(1.22) attach detachKeys: sending the sequence on stdin detaches the client, and the container keeps running',
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const { id } = await ctx.runningContainer(['cat'], { openStdin: true, tty: true });
      const got = await detachedSession(ctx, `/containers/${id}/attach`, { query: { stream: 1, stdin: 1, stdout: 1, detachKeys: 'ctrl-x' } });
      expectLiveUntilDetached(ctx, got, 'after ctrl-x (the detachKeys sequence) on stdin the target ends the attach session');
      ctx.expectEqual((await ctx.state(id)).Running, true, 'detaching does not stop the container: State.Running is still true');
    },
  }),
  engineCheck({
    id: 'engine/containers/attach/not-running',
    title: 'Attach to a container that is not running: the status is not listed; the suite records what the target does',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id } = await sharedExitedContainer(ctx);
      const got = await attachSession(ctx, id, { stream: 1, stdout: 1, stderr: 1 }, { readMs: 1000 });
      ctx.observe(
        `attach stream=1 to an exited container answered ${got.status} ${got.statusText}; ` +
          `the stream ${got.closed ? 'ended at once' : 'stayed open'} with ${got.data.length} bytes`,
      );
    },
  }),
];
