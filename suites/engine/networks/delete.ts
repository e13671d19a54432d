import { engineCheck } from '../support/check.ts';
import { createNetwork, PREDEFINED_NETWORKS, v122 } from '../support/resources.ts';

const V122 = ['1.22' as const];

/** Spec: Endpoints > Networks > 56. DELETE /networks/(id or name) (1.22). */
export default [
  engineCheck({
    id: 'engine/networks/delete/200-removed',
    title: 'DELETE /networks/(id) answers 200 and the network is gone',
    endpoint: 'engine/networks/delete',
    versions: V122,
    async run(ctx) {
      const { id } = await createNetwork(ctx);
      ctx.expectStatus(await ctx.api.delete(`/networks/${id}`), 200, 'DELETE of an unused custom network');
      ctx.expectStatus(await ctx.api.get(`/networks/${id}`), 404, 'after the delete, inspect of the network');
    },
  }),
  engineCheck({
    id: 'engine/networks/delete/403-pre-defined-network',
    title: 'DELETE of a pre-defined network (bridge, host, none) answers 403 and keeps it',
    requirements: ['engine/networks/delete/403-pre-defined-network', 'engine/errors/403-forbidden'],
    oneRule: true,
    endpoint: 'engine/networks/delete',
    versions: V122,
    async run(ctx) {
      for (const name of PREDEFINED_NETWORKS) {
        ctx.expectStatus(await ctx.api.delete(`/networks/${name}`), 403, `DELETE /networks/${name}`);
        ctx.expectStatus(await ctx.api.raw('GET', v122(`/networks/${name}`)), 200, `after the 403, the ${name} network still exists`);
      }
    },
  }),
  engineCheck({
    id: 'engine/networks/delete/403-pre-defined-network/by-id',
    title: 'DELETE of a pre-defined network named by its id answers 403 and keeps it',
    requirements: ['engine/networks/delete/403-pre-defined-network', 'engine/errors/403-forbidden'],
    oneRule: true,
    endpoint: 'engine/networks/delete',
    versions: V122,
    async run(ctx) {
      // The path takes an id or a name: the network is pre-defined whichever names it.
      const unnamed: string[] = [];
      for (const name of PREDEFINED_NETWORKS) {
        const inspected = await ctx.api.raw('GET', v122(`/networks/${name}`));
        const id = inspected.status === 200 ? (inspected.json() as { Id?: unknown }).Id : undefined;
        if (typeof id !== 'string' || !id) {
          unnamed.push(`${name} (GET answered ${inspected.status})`);
          continue;
        }
        ctx.expectStatus(await ctx.api.delete(`/networks/${id}`), 403, `DELETE /networks/${id.slice(0, 12)} (the ${name} network)`);
        ctx.expectStatus(await ctx.api.raw('GET', v122(`/networks/${name}`)), 200, `after the 403, the ${name} network still exists`);
      }
      // The by-name check reports a pre-defined network the target does not show.
      if (unnamed.length === PREDEFINED_NETWORKS.length) ctx.skip(`no pre-defined network shows an id: ${unnamed.join(', ')}`);
      if (unnamed.length) ctx.observe(`pre-defined networks without an id to delete by: ${unnamed.join(', ')}`);
    },
  }),
  engineCheck({
    id: 'engine/networks/delete/404-no-such-network',
    title: 'DELETE /networks/(id) of a network that does not exist answers 404',
    endpoint: 'engine/networks/delete',
    versions: V122,
    async run(ctx) {
      ctx.expectStatus(await ctx.api.delete(`/networks/${ctx.uniqueName('missing')}`), 404, 'DELETE of a missing network');
    },
  }),
];
