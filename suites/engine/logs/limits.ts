import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { sharedExitedContainer } from '../support/lifecycle.ts';
import { ALL_LINES, FIVE_LINES, LONG_LOG, LONG_LOG_LINES, linesSummary, numberedLines, stdoutLog } from '../support/streams.ts';

const ENDPOINT = 'engine/containers/logs';

/** The stdout log for a query; the query names the read in messages. */
function stdoutWith(ctx: EngineContext, id: string, query: Record<string, string | number>): Promise<string> {
  return stdoutLog(
    ctx,
    id,
    query,
    `logs ${
      Object.entries(query)
        .map(([k, v]) => `${k}=${v}`)
        .join('&') || '(no tail)'
    }`,
  );
}

/** Spec: Limits (Log `tail`, Logs `since`). */
export default [
  engineCheck({
    id: 'engine/limits/logs-tail',
    title:
      `Log tail is \`all\` or a number, default \`all\`: on a ${LONG_LOG_LINES}-line log (longer than any fixed default), ` +
      'tail=all and no tail return every line, tail=3 the last three',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id } = await sharedExitedContainer(ctx, LONG_LOG);
      const every = numberedLines(1, LONG_LOG_LINES);
      const expectLog = (got: string, expected: string, message: string) =>
        ctx.expect(got === expected, message, { expected: linesSummary(expected), actual: linesSummary(got) });
      expectLog(await stdoutWith(ctx, id, { tail: 'all' }), every, `tail=all returns every line (all ${LONG_LOG_LINES})`);
      // A default of the last N lines (100, 300, 1,000...) returns fewer than the whole log: only `all` gives every line.
      expectLog(await stdoutWith(ctx, id, {}), every, `without tail every line comes back (default all: all ${LONG_LOG_LINES})`);
      expectLog(await stdoutWith(ctx, id, { tail: 3 }), numberedLines(LONG_LOG_LINES - 2, LONG_LOG_LINES), 'tail=3 returns the last three lines');
    },
  }),
  engineCheck({
    id: 'engine/limits/logs-since-default',
    title: '(1.22) Logs since defaults to 0: since=0 and no since both return every line',
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const { id } = await sharedExitedContainer(ctx, FIVE_LINES);
      ctx.expectEqual(await stdoutWith(ctx, id, { since: 0 }), ALL_LINES, 'since=0 means unfiltered: every line');
      ctx.expectEqual(await stdoutWith(ctx, id, {}), ALL_LINES, 'without since every line comes back (default 0)');
    },
  }),
];
