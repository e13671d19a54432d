import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { LONG_SLEEP, noSuchContainerCheck, sharedRunningContainer } from '../support/lifecycle.ts';
import { eventually } from '../support/poll.ts';

const ENDPOINT = 'engine/containers/top';
const R = 'engine/containers/top/';

type Top = { Titles: string[]; Processes: string[][] };

const listsSleep = (result: Top): boolean => result.Processes.some((row) => row.join(' ').includes(LONG_SLEEP.join(' ')));

async function top(ctx: EngineContext, id: string, psArgs?: string, requirement?: string): Promise<Top> {
  const res = await ctx.api.get(`/containers/${id}/top`, psArgs === undefined ? {} : { ps_args: psArgs });
  ctx.expectStatus(res, 200, `top${psArgs === undefined ? '' : ` with ps_args ${psArgs}`}`, requirement);
  return ctx.expectVersionSchema<Top>('container-top', ctx.expectJson(res, 'top', requirement), 'the top result', requirement);
}

/** Spec: Endpoints > Containers > 4. GET /containers/(id or name)/top. */
export default [
  engineCheck({
    id: `${R}200-response-schema`,
    title: 'GET /containers/(id)/top answers 200 with {Titles, Processes}: the processes of the container',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id } = await sharedRunningContainer(ctx, [...LONG_SLEEP]);
      // Start answers once the runtime has started the container's init, which may not have
      // become the command yet: ps would list the runtime's init for a moment.
      const result = await eventually(() => top(ctx, id), listsSleep);
      ctx.expect(listsSleep(result), `Processes lists the container command (${LONG_SLEEP.join(' ')})`, {
        expected: `a row with ${LONG_SLEEP.join(' ')}`,
        actual: result.Processes,
      });
      ctx.expect(
        result.Processes.every((row) => row.length === result.Titles.length),
        'every process row has one value per title',
        { expected: result.Titles.length, actual: result.Processes.map((r) => r.length) },
      );
    },
  }),
  engineCheck({
    id: `${R}query-ps-args-default`,
    title: '`ps_args` defaults to -ef: top without it answers as with ps_args=-ef',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id } = await sharedRunningContainer(ctx, [...LONG_SLEEP]);
      const [plain, ef] = [await top(ctx, id), await top(ctx, id, '-ef')];
      ctx.expectEqual(plain.Titles, ef.Titles, 'the Titles of top without ps_args are those of ps_args=-ef');
    },
  }),
  engineCheck({
    id: `${R}query-ps-args`,
    title: '`ps_args` passes its arguments to ps: the Titles follow them',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id } = await sharedRunningContainer(ctx, [...LONG_SLEEP]);
      const result = await top(ctx, id, '-o pid,comm');
      ctx.expectEqual(result.Titles, ['PID', 'COMMAND'], 'ps_args=-o pid,comm gives the titles PID and COMMAND');
    },
  }),
  engineCheck({
    id: `${R}not-supported-on-windows`,
    title: 'Top runs ps (not supported on Windows): on other systems it answers 200',
    endpoint: ENDPOINT,
    async run(ctx) {
      const os = ctx.expectJson<{ Os?: string }>(await ctx.api.get('/version'), 'version').Os ?? '';
      if (os.toLowerCase() === 'windows') ctx.notApplicable('top is not supported on Windows');
      const { id } = await sharedRunningContainer(ctx, [...LONG_SLEEP]);
      await top(ctx, id, undefined, `${R}not-supported-on-windows`);
    },
  }),
  engineCheck({
    id: `${R}every-process`,
    title: 'Processes has one row per process of the container: two sleeps started by a shell are both listed, each PID once',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id } = await ctx.setUp(() => ctx.runningContainer(['sh', '-c', 'sleep 300 & sleep 301 & wait']));
      // Rows of their own: the shell's row names both sleeps.
      const row = (r: Top, one: string, other: string): boolean => r.Processes.some((p) => p.join(' ').includes(one) && !p.join(' ').includes(other));
      const both = (r: Top): boolean => row(r, 'sleep 300', 'sleep 301') && row(r, 'sleep 301', 'sleep 300');
      const result = await eventually(() => top(ctx, id), both);
      const pid = result.Titles.indexOf('PID');
      // Titles of one string (columns not split) hide the PIDs: the ps_args check reports that.
      if (pid < 0 && both(result)) ctx.blockedBy(`${R}query-ps-args`, `the Titles ${JSON.stringify(result.Titles)} name no PID column`);
      const pids = result.Processes.map((row) => row[pid]);
      ctx.expect(both(result) && pid >= 0 && new Set(pids).size === pids.length, 'Processes lists sleep 300 and sleep 301, each process once', {
        expected: 'a row for each of sleep 300 and sleep 301, no PID twice',
        actual: result,
      });
    },
  }),
  noSuchContainerCheck({ endpoint: ENDPOINT, method: 'GET', suffix: 'top' }),
];
