import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { noSuchContainerCheck, sharedExitedContainer } from '../support/lifecycle.ts';
import {
  ALL_LINES,
  type Demuxed,
  expectClosed,
  expectFrames,
  expectOnlyStream,
  expectPayload,
  FIVE_LINES,
  logsSession,
  stdoutLog,
  waitForLog,
} from '../support/streams.ts';
import { expectNoUpgradeHeaders, expectUpgradeHeaders } from '../support/upgrade-answers.ts';

const ENDPOINT = 'engine/containers/logs';
/** The daemon's timestamp prefix: RFC 3339 with fractional seconds, then a space. */
const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d) /;
const FRACTIONAL_TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+(Z|[+-]\d\d:\d\d) /;
const TIMESTAMPS = 'engine/containers/logs/query-timestamps';
/**
 * The log the stream-selection checks read: on each stream a line, then output without a newline.
 * The log is what the process wrote, so a reader that keeps only complete lines loses the end.
 */
const UNTERMINATED_BOTH = ['sh', '-c', 'echo log-out; echo log-err >&2; printf out-end; printf err-end >&2'];
/** Lines on stdout and stderr in turn: the log's last lines come from both streams. */
const TURNS_BOTH = ['sh', '-c', 'echo o1; echo e1 >&2; echo o2; echo e2 >&2; echo o3'];

/** The log's lines in the order its frames carry them, each prefixed with its stream type. */
function framedLines(decoded: Demuxed): string[] {
  return decoded.frames.flatMap((f) =>
    f.payload
      .toString('utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => `${f.stream}:${line}`),
  );
}

/** A line, 1.1 s, another line: an exited container of the file, its log with timestamps=1 and the two times. */
async function earlyAndLate(ctx: EngineContext): Promise<{ id: string; stamped: string[]; early?: number; late?: number }> {
  const { id } = await sharedExitedContainer(ctx, ['sh', '-c', 'echo early; sleep 1.1; echo late']);
  const stamped = (await stdoutLog(ctx, id, { timestamps: 1 }, 'logs timestamps=1')).split('\n').filter(Boolean);
  const [early, late] = stamped.map((line) => Date.parse(line.split(' ')[0] ?? ''));
  return { id, stamped, early, late };
}

/** Spec: Endpoints > Containers > 5. GET /containers/(id or name)/logs; Stream details. */
export default [
  engineCheck({
    id: 'engine/containers/logs/101-upgraded',
    title: 'GET /logs with the upgrade headers answers 101 (hijack hint) and the raw stream',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id } = await sharedExitedContainer(ctx, FIVE_LINES);
      const got = await logsSession(ctx, id, { stdout: 1 }, { upgrade: true });
      expectUpgradeHeaders(ctx, got, 'logs with Upgrade: tcp');
      expectPayload(ctx, expectFrames(ctx, got.data, 'the logs after the 101').stdout, ALL_LINES, 'the raw stream after the 101 carries the log');
    },
  }),
  engineCheck({
    id: 'engine/containers/logs/200-raw-stream',
    title: 'GET /logs without an upgrade header answers 200 with the raw stream (frames for a Tty-false container)',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id } = await sharedExitedContainer(ctx, FIVE_LINES);
      const got = await logsSession(ctx, id, { stdout: 1 });
      expectNoUpgradeHeaders(ctx, got, 'logs without upgrade headers');
      expectPayload(ctx, expectFrames(ctx, got.data, 'the 200 body').stdout, ALL_LINES, 'the 200 body carries the log in frames');
    },
  }),
  noSuchContainerCheck({ endpoint: ENDPOINT, method: 'GET', suffix: 'logs', query: { stdout: 1 } }),
  engineCheck({
    id: 'engine/containers/logs/query-stdout',
    title: 'logs stdout=1 returns the stdout log in type 1 frames, its unterminated last line too (and, stderr not asked, no stderr)',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id } = await sharedExitedContainer(ctx, UNTERMINATED_BOTH);
      const decoded = expectFrames(ctx, (await logsSession(ctx, id, { stdout: 1 })).data, 'logs stdout=1');
      expectOnlyStream(ctx, decoded, 'stdout', 'log-out\nout-end', 'logs stdout=1');
    },
  }),
  engineCheck({
    id: 'engine/containers/logs/query-stderr',
    title: 'logs stderr=1 returns the stderr log in type 2 frames, its unterminated last line too (and, stdout not asked, no stdout)',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id } = await sharedExitedContainer(ctx, UNTERMINATED_BOTH);
      const decoded = expectFrames(ctx, (await logsSession(ctx, id, { stderr: 1 })).data, 'logs stderr=1');
      expectOnlyStream(ctx, decoded, 'stderr', 'log-err\nerr-end', 'logs stderr=1');
    },
  }),
  engineCheck({
    id: 'engine/containers/logs/query-follow',
    title: 'logs follow=1 keeps the stream open and returns new output as it is produced',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id } = await ctx.runningContainer(['sh', '-c', 'echo first; read x; echo second-$x'], { openStdin: true });
      await waitForLog(ctx, id, 'first');
      const got = await logsSession(
        ctx,
        id,
        { stdout: 1, follow: 1 },
        {
          afterHead: async () => {
            const answered = await ctx.api.hijack('POST', `/containers/${id}/attach`, { upgrade: true, query: { stream: 1, stdin: 1 } });
            ctx.defer(() => answered.close());
            await answered.write('later\n');
          },
        },
      );
      expectPayload(
        ctx,
        expectFrames(ctx, got.data, 'logs follow=1').stdout,
        'first\nsecond-later\n',
        'follow=1 returns the existing log, then the line written after the request',
      );
      expectClosed(ctx, got, 'the followed stream ends when the container exits');
    },
  }),
  engineCheck({
    id: TIMESTAMPS,
    title: 'logs timestamps=1 prints a timestamp before every log line, an ISO 8601 time with fractional seconds',
    requirements: [TIMESTAMPS, 'engine/resources/timestamps'],
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id } = await sharedExitedContainer(ctx, FIVE_LINES);
      const lines = (await stdoutLog(ctx, id, { timestamps: 1 }, 'logs timestamps=1')).split('\n').filter(Boolean);
      ctx.expectEqual(lines.length, 5, 'five log lines come back', TIMESTAMPS);
      const bare = lines.filter((line) => !TIMESTAMP.test(line));
      ctx.expect(bare.length === 0, `every line starts with a timestamp and a space; these do not: ${JSON.stringify(bare)}`, {
        expected: '<RFC 3339 time> <line>',
        actual: lines,
        requirement: TIMESTAMPS,
      });
      ctx.expectEqual(
        lines.map((l) => l.replace(TIMESTAMP, '')),
        ALL_LINES.split('\n').filter(Boolean),
        'after the timestamp comes the line as written',
        TIMESTAMPS,
      );
      // Every log line, whichever stream wrote it: the stderr lines of a log of both streams carry theirs too.
      const both = (await sharedExitedContainer(ctx, TURNS_BOTH)).id;
      const framed = framedLines(
        expectFrames(ctx, (await logsSession(ctx, both, { stdout: 1, stderr: 1, timestamps: 1 })).data, 'logs stdout=1&stderr=1&timestamps=1'),
      );
      const bareOfBoth = framed.filter((line) => !TIMESTAMP.test(line.replace(/^\w+:/, '')));
      ctx.expect(
        framed.length === 5 && bareOfBoth.length === 0,
        `with stdout=1&stderr=1, every line of both streams starts with a timestamp; these do not: ${JSON.stringify(bareOfBoth)}`,
        {
          expected: 'five lines (o1 e1 o2 e2 o3), each <RFC 3339 time> <line>',
          actual: framed,
          requirement: TIMESTAMPS,
        },
      );
      // Spec, Notation: a timestamp that is not integer Unix seconds is an ISO 8601 string with fractional seconds.
      const whole = lines.filter((line) => TIMESTAMP.test(line) && !FRACTIONAL_TIMESTAMP.test(line));
      ctx.expect(whole.length === 0, `every log timestamp has fractional seconds; these do not: ${JSON.stringify(whole)}`, {
        expected: '<ISO 8601 time with fractional seconds> <line>',
        actual: whole,
        requirement: 'engine/resources/timestamps',
      });
    },
  }),
  engineCheck({
    id: `${TIMESTAMPS}/when-logged`,
    title: "logs timestamps=1: each line's timestamp is when it was logged: 1.1 s apart for lines written 1.1 s apart, within the container's run",
    requirements: [TIMESTAMPS],
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id, stamped, ...times } = await earlyAndLate(ctx);
      const [early, late] = [times.early ?? Number.NaN, times.late ?? Number.NaN];
      if (Number.isNaN(early) || Number.isNaN(late))
        ctx.fail(`the log is not two timestamped lines: ${JSON.stringify(stamped)}`, { expected: '<time> early, <time> late', actual: stamped });
      ctx.expect(late - early >= 1000, `the lines written 1.1 s apart carry timestamps ${late - early} ms apart`, {
        expected: 'at least 1000 ms apart (the program slept 1.1 s between them)',
        actual: stamped,
      });
      const { StartedAt, FinishedAt } = await ctx.state(id);
      const [started, finished] = [Date.parse(String(StartedAt)), Date.parse(String(FinishedAt))];
      ctx.precondition(!Number.isNaN(started) && !Number.isNaN(finished), `inspect State gives no StartedAt/FinishedAt times: ${StartedAt}, ${FinishedAt}`);
      // A second of slack each side: the target stamps a line when its log driver reads it.
      ctx.expect(early >= started - 1000 && late <= finished + 1000, "the log timestamps fall outside the container's run (StartedAt to FinishedAt)", {
        expected: `between ${String(StartedAt)} and ${String(FinishedAt)} (1 s of slack)`,
        actual: stamped,
      });
    },
  }),
  engineCheck({
    id: 'engine/containers/logs/query-defaults-false',
    title: 'logs follow, stderr and timestamps default to false: stdout=1 alone ends after the existing log, stdout only, without timestamps',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id } = await ctx.runningContainer(['sh', '-c', 'echo plain; echo noise >&2; while true; do sleep 0.1; done']);
      await waitForLog(ctx, id, 'plain');
      const got = await logsSession(ctx, id, { stdout: 1 });
      expectClosed(ctx, got, 'without follow the response ends after the existing logs (the container still runs)');
      const decoded = expectFrames(ctx, got.data, 'logs stdout=1');
      expectPayload(ctx, decoded.stdout, 'plain\n', 'no timestamps (timestamps defaults to false) and the stdout log only');
      ctx.expectEqual(decoded.stderr.length, 0, 'no stderr log (stderr defaults to false)');
    },
  }),
  engineCheck({
    id: 'engine/containers/logs/query-tail',
    title: 'logs tail=N returns only the last N lines (of the stdout and stderr lines together when both are asked)',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id } = await sharedExitedContainer(ctx, FIVE_LINES);
      ctx.expectEqual(await stdoutLog(ctx, id, { tail: 2 }, 'logs tail=2'), 'line-4\nline-5\n', 'tail=2 returns the last two lines');
      // The follow path too: of an exited container, follow=1&tail=2 returns the last two lines and ends.
      ctx.expectEqual(
        await stdoutLog(ctx, id, { tail: 2, follow: 1 }, 'logs follow=1&tail=2'),
        'line-4\nline-5\n',
        'follow=1&tail=2 returns the last two lines too (tail is not dropped when following)',
      );
      // 0 is a number like any other: the last 0 lines are none (a `value || all` parse reads it as no tail).
      ctx.expectEqual(await stdoutLog(ctx, id, { tail: 0 }, 'logs tail=0'), '', 'tail=0 returns no line');
      // Both streams asked: the last n lines of the log are counted over both, not n of each.
      const both = (await sharedExitedContainer(ctx, TURNS_BOTH)).id;
      const read = async (query: Record<string, number>, what: string) => framedLines(expectFrames(ctx, (await logsSession(ctx, both, query)).data, what));
      const whole = await read({ stdout: 1, stderr: 1 }, 'logs stdout=1&stderr=1');
      ctx.precondition(
        whole.length === 5,
        `the log of both streams is not the five lines o1 e1 o2 e2 o3: ${JSON.stringify(whole)}`,
        'engine/containers/logs/query-stderr',
      );
      ctx.expectEqual(
        await read({ stdout: 1, stderr: 1, tail: 2 }, 'logs stdout=1&stderr=1&tail=2'),
        whole.slice(-2),
        'with stdout=1&stderr=1, tail=2 returns the last two lines of the log (as stream:line), whichever stream wrote them',
      );
    },
  }),
  engineCheck({
    id: 'engine/containers/logs/query-since',
    title: '(1.22) logs since=<Unix seconds> returns only the lines logged since then',
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const { id, stamped, early, late } = await earlyAndLate(ctx);
      ctx.precondition(
        stamped.length === 2 && !Number.isNaN(early) && !Number.isNaN(late),
        `the log is not two timestamped lines: ${JSON.stringify(stamped)}`,
        'engine/containers/logs/query-timestamps',
      );
      // The second the late line was logged in: after the early line (1.1 s before it), and the late line is
      // logged within it, not only after it (a target keeping only the lines of later whole seconds drops it).
      const since = Math.floor(late! / 1000);
      ctx.expectEqual(
        await stdoutLog(ctx, id, { since }, `logs since=${since}`),
        'late\n',
        `since=${since} returns the line logged after it and not the one logged at ${stamped[0]?.split(' ')[0]}`,
      );
    },
  }),
];
