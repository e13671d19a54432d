import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { EXITS_ON_TERM, exitedContainer, IGNORES_TERM, noSuchContainerCheck, pausedContainer, timestampMs } from '../support/lifecycle.ts';
import { expectWaitsT, LONG_T } from '../support/waits-t.ts';

/** After a restart the container runs again, with a StartedAt later than the one before it. */
async function expectRestarted(ctx: EngineContext, id: string, startedBefore: unknown): Promise<void> {
  const after = await ctx.state(id);
  ctx.expect(
    after.Running === true && timestampMs(after.StartedAt) > timestampMs(startedBefore),
    'after a 204 restart the container runs again with a new StartedAt',
    {
      expected: { Running: true, StartedAt: `later than ${String(startedBefore)}` },
      actual: { Running: after.Running, StartedAt: after.StartedAt },
    },
  );
}

/** Spec: Endpoints > Containers > 12. POST /containers/(id or name)/restart?t=<seconds>; States > Operation effects. */
export default [
  engineCheck({
    id: 'engine/containers/restart/204-restarted',
    title: 'POST /restart on a running container answers 204 and the container runs again, freshly started',
    requirements: ['engine/containers/restart/204-restarted', 'engine/states/restart-waits-t'],
    oneRule: true,
    endpoint: 'engine/containers/restart',
    async run(ctx) {
      const { id } = await ctx.signalProgram(EXITS_ON_TERM);
      const before = await ctx.state(id);
      const res = await ctx.api.post(`/containers/${id}/restart`, { query: { t: 5 } });
      ctx.expectStatus(res, 204, 'restart of a running container');
      await expectRestarted(ctx, id, before.StartedAt);
    },
  }),
  engineCheck({
    id: 'engine/containers/restart/204-restarted/exited',
    title: 'POST /restart on an exited container (restart applies to any state) answers 204 and the container runs',
    requirements: ['engine/containers/restart/204-restarted', 'engine/states/restart-waits-t'],
    oneRule: true,
    endpoint: 'engine/containers/restart',
    async run(ctx) {
      const { id } = await exitedContainer(ctx, ['true']);
      const before = await ctx.state(id);
      const res = await ctx.api.post(`/containers/${id}/restart`, { query: { t: 0 } });
      ctx.expectStatus(res, 204, 'restart of an exited container');
      const after = await ctx.state(id);
      ctx.expect(timestampMs(after.StartedAt) > timestampMs(before.StartedAt), 'after a 204 restart the container has started again (a new StartedAt)', {
        expected: `StartedAt later than ${String(before.StartedAt)}`,
        actual: after.StartedAt,
      });
    },
  }),
  engineCheck({
    id: 'engine/containers/restart/204-restarted/paused',
    title: 'POST /restart on a paused container (restart applies to any state) answers 204 and the container runs again, not paused',
    requirements: ['engine/containers/restart/204-restarted', 'engine/states/restart-waits-t'],
    oneRule: true,
    endpoint: 'engine/containers/restart',
    async run(ctx) {
      const { id } = await pausedContainer(ctx, IGNORES_TERM);
      const before = await ctx.state(id);
      const res = await ctx.api.post(`/containers/${id}/restart`, { query: { t: 1 } });
      ctx.expectStatus(res, 204, 'restart of a paused container');
      await expectRestarted(ctx, id, before.StartedAt);
      ctx.expectEqual((await ctx.state(id)).Paused, false, 'after a 204 restart of a paused container, inspect shows State.Paused false');
    },
  }),
  engineCheck({
    id: 'engine/containers/restart/query-t',
    title:
      `POST /restart?t=${LONG_T} waits ${LONG_T} seconds, and ?t=0 does not wait (its answer comes ${LONG_T} s earlier, less half for the daemon's ` +
      'own time), for a container that ignores the stop signal, kills it, and starts it again',
    requirements: ['engine/containers/restart/query-t', 'engine/states/restart-waits-t'],
    oneRule: true,
    endpoint: 'engine/containers/restart',
    // Timing rule: runs alone, so other checks' load does not blur the delays it measures.
    serial: true,
    async run(ctx) {
      await expectWaitsT(ctx, { operation: 'restart', after: (ctx, id, _t, before) => expectRestarted(ctx, id, before.StartedAt) });
    },
  }),
  noSuchContainerCheck({ endpoint: 'engine/containers/restart', method: 'POST', suffix: 'restart', query: { t: 0 } }),
];
