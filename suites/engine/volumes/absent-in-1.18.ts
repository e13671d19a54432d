import { engineCheck, type EngineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { expectNotServedIn118, v122 } from '../support/resources.ts';
import type { HttpResponse } from '../../../harness/target/http-transport.ts';

/**
 * Spec: "Items marked (1.22) exist only in 1.22": the volume endpoints (47-50) must not be served
 * under /v1.18/. The subject volume is created through /v1.22 so that a success can only mean the
 * 1.22 operation was served (a target without 1.22 still gets asked, about a name that exists nowhere).
 */
async function subjectVolume(ctx: EngineContext): Promise<string> {
  const name = ctx.uniqueName('vol');
  ctx.defer(async () => void (await ctx.api.raw('DELETE', v122(`/volumes/${name}`))));
  await ctx.api.raw('POST', v122('/volumes/create'), { json: { Name: name } });
  return name;
}

function absent(endpoint: string, operation: string, request: (ctx: EngineContext) => Promise<HttpResponse>): EngineCheck {
  return engineCheck({
    id: `engine/volumes/${endpoint}/absent-in-1.18`,
    title: `${operation} (1.22) is not served under /v1.18`,
    requirements: [`engine/volumes/${endpoint}/absent-in-1.18`],
    endpoint: `engine/volumes/${endpoint}`,
    versions: ['1.18'],
    async run(ctx) {
      expectNotServedIn118(ctx, await request(ctx), operation);
    },
  });
}

export default [
  absent('list', 'GET /volumes', (ctx) => ctx.api.get('/volumes')),
  absent('create', 'POST /volumes/create', async (ctx) => {
    const name = ctx.uniqueName('vol');
    ctx.defer(async () => void (await ctx.api.raw('DELETE', v122(`/volumes/${name}`))));
    return ctx.api.post('/volumes/create', { json: { Name: name } });
  }),
  absent('inspect', 'GET /volumes/(name)', async (ctx) => ctx.api.get(`/volumes/${await subjectVolume(ctx)}`)),
  absent('delete', 'DELETE /volumes/(name)', async (ctx) => ctx.api.delete(`/volumes/${await subjectVolume(ctx)}`)),
];
