import type { EngineVersion } from '../../../harness/catalog/types.ts';
import { engineCheck } from '../support/check.ts';
import { expectFieldsStored, type FieldCase, holdsEachOnce } from '../support/container-data.ts';
import { exitedContainer, noSuchContainerCheck } from '../support/lifecycle.ts';

const START_BODY = 'engine/containers/start/body-host-config';
const DETACH_KEYS = 'engine/containers/start/query-detach-keys';
/** The detachKeys grammar: a letter of either case, and ctrl- with a letter and with each of @, ^, [, comma and _. */
const DETACH_KEY_FORMS = ['Q', 'z', 'ctrl-x', 'ctrl-@', 'ctrl-^', 'ctrl-[', 'ctrl-,', 'ctrl-_'];

/**
 * HostConfig fields sent with start, each one a container runs with whatever the host (no
 * capability, cgroup or device the host may refuse): the lists with two items of unstated order.
 */
function startCases(version: EngineVersion): FieldCase[] {
  const list = (field: string, value: unknown[]): FieldCase => ({ requirement: START_BODY, field, value, matches: holdsEachOnce(value) });
  const cases: FieldCase[] = [
    list('Dns', ['10.9.8.7', '10.9.8.5']),
    list('DnsSearch', ['example.test', 'conformance.test']),
    list('ExtraHosts', ['conformance.test:10.9.8.6', 'conformance-two.test:10.9.8.4']),
    { requirement: START_BODY, field: 'RestartPolicy', value: { Name: 'on-failure', MaximumRetryCount: 3 } },
    { requirement: START_BODY, field: 'LogConfig', value: { Type: 'json-file', Config: { 'max-size': '10m', 'max-file': '2' } } },
  ];
  if (version === '1.22') cases.push(list('DnsOptions', ['ndots:2', 'timeout:3']), { requirement: START_BODY, field: 'OomScoreAdj', value: 100 });
  return cases;
}

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
      const cases = startCases(ctx.version);
      const body = { NetworkMode: stored.NetworkMode, ...Object.fromEntries(cases.map((c) => [c.field, c.value])) };
      const res = await ctx.api.post(`/containers/${id}/start`, { json: body });
      ctx.expectStatus(res, 204, 'start with a HostConfig body', 'engine/states/start-otherwise');
      const after = await ctx.inspect(id);
      ctx.expectEqual(
        (after.State as Record<string, unknown>).Running,
        true,
        'after a 204 start with a HostConfig body, State.Running is true',
        'engine/states/start-otherwise',
      );
      // The HostConfig sent with start is the one the container runs with.
      expectFieldsStored(ctx, 'inspect HostConfig after start', (after.HostConfig ?? {}) as Record<string, unknown>, cases, []);
    },
  }),
  engineCheck({
    id: DETACH_KEYS,
    title: '(1.22) POST /start accepts a detachKeys sequence in the documented grammar',
    endpoint: 'engine/containers/start',
    versions: ['1.22'],
    async run(ctx) {
      // Every form of the grammar, each on a container of its own (a start starts once): a parser that
      // splits on the comma, or knows only ctrl-<letter>, refuses some of them.
      for (const keys of DETACH_KEY_FORMS) {
        const { id } = await ctx.createContainer({ cmd: ['sleep', '300'], openStdin: true, tty: true });
        const res = await ctx.api.post(`/containers/${id}/start`, { query: { detachKeys: keys } });
        ctx.verify(res.status === 204, `start with detachKeys=${keys} answered ${res.status}: ${res.text().trim().slice(0, 160)}`, {
          expected: 204,
          actual: res.status,
          requirement: DETACH_KEYS,
        });
        if (res.status !== 204) continue;
        const running = (await ctx.state(id)).Running;
        ctx.verify(running === true, `after a 204 start with detachKeys=${keys}, State.Running is ${String(running)}`, {
          expected: true,
          actual: running,
          requirement: DETACH_KEYS,
        });
      }
    },
  }),
  noSuchContainerCheck({ endpoint: 'engine/containers/start', method: 'POST', suffix: 'start' }),
];
