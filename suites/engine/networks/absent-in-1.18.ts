import { absentIn118Check, ownedName, subjectIn122 } from '../support/absent-in-1.18.ts';
import { connect, containerFor } from '../support/resources.ts';

/** Spec: "Items marked (1.22) exist only in 1.22": the network endpoints (51-56) are not served under /v1.18/. */
export default [
  absentIn118Check('engine/networks/list', 'GET /networks', (ctx) => ctx.api.get('/networks')),
  absentIn118Check('engine/networks/inspect', 'GET /networks/(id or name)', async (ctx) => ctx.api.get(`/networks/${await subjectIn122(ctx, 'networks')}`)),
  absentIn118Check('engine/networks/create', 'POST /networks/create', (ctx) =>
    ctx.api.post('/networks/create', { json: { Name: ownedName(ctx, 'networks') } }),
  ),
  absentIn118Check('engine/networks/connect', 'POST /networks/(id or name)/connect', async (ctx) => {
    const network = await subjectIn122(ctx, 'networks');
    const container = await containerFor(ctx, network);
    return ctx.api.post(`/networks/${network}/connect`, { json: { Container: container.id } });
  }),
  absentIn118Check('engine/networks/disconnect', 'POST /networks/(id or name)/disconnect', async (ctx) => {
    const network = await subjectIn122(ctx, 'networks');
    const container = await containerFor(ctx, network);
    await connect(ctx, network, container.id);
    return ctx.api.post(`/networks/${network}/disconnect`, { json: { Container: container.id } });
  }),
  absentIn118Check('engine/networks/delete', 'DELETE /networks/(id or name)', async (ctx) =>
    ctx.api.delete(`/networks/${await subjectIn122(ctx, 'networks')}`),
  ),
];
