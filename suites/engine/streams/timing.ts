/**
 * Stream timing the spec leaves unstated, recorded as facts: how long a streamed answer's headers
 * take when nothing is ready to send (events with no event, logs follow of a silent container,
 * stats, wait of a running container), and whether logs follow of an exited container ends.
 * Clients with a header or read timeout depend on them: log shippers gave up on /events and logs
 * follow that sent no headers until the first line; a `wait` whose headers come at the exit holds
 * a client's connection pool slot without a status.
 */
import { TargetError } from '../../../harness/target/errors.ts';
import type { Query } from '../../../harness/protocol/query.ts';
import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { exitedContainer } from '../support/lifecycle.ts';

/** How long the check waits for headers, and for the end of a stream that should end. */
const WITHIN_MS = 3000;

/** The time to the response headers of a streamed request, or why none came; the stream is closed. */
async function headersAfter(ctx: EngineContext, method: string, path: string, query: Query): Promise<string> {
  const started = Date.now();
  try {
    const res = await ctx.api.stream(method, path, { query, timeoutMs: WITHIN_MS });
    res.close();
    return `headers (${res.status}) after ${Date.now() - started} ms`;
  } catch (err) {
    if (err instanceof TargetError) return `no headers within ${WITHIN_MS} ms`;
    throw err;
  }
}

/** Whether a stream the target should end on its own ends within the bound. */
async function endsWithin(ctx: EngineContext, path: string, query: Query): Promise<string> {
  const started = Date.now();
  const res = await ctx.api.stream('GET', path, { query });
  const timer = setTimeout(() => res.close(), WITHIN_MS);
  try {
    for await (const _ of res.chunks);
  } catch {
    // closed by the bound
  } finally {
    clearTimeout(timer);
  }
  const took = Date.now() - started;
  return took < WITHIN_MS ? `ended after ${took} ms` : `still open after ${WITHIN_MS} ms`;
}

export default [
  engineCheck({
    id: 'engine/stream/timing-facts',
    title: 'Records when streamed answers send their headers with nothing to send, and whether logs follow of an exited container ends (not shown)',
    long: true,
    async run(ctx) {
      const silent = await ctx.runningContainer(['sleep', '30']);
      const exited = await exitedContainer(ctx, ['true']);
      const facts: Array<[string, Promise<string>]> = [
        ['GET /events (no event to send)', headersAfter(ctx, 'GET', '/events', {})],
        ['GET /logs?follow=1 of a running container that writes nothing', headersAfter(ctx, 'GET', `/containers/${silent.id}/logs`, { follow: 1, stdout: 1 })],
        ['GET /stats (stream) of a running container', headersAfter(ctx, 'GET', `/containers/${silent.id}/stats`, {})],
        ['POST /wait of a running container', headersAfter(ctx, 'POST', `/containers/${silent.id}/wait`, {})],
        ['GET /logs?follow=1 of an exited container', endsWithin(ctx, `/containers/${exited.id}/logs`, { follow: 1, stdout: 1 })],
      ];
      for (const [what, fact] of facts) ctx.observe(`${what}: ${await fact}`);
    },
  }),
];
