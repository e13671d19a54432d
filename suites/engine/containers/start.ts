import { engineCheck } from '../support/check.ts';
import { exitedContainer, noSuchContainerCheck } from '../support/lifecycle.ts';

/** Spec: Endpoints > Containers > 10. POST /containers/(id or name)/start; States > Operation effects. */
export default [
  engineCheck({
    id: 'engine/containers/start/204-started',
    title: 'POST /start on a created container answers 204 and the container runs',
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
    requirements: ['engine/containers/start/304-already-started', 'engine/states/start-already-started', 'engine/errors/304-already'],
    oneRule: true,
    endpoint: 'engine/containers/start',
    async run(ctx) {
      const { id } = await ctx.runningContainer();
      const before = await ctx.state(id);
      const res = await ctx.api.post(`/containers/${id}/start`);
      ctx.expectStatus(res, 304, 'start of an already started container');
      const after = await ctx.state(id);
      ctx.expectEqual(
        [after.Running, after.StartedAt, after.Pid],
        [before.Running, before.StartedAt, before.Pid],
        '304 means no change: Running, StartedAt and Pid are unchanged',
      );
    },
  }),
  engineCheck({
    id: 'engine/states/start-otherwise',
    title: 'POST /start on an exited container starts it again and answers 204',
    endpoint: 'engine/containers/start',
    async run(ctx) {
      const { id } = await exitedContainer(ctx, ['sh', '-c', 'sleep 0.2']);
      const before = await ctx.state(id);
      const res = await ctx.api.post(`/containers/${id}/start`);
      ctx.expectStatus(res, 204, 'start of an exited (not started) container');
      const after = await ctx.state(id);
      ctx.expect(
        after.Running === true || after.StartedAt !== before.StartedAt,
        'after a 204 start the container has started again (Running true or a new StartedAt)',
        {
          expected: { Running: true, StartedAt: `later than ${String(before.StartedAt)}` },
          actual: { Running: after.Running, StartedAt: after.StartedAt },
        },
      );
    },
  }),
  engineCheck({
    id: 'engine/containers/start/body-host-config',
    title: 'POST /start accepts a HostConfig body for backward compatibility: 204, and the container runs with it',
    requirements: ['engine/containers/start/body-host-config', 'engine/states/start-otherwise'],
    endpoint: 'engine/containers/start',
    async run(ctx) {
      // Dns set at start needs a network the container joins.
      const { id } = await ctx.createContainer({ cmd: ['sleep', '300'], networked: true });
      const stored = (await ctx.inspect(id)).HostConfig as Record<string, unknown>;
      const dns = ['10.9.8.7'];
      const res = await ctx.api.post(`/containers/${id}/start`, { json: { NetworkMode: stored.NetworkMode, Dns: dns } });
      ctx.expectStatus(res, 204, 'start with a HostConfig body', 'engine/states/start-otherwise');
      const after = await ctx.inspect(id);
      ctx.expectEqual(
        (after.State as Record<string, unknown>).Running,
        true,
        'after a 204 start with a HostConfig body, State.Running is true',
        'engine/states/start-otherwise',
      );
      ctx.expectEqual(
        (after.HostConfig as Record<string, unknown>).Dns,
        dns,
        'the HostConfig sent with start is the one the container runs with (inspect HostConfig.Dns)',
        'engine/containers/start/body-host-config',
      );
    },
  }),
  engineCheck({
    id: 'engine/containers/start/query-detach-keys',
    title: '(1.22) POST /start accepts a detachKeys sequence in the documented grammar',
    endpoint: 'engine/containers/start',
    versions: ['1.22'],
    async run(ctx) {
      const { id } = await ctx.createContainer({ cmd: ['sleep', '300'], openStdin: true, tty: true });
      const res = await ctx.api.post(`/containers/${id}/start`, { query: { detachKeys: 'ctrl-x' } });
      ctx.expectStatus(res, 204, 'start with detachKeys=ctrl-x');
      ctx.expectEqual((await ctx.state(id)).Running, true, 'after a 204 start with detachKeys, State.Running is true');
    },
  }),
  noSuchContainerCheck({ endpoint: 'engine/containers/start', method: 'POST', suffix: 'start' }),
];
