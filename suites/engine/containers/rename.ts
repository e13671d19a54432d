import { engineCheck } from '../support/check.ts';
import { noSuchContainerCheck } from '../support/lifecycle.ts';

const ENDPOINT = 'engine/containers/rename';

/** Spec: Endpoints > Containers > 15. POST /containers/(id or name)/rename?name=<new_name>. */
export default [
  engineCheck({
    id: 'engine/containers/rename/204-renamed',
    title: 'POST /rename?name=<new> answers 204 and the container has the new name',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id } = await ctx.createContainer({ cmd: ['true'] });
      const renamed = ctx.uniqueName('renamed');
      ctx.expectStatus(await ctx.api.post(`/containers/${id}/rename`, { query: { name: renamed } }), 204, 'rename to a free name');
      ctx.expectEqual((await ctx.inspect(id)).Name, `/${renamed}`, 'after a 204 rename, inspect Name is the new name');
      ctx.expectStatus(await ctx.api.get(`/containers/${renamed}/json`), 200, 'the container is found by its new name');
    },
  }),
  engineCheck({
    id: 'engine/containers/rename/204-renamed/by-name',
    title: 'POST /containers/(name)/rename?name=<new> addressed by the current name answers 204 and that container has the new name',
    requirements: ['engine/containers/rename/204-renamed'],
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id, name } = await ctx.createContainer({ cmd: ['true'] });
      const renamed = ctx.uniqueName('renamed');
      ctx.expectStatus(await ctx.api.post(`/containers/${name}/rename`, { query: { name: renamed } }), 204, `rename addressed by the name ${name}`);
      ctx.expectEqual((await ctx.inspect(id)).Name, `/${renamed}`, 'after a 204 rename addressed by name, inspect (by id) Name is the new name');
    },
  }),
  engineCheck({
    id: 'engine/containers/rename/409-name-already-assigned',
    title: 'POST /rename to a name assigned to another container answers 409 and keeps the old name',
    endpoint: ENDPOINT,
    async run(ctx) {
      const first = await ctx.createContainer({ cmd: ['true'] });
      const second = await ctx.createContainer({ cmd: ['true'] });
      ctx.expectStatus(await ctx.api.post(`/containers/${first.id}/rename`, { query: { name: second.name } }), 409, 'rename to a name already assigned');
      ctx.expectEqual((await ctx.inspect(first.id)).Name, `/${first.name}`, 'after the 409 the container keeps its old name');
    },
  }),
  noSuchContainerCheck({ endpoint: ENDPOINT, method: 'POST', suffix: 'rename', query: { name: 'conformance-free-name' } }),
];
