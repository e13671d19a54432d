import { engineCheck, type EngineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { connect, expectNotServedIn118, v122 } from '../support/resources.ts';
import type { HttpResponse } from '../../../harness/target/http-transport.ts';

/**
 * Spec: "Items marked (1.22) exist only in 1.22": the network endpoints (51-56) must not be served
 * under /v1.18/. The subject network is created through /v1.22 so that a success can only mean the
 * 1.22 operation was served (a target without 1.22 still gets asked, about a name that exists nowhere).
 */
async function subjectNetwork(ctx: EngineContext): Promise<string> {
  const name = ctx.uniqueName('net');
  ctx.defer(async () => void (await ctx.api.raw('DELETE', v122(`/networks/${name}`))));
  await ctx.api.raw('POST', v122('/networks/create'), { json: { Name: name } });
  return name;
}

function absent(endpoint: string, operation: string, request: (ctx: EngineContext) => Promise<HttpResponse>): EngineCheck {
  return engineCheck({
    id: `engine/networks/${endpoint}/absent-in-1.18`,
    title: `${operation} (1.22) is not served under /v1.18`,
    requirements: [`engine/networks/${endpoint}/absent-in-1.18`],
    endpoint: `engine/networks/${endpoint}`,
    versions: ['1.18'],
    async run(ctx) {
      expectNotServedIn118(ctx, await request(ctx), operation);
    },
  });
}

export default [
  absent('list', 'GET /networks', (ctx) => ctx.api.get('/networks')),
  absent('inspect', 'GET /networks/(id or name)', async (ctx) => ctx.api.get(`/networks/${await subjectNetwork(ctx)}`)),
  absent('create', 'POST /networks/create', async (ctx) => {
    const name = ctx.uniqueName('net');
    ctx.defer(async () => void (await ctx.api.raw('DELETE', v122(`/networks/${name}`))));
    return ctx.api.post('/networks/create', { json: { Name: name } });
  }),
  absent('connect', 'POST /networks/(id or name)/connect', async (ctx) => {
    const network = await subjectNetwork(ctx);
    const container = await ctx.runningContainer(['sleep', '300']);
    return ctx.api.post(`/networks/${network}/connect`, { json: { Container: container.id } });
  }),
  absent('disconnect', 'POST /networks/(id or name)/disconnect', async (ctx) => {
    const network = await subjectNetwork(ctx);
    const container = await ctx.runningContainer(['sleep', '300']);
    await connect(ctx, network, container.id);
    return ctx.api.post(`/networks/${network}/disconnect`, { json: { Container: container.id } });
  }),
  absent('delete', 'DELETE /networks/(id or name)', async (ctx) => ctx.api.delete(`/networks/${await subjectNetwork(ctx)}`)),
];
