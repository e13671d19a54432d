import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { sharedExitedContainer } from '../support/lifecycle.ts';
import { ALL_LINES, FIVE_LINES, stdoutLog } from '../support/streams.ts';

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
    title: 'Log tail is `all` or a number, default `all`: tail=all and no tail return every line, tail=3 the last three',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id } = await sharedExitedContainer(ctx, FIVE_LINES);
      ctx.expectEqual(await stdoutWith(ctx, id, { tail: 'all' }), ALL_LINES, 'tail=all returns every line');
      ctx.expectEqual(await stdoutWith(ctx, id, {}), ALL_LINES, 'without tail every line comes back (default all)');
      ctx.expectEqual(await stdoutWith(ctx, id, { tail: 3 }), 'line-3\nline-4\nline-5\n', 'tail=3 returns the last three lines');
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
