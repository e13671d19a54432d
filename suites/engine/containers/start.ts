import { engineCheck } from '../support/check.ts';

/** Spec: Endpoints > Containers > 10. POST /containers/(id or name)/start; States > Operation effects. */
export default [
  engineCheck({
    id: 'engine/containers/start/204-started',
    title: 'POST /start on a created container answers 204 and the container runs',
    requirements: ['engine/containers/start/204-started'],
    endpoint: 'engine/containers/start',
    async run(ctx) {
      const { id } = await ctx.createContainer({ cmd: ['sleep', '300'] });
      const res = await ctx.api.post(`/containers/${id}/start`);
      ctx.expectStatus(res, 204, 'start of a created container');
      ctx.expectEqual((await ctx.state(id)).Running, true, 'after a 204 start, inspect shows State.Running true');
    },
  }),
  engineCheck({
    id: 'engine/containers/start/304-already-started',
    title: 'POST /start on a running container answers 304 and changes nothing',
    requirements: ['engine/containers/start/304-already-started'],
    endpoint: 'engine/containers/start',
    async run(ctx) {
      const { id } = await ctx.runningContainer();
      const before = await ctx.state(id);
      const res = await ctx.api.post(`/containers/${id}/start`);
      ctx.expectStatus(res, 304, 'start of an already started container');
      const after = await ctx.state(id);
      ctx.expectEqual([after.Running, after.StartedAt, after.Pid], [before.Running, before.StartedAt, before.Pid], '304 means no change: Running, StartedAt and Pid are unchanged');
    },
  }),
  engineCheck({
    id: 'engine/containers/start/404-no-such-container',
    title: 'POST /start on a container that does not exist answers 404',
    requirements: ['engine/containers/start/404-no-such-container'],
    endpoint: 'engine/containers/start',
    async run(ctx) {
      const res = await ctx.api.post(`/containers/${ctx.uniqueName('missing')}/start`);
      ctx.expectStatus(res, 404, 'start of a missing container');
    },
  }),
];
