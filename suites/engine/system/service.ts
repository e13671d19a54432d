import { engineCheck } from '../support/check.ts';
import { nowSeconds, readEvents } from '../support/events.ts';
import { firstObjects } from '../support/system.ts';

const ISO_FRACTIONAL = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+(Z|[+-]\d\d:\d\d)$/;

/** Spec: What the service does; Resources (notation, timestamps). */
export default [
  engineCheck({
    id: 'engine/service/json-bodies',
    title: 'The documented JSON responses are JSON labelled application/json',
    requirements: ['engine/service/json-bodies'],
    async run(ctx) {
      const paths = ['/info', '/version', '/containers/json', ...(ctx.version === '1.22' ? ['/volumes', '/networks'] : [])];
      for (const path of paths) {
        const res = await ctx.api.get(path);
        ctx.expectStatus(res, 200, `GET ${path}`);
        const type = res.headers['content-type'] ?? '';
        ctx.expect(type.startsWith('application/json'), `GET ${path} is labelled '${type}', not application/json`, { expected: 'application/json', actual: type });
        ctx.expectJson(res, `GET ${path}`);
      }
    },
  }),
  engineCheck({
    id: 'engine/service/container-id-or-name',
    title: 'A container identifier and its name address the same container',
    requirements: ['engine/service/container-id-or-name'],
    async run(ctx) {
      const { id, name } = await ctx.createContainer({ cmd: ['true'] });
      for (const ref of [name, id.slice(0, 12)]) {
        const res = await ctx.api.get(`/containers/${encodeURIComponent(ref)}/json`);
        ctx.expectStatus(res, 200, `GET /containers/${ref}/json`);
        ctx.expectEqual(ctx.expectJson<{ Id: string }>(res, 'container inspect').Id, id, `/containers/${ref} addresses the container ${id}`);
      }
    },
  }),
  engineCheck({
    id: 'engine/service/exec-id',
    title: 'The exec (id) placeholder is the identifier exec create returned',
    requirements: ['engine/service/exec-id'],
    async run(ctx) {
      const { id } = await ctx.runningContainer(['sleep', '300']);
      const created = await ctx.api.post(`/containers/${id}/exec`, { json: { Cmd: ['true'], AttachStdout: true } });
      ctx.expectStatus(created, 201, 'exec create');
      const execId = ctx.expectJson<{ Id: string }>(created, 'exec create response').Id;
      const res = await ctx.api.get(`/exec/${execId}/json`);
      ctx.expectStatus(res, 200, `GET /exec/${execId}/json`);
      ctx.expectEqual(ctx.expectJson<{ ID: string }>(res, 'exec inspect').ID, execId, 'the exec instance inspected is the one created');
    },
  }),
  engineCheck({
    id: 'engine/service/typical-run-flow',
    title: 'The typical run flow works: create (404 on a missing image), start, attach with logs and stream, wait',
    requirements: ['engine/service/typical-run-flow'],
    async run(ctx) {
      const missing = await ctx.api.post('/containers/create', { query: { name: ctx.uniqueName('c') }, json: { Image: `${ctx.uniqueName('noimage')}:latest`, Cmd: ['true'] } });
      ctx.expectStatus(missing, 404, 'create from an image that is not there (the client then pulls)');
      const { id } = await ctx.createContainer({ cmd: ['echo', 'conformance-run-flow'] });
      const attach = await ctx.api.hijack('POST', `/containers/${id}/attach`, { query: { logs: 1, stream: 1, stdout: 1, stderr: 1 }, upgrade: true });
      ctx.expect([101, 200].includes(attach.status), `attach with logs=1 and stream=1 answered ${attach.status}, expected 101 or 200`, { expected: [101, 200], actual: attach.status });
      await ctx.start(id);
      const { data } = await attach.readAll({ timeoutMs: 10_000 });
      attach.close();
      ctx.expect(data.toString('latin1').includes('conformance-run-flow'), 'the attached client sees the output of the container', { expected: 'conformance-run-flow', actual: data.toString('latin1').slice(0, 200) });
      ctx.expectEqual(await ctx.waitExit(id), 0, 'the run ends with exit code 0');
    },
  }),
  engineCheck({
    id: 'engine/service/json-object-streams',
    title: 'Events and stats responses are a sequence of JSON objects in a 200 body',
    requirements: ['engine/service/json-object-streams'],
    async run(ctx) {
      const since = nowSeconds();
      const { id } = await ctx.runningContainer(['sleep', '300']);
      const events = await readEvents(ctx, { since, until: nowSeconds() + 1 }, { deadlineMs: 5000 });
      ctx.expect(events.problems.length === 0 && events.events.length > 0, `the events body must be JSON objects: ${events.problems.join('; ') || 'none arrived'}`);
      const stats = await ctx.api.stream('GET', `/containers/${id}/stats`);
      ctx.expectEqual(stats.status, 200, 'GET /stats answers 200');
      const read = await firstObjects(stats, 2);
      ctx.expect(read.problems.length === 0 && read.values.length >= 1, `the stats body must be a sequence of JSON objects: ${read.problems.join('; ') || 'none arrived'}`);
    },
  }),
  engineCheck({
    id: 'engine/resources/timestamps',
    title: 'Timestamps are integer Unix seconds where stated, otherwise ISO 8601 strings with fractional seconds',
    requirements: ['engine/resources/timestamps'],
    async run(ctx) {
      const { id } = await ctx.runningContainer(['sleep', '300']);
      const list = ctx.expectJson<Array<{ Id: string; Created: unknown }>>(await ctx.api.get('/containers/json', { all: true }), 'container list');
      const created = list.find((c) => c.Id === id)?.Created;
      ctx.expect(Number.isInteger(created), `the list item Created is integer Unix seconds, got ${JSON.stringify(created)}`);
      const inspect = await ctx.inspect(id);
      const state = inspect.State as { StartedAt?: unknown };
      for (const [what, value] of [['inspect Created', inspect.Created], ['State.StartedAt', state.StartedAt]] as const) {
        ctx.expect(typeof value === 'string' && ISO_FRACTIONAL.test(value), `${what} is an ISO 8601 string with fractional seconds, got ${JSON.stringify(value)}`);
      }
    },
  }),
];
