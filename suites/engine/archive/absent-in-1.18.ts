import { absentIn118Check } from '../support/absent-in-1.18.ts';
import { oneFileTar } from '../support/archive.ts';

/** The archive operation of a method is a 1.22 item: under /v1.18 it must not be served. */
function archiveAbsent(method: 'HEAD' | 'GET' | 'PUT', operation: 'archive-head' | 'archive-get' | 'archive-put') {
  return absentIn118Check(`engine/containers/${operation}`, `${method} /containers/(id)/archive`, async (ctx) => {
    const { id } = await ctx.createContainer({ cmd: ['true'] });
    const body = method === 'PUT' ? { body: await oneFileTar(), headers: { 'content-type': 'application/x-tar' } } : {};
    return ctx.api.request(method, `/containers/${id}/archive`, { query: { path: '/etc' }, ...body });
  });
}

/** Spec: Versioning: items marked (1.22) exist only in 1.22. */
export default [archiveAbsent('HEAD', 'archive-head'), archiveAbsent('GET', 'archive-get'), archiveAbsent('PUT', 'archive-put')];
