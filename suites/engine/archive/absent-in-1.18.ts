import { engineCheck, type EngineCheck } from '../support/check.ts';
import { expectNotServedIn118 } from '../support/resources.ts';
import { packTar } from '../support/tar-files.ts';

/** The archive operation of a method is a 1.22 item: under /v1.18 it must not be served. */
function absentIn118(method: 'HEAD' | 'GET' | 'PUT', operation: 'archive-head' | 'archive-get' | 'archive-put'): EngineCheck {
  const requirement = `engine/containers/${operation}/absent-in-1.18`;
  return engineCheck({
    id: requirement,
    title: `(1.18) ${method} /containers/(id)/archive is a 1.22 item: /v1.18 does not serve it`,
    requirements: [requirement],
    endpoint: `engine/containers/${operation}`,
    versions: ['1.18'],
    async run(ctx) {
      const { id } = await ctx.createContainer({ cmd: ['true'] });
      const body = method === 'PUT' ? { body: await packTar([{ name: 'x.txt', content: 'x' }]), headers: { 'content-type': 'application/x-tar' } } : {};
      const res = await ctx.api.request(method, `/containers/${id}/archive`, { query: { path: '/etc' }, ...body });
      expectNotServedIn118(ctx, res, `${method} /containers/(id)/archive`);
    },
  });
}

/** Spec: Versioning: items marked (1.22) exist only in 1.22. */
export default [absentIn118('HEAD', 'archive-head'), absentIn118('GET', 'archive-get'), absentIn118('PUT', 'archive-put')];
