import { loadEndpoints } from '../../../harness/catalog/load.ts';
import type { HttpResponse } from '../../../harness/target/http-transport.ts';
import { engineCheck } from '../support/check.ts';
import { withoutNetwork, type EngineContext } from '../support/context.ts';
import { BUILD_ENDPOINT, postBuild } from '../support/build.ts';
import { createBody, createRaw } from '../support/container-data.ts';

const ENDPOINTS = new Map(loadEndpoints('engine').map((e) => [e.id, e]));

/** Requests that must fail, each with the catalog endpoint whose code list it answers from. */
async function errorAnswers(ctx: EngineContext): Promise<Array<{ endpoint: string; what: string; res: HttpResponse }>> {
  const missing = ctx.uniqueName('missing');
  const { name } = await ctx.createContainer({ cmd: ['true'] });
  const answers = [
    { endpoint: 'engine/containers/inspect', what: 'inspect of a missing container', res: await ctx.api.get(`/containers/${missing}/json`) },
    { endpoint: 'engine/containers/create', what: 'create with a name in use', res: (await createRaw(ctx, createBody(ctx), name)).res },
    { endpoint: 'engine/images/inspect', what: 'inspect of a missing image', res: await ctx.api.get(`/images/${missing}/json`) },
    { endpoint: 'engine/exec/inspect', what: 'inspect of a missing exec instance', res: await ctx.api.get(`/exec/${missing}/json`) },
    { endpoint: 'engine/containers/wait', what: 'wait on a missing container', res: await ctx.api.post(`/containers/${missing}/wait`) },
    // GET /images/json lists 200 and 500: a refusal of malformed filters has 500 left.
    {
      endpoint: 'engine/images/list',
      what: 'an image list with `filters` that are not JSON',
      res: await ctx.api.get('/images/json', { filters: '{"label": [' }),
    },
  ];
  // A build context without the build file: POST /build lists 200 (an {error} object in the stream) and 500.
  const noBuildFile = await postBuild(ctx, { buildFile: 'a file of the build context\n', buildFilePath: 'context.txt' });
  answers.push({ endpoint: BUILD_ENDPOINT, what: 'a build of a context without the build file', res: noBuildFile.res });
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
    async run(ctx) {
      const missing = ctx.uniqueName('missing');
      const paths = [
        `/containers/${missing}/json`,
        `/images/${missing}/json`,
        `/exec/${missing}/json`,
        ...(ctx.version === '1.22' ? [`/volumes/${missing}`, `/networks/${missing}`] : []),
      ];
      for (const path of paths) ctx.expectStatus(await ctx.api.get(`${path}`), 404, `GET ${path}`);
    },
  }),
  engineCheck({
    id: 'engine/errors/400-bad-parameter',
    title: '400 answers a bad parameter: a container name outside /?[a-zA-Z0-9_-]+',
    async run(ctx) {
      const { res } = await createRaw(ctx, createBody(ctx), 'bad name!');
      ctx.expectStatus(res, 400, "create with the name 'bad name!'");
    },
  }),
  engineCheck({
    id: 'engine/errors/success-codes',
    title: 'Successful operations answer the success code listed for their endpoint',
    async run(ctx) {
      const created = await createRaw(ctx, withoutNetwork(createBody(ctx)), ctx.uniqueName('c'));
      ctx.expectStatus(created.res, 201, 'container create');
      const id = created.id!;
      ctx.expectStatus(await ctx.api.post(`/containers/${id}/start`), 204, 'container start');
      ctx.expectStatus(await ctx.api.post(`/containers/${id}/wait`), 200, 'container wait');
      ctx.expectStatus(await ctx.api.delete(`/containers/${id}`), 204, 'container delete');
    },
  }),
  engineCheck({
    id: 'engine/errors/body-shape',
    title: 'Records the content type and body of error answers (shape not shown in the spec)',
    async run(ctx) {
      for (const { what, res } of await errorAnswers(ctx)) {
        ctx.observe(`${what}: ${res.status} ${res.headers['content-type'] ?? '(no content type)'} ${JSON.stringify(res.text().slice(0, 120))}`);
      }
    },
  }),
  engineCheck({
    id: 'engine/errors/listed-codes-only',
    title: 'Error answers use a status listed for their endpoint',
    async run(ctx) {
      for (const { endpoint, what, res } of await errorAnswers(ctx)) {
        const listed = (ENDPOINTS.get(endpoint)?.responses ?? []).filter((r) => !r.versions || r.versions.includes(ctx.version)).map((r) => r.status);
        ctx.expect(listed.includes(res.status), `${what} answered ${res.status}, which ${endpoint} does not list`, { expected: listed, actual: res.status });
      }
    },
  }),
];
