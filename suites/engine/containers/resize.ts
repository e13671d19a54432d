import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { noSuchContainerCheck } from '../support/lifecycle.ts';
import { eventually } from '../support/poll.ts';
import { logsSession } from '../support/streams.ts';
import { printedSize, STTY_SIZE } from '../support/tty-size.ts';

const ENDPOINT = 'engine/containers/resize';
const SIZE = { h: 40, w: 100 };
/** Each run of the container prints its terminal's size once, then waits: a log line per run. */
const PRINTS_SIZE = ['sh', '-c', `${STTY_SIZE}; sleep 300`];

/** The sizes the container's runs printed so far, a line each (its tty log is raw terminal output). */
async function printedSizes(ctx: EngineContext, id: string, runs: number): Promise<string[]> {
  const lines = await eventually(
    async () =>
      printedSize(ctx, (await logsSession(ctx, id, { stdout: 1 })).data)
        .split('\n')
        .filter(Boolean),
    (printed) => printed.length >= runs,
  );
  ctx.precondition(lines.length >= runs, `the log of the container's ${runs} runs showed ${lines.length} lines: ${JSON.stringify(lines)}`);
  return lines;
}

/** Spec: Endpoints > Containers > 9. POST /containers/(id or name)/resize?h=<height>&w=<width>. */
export default [
  engineCheck({
    id: 'engine/containers/resize/200-empty-text-plain',
    title: 'POST /resize of a running tty container answers 200 with an empty text/plain body',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id } = await ctx.runningContainer(['sleep', '300'], { tty: true, openStdin: true });
      const res = await ctx.api.post(`/containers/${id}/resize`, { query: SIZE });
      ctx.expectStatus(res, 200, 'resize of a running tty container');
      ctx.expectEqual(res.body.length, 0, 'the resize answer has an empty body');
      const type = res.headers['content-type'] ?? '';
      ctx.expect(type.startsWith('text/plain'), `the resize answer is text/plain, got '${type}'`, {
        expected: 'text/plain',
        actual: type || '(no Content-Type)',
      });
    },
  }),
  engineCheck({
    id: 'engine/containers/resize/restart-to-take-effect',
    title:
      'POST /resize?h=40&w=100 of a running tty container, then POST /restart: the size is in characters (h rows, w columns) and in effect ' +
      'once the container restarted: stty size in the restarted program prints "40 100"',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id } = await ctx.runningContainer(PRINTS_SIZE, { tty: true, openStdin: true });
      // The first run has printed before the resize, so the line after it is the restarted run's.
      const [before] = await printedSizes(ctx, id, 1);
      const resized = await ctx.api.post(`/containers/${id}/resize`, { query: SIZE });
      ctx.precondition(resized.status === 200, `the resize answered ${resized.status}`, 'engine/containers/resize/200-empty-text-plain');
      const restarted = await ctx.api.post(`/containers/${id}/restart`, { query: { t: 0 } });
      ctx.precondition(restarted.status === 204, `the restart answered ${restarted.status}`, 'engine/containers/restart/204-restarted');
      const after = (await printedSizes(ctx, id, 2))[1];
      // Whether the size also applied at once, before the restart, is not judged: doing more than the spec warns is allowed.
      ctx.observe(`stty size printed ${JSON.stringify(before)} in the run before the resize`);
      ctx.expectEqual(after, '40 100', 'stty size in the container restarted after a resize to h=40 w=100 (rows, columns)');
    },
  }),
  noSuchContainerCheck({ endpoint: ENDPOINT, method: 'POST', suffix: 'resize', query: SIZE, keepsExited: true }),
];
