import { loadEndpoints } from '../../../harness/catalog/load.ts';
import type { HttpResponse } from '../../../harness/target/http-transport.ts';
import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { build, jsonObjects } from '../support/system.ts';

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null;
  } catch {
    return false;
  }
}

const ENDPOINTS = new Map(loadEndpoints('engine').map((e) => [e.id, e]));

/** Requests that must fail, each with the catalog endpoint whose code list it answers from. */
async function errorAnswers(ctx: EngineContext): Promise<Array<{ endpoint: string; what: string; res: HttpResponse }>> {
  const missing = ctx.uniqueName('missing');
  const { name } = await ctx.createContainer({ cmd: ['true'] });
  const answers = [
    { endpoint: 'engine/containers/inspect', what: 'inspect of a missing container', res: await ctx.api.get(`/containers/${missing}/json`) },
    { endpoint: 'engine/containers/create', what: 'create with a name in use', res: await ctx.api.post('/containers/create', { query: { name }, json: { Image: ctx.fixtureImage(), Cmd: ['true'] } }) },
    { endpoint: 'engine/images/inspect', what: 'inspect of a missing image', res: await ctx.api.get(`/images/${missing}/json`) },
    { endpoint: 'engine/exec/inspect', what: 'inspect of a missing exec instance', res: await ctx.api.get(`/exec/${missing}/json`) },
    { endpoint: 'engine/containers/wait', what: 'wait on a missing container', res: await ctx.api.post(`/containers/${missing}/wait`) },
  ];
  if (ctx.version === '1.22') {
    answers.push(
      { endpoint: 'engine/volumes/inspect', what: 'inspect of a missing volume', res: await ctx.api.get(`/volumes/${missing}`) },
      { endpoint: 'engine/networks/inspect', what: 'inspect of a missing network', res: await ctx.api.get(`/networks/${missing}`) },
      { endpoint: 'engine/networks/delete', what: 'delete of the pre-defined host network', res: await ctx.api.delete('/networks/host') },
    );
  }
  return answers;
}

/** Spec: Errors (status codes and error bodies). */
export default [
  engineCheck({
    id: 'engine/errors/404-not-found',
    title: '404 answers a missing container, image, exec instance, (1.22) volume and network',
    requirements: ['engine/errors/404-not-found'],
    async run(ctx) {
      const missing = ctx.uniqueName('missing');
      const paths = [`/containers/${missing}/json`, `/images/${missing}/json`, `/exec/${missing}/json`, ...(ctx.version === '1.22' ? [`/volumes/${missing}`, `/networks/${missing}`] : [])];
      for (const path of paths) ctx.expectStatus(await ctx.api.get(`${path}`), 404, `GET ${path}`);
    },
  }),
  engineCheck({
    id: 'engine/errors/409-conflict',
    title: '409 answers a create with a container name already assigned',
    requirements: ['engine/errors/409-conflict'],
    async run(ctx) {
      const { name } = await ctx.createContainer({ cmd: ['true'] });
      const res = await ctx.api.post('/containers/create', { query: { name }, json: { Image: ctx.fixtureImage(), Cmd: ['true'] } });
      if (res.status === 201) ctx.defer(async () => void (await ctx.api.delete(`/containers/${ctx.expectJson<{ Id: string }>(res, 'create').Id}`, { force: true })));
      ctx.expectStatus(res, 409, 'create with a name already assigned');
    },
  }),
  engineCheck({
    id: 'engine/errors/400-bad-parameter',
    title: '400 answers a bad parameter: a container name outside /?[a-zA-Z0-9_-]+',
    requirements: ['engine/errors/400-bad-parameter'],
    async run(ctx) {
      const res = await ctx.api.post('/containers/create', { query: { name: 'bad name!' }, json: { Image: ctx.fixtureImage(), Cmd: ['true'] } });
      if (res.status === 201) ctx.defer(async () => void (await ctx.api.delete(`/containers/${ctx.expectJson<{ Id: string }>(res, 'create').Id}`, { force: true })));
      ctx.expectStatus(res, 400, "create with the name 'bad name!'");
    },
  }),
  engineCheck({
    id: 'engine/errors/304-already',
    title: '304 answers a start of a container already started',
    requirements: ['engine/errors/304-already'],
    async run(ctx) {
      const { id } = await ctx.runningContainer(['sleep', '300']);
      ctx.expectStatus(await ctx.api.post(`/containers/${id}/start`), 304, 'start of a running container');
    },
  }),
  engineCheck({
    id: 'engine/errors/403-forbidden',
    title: '403 answers an operation on a pre-defined network',
    requirements: ['engine/errors/403-forbidden'],
    versions: ['1.22'],
    async run(ctx) {
      ctx.expectStatus(await ctx.api.delete('/networks/none'), 403, 'DELETE of the pre-defined none network');
    },
  }),
  engineCheck({
    id: 'engine/errors/101-hijack',
    title: '101 answers an attach that asks to upgrade: the connection is hijacked',
    requirements: ['engine/errors/101-hijack'],
    async run(ctx) {
      const { id } = await ctx.runningContainer(['sleep', '300']);
      const attach = await ctx.api.hijack('POST', `/containers/${id}/attach`, { query: { stream: 1, stdout: 1 }, upgrade: true });
      attach.close();
      ctx.expectEqual(attach.status, 101, 'attach with Upgrade: tcp answers 101');
    },
  }),
  engineCheck({
    id: 'engine/errors/success-codes',
    title: 'Successful operations answer the success code listed for their endpoint',
    requirements: ['engine/errors/success-codes'],
    async run(ctx) {
      const created = await ctx.api.post('/containers/create', { query: { name: ctx.uniqueName('c') }, json: { Image: ctx.fixtureImage(), Cmd: ['true'] } });
      ctx.expectStatus(created, 201, 'container create');
      const id = ctx.expectJson<{ Id: string }>(created, 'create').Id;
      ctx.defer(async () => void (await ctx.api.delete(`/containers/${id}`, { force: true })));
      ctx.expectStatus(await ctx.api.post(`/containers/${id}/start`), 204, 'container start');
      ctx.expectStatus(await ctx.api.post(`/containers/${id}/wait`), 200, 'container wait');
      ctx.expectStatus(await ctx.api.delete(`/containers/${id}`), 204, 'container delete');
    },
  }),
  engineCheck({
    id: 'engine/errors/stream-error-object',
    title: 'An error inside a streamed build response is a JSON object {error S} with errorDetail {code I, message S}',
    requirements: ['engine/errors/stream-error-object', 'engine/errors/build-error-detail'],
    endpoint: 'engine/images/build',
    async run(ctx) {
      const res = await build(ctx, `FROM ${ctx.fixtureImage()}\nRUN sh -c 'exit 3'\n`);
      ctx.expectStatus(res, 200, 'a build whose RUN step fails (the error comes inside the stream)');
      const { values } = jsonObjects(res.body);
      const error = values.find((v) => 'error' in v);
      ctx.expect(error !== undefined && typeof error.error === 'string', 'the failed build stream must carry an object {error S}', { expected: '{error, errorDetail}', actual: values.slice(-3) });
      const detail = error!.errorDetail as { code?: unknown; message?: unknown } | undefined;
      ctx.expect(typeof detail?.message === 'string', 'the build error object has errorDetail {code I, message S}', { expected: '{code I, message S}', actual: detail, requirement: 'engine/errors/build-error-detail' });
      ctx.expect(detail!.code === undefined || Number.isInteger(detail!.code), 'errorDetail.code is an integer', { actual: detail, requirement: 'engine/errors/build-error-detail' });
      if (detail!.code === undefined) ctx.observe('errorDetail has no code');
    },
  }),
  engineCheck({
    id: 'engine/errors/archive-json-body',
    title: '(1.22) The archive endpoints answer 404 with a JSON body holding the reason',
    requirements: ['engine/errors/archive-json-body'],
    versions: ['1.22'],
    async run(ctx) {
      const { id } = await ctx.createContainer({ cmd: ['true'] });
      for (const path of [`/containers/${ctx.uniqueName('missing')}/archive`, `/containers/${id}/archive`]) {
        const res = await ctx.api.get(path, { path: '/conformance-no-such-path' });
        ctx.expectStatus(res, 404, `GET ${path} of a missing container or path`);
        ctx.expect(isJsonObject(res.text()), `the 404 body must be JSON holding the reason, got '${res.text().trim().slice(0, 120)}' (${res.headers['content-type'] ?? 'no content type'})`, { expected: 'a JSON object', actual: res.text().slice(0, 200) });
      }
    },
  }),
  engineCheck({
    id: 'engine/errors/body-shape',
    title: 'Records the content type and body of error answers (shape not shown in the spec)',
    requirements: ['engine/errors/body-shape'],
    async run(ctx) {
      for (const { what, res } of await errorAnswers(ctx)) {
        ctx.observe(`${what}: ${res.status} ${res.headers['content-type'] ?? '(no content type)'} ${JSON.stringify(res.text().slice(0, 120))}`);
      }
    },
  }),
  engineCheck({
    id: 'engine/errors/listed-codes-only',
    title: 'Error answers use a status listed for their endpoint',
    requirements: ['engine/errors/listed-codes-only'],
    async run(ctx) {
      for (const { endpoint, what, res } of await errorAnswers(ctx)) {
        const listed = (ENDPOINTS.get(endpoint)?.responses ?? []).filter((r) => !r.versions || r.versions.includes(ctx.version)).map((r) => r.status);
        ctx.expect(listed.includes(res.status), `${what} answered ${res.status}, which ${endpoint} does not list`, { expected: listed, actual: res.status });
      }
    },
  }),
];
