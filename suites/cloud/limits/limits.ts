import { expectRefused } from '../support/actions.ts';
import { ownNodes, containersOf, createService, live, operateAndSettle, serviceBody } from '../support/app.ts';
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { CATALOG, CLUSTERS } from '../support/infra.ts';
import { listAll, type Json } from '../support/lists.ts';

const R = {
  scale: 'cloud/limits/every-node-no-manual-scaling',
  to: 'cloud/limits/every-node-no-update-to',
  from: 'cloud/limits/every-node-no-update-from',
  disk: 'cloud/limits/node-cluster-disk-values',
};
const DISK_LIST = [10, 20, 25, 30, 40, 50, 75, 100, 125, 150, 175, 200, 250, 300, 350, 400, 500, 750, 1000, 1500, 2000];

async function strategyUpdate(ctx: CloudContext, from: string, to: string, requirement: string): Promise<void> {
  const svc = await createService(ctx, serviceBody(ctx, undefined, { deployment_strategy: from }));
  const res = await ctx.api.patch(svc.resource_uri, { deployment_strategy: to });
  await expectRefused(ctx, res, `PATCH deployment_strategy ${from} → ${to}`, requirement);
  const after = await ctx.getJson('service', svc.resource_uri, 'service');
  ctx.expectEqual(after.deployment_strategy, from, `a refused update changed deployment_strategy to ${String(after.deployment_strategy)}`, requirement);
}

/** Whether a provider takes a disk size: the answers to a create with `disk` (the cluster is removed at once). */
async function acceptsDisk(ctx: CloudContext, region: string, nodeType: string, disk: number): Promise<boolean> {
  const res = await ctx.api.post(CLUSTERS, { name: ctx.uniqueName('disk'), node_type: nodeType, region, disk });
  if (res.status < 300) await ctx.api.delete(String(res.json<Json>().resource_uri));
  return res.status < 300;
}

export default [
  cloudCheck({
    id: R.scale,
    title: 'A service with EVERY_NODE cannot be scaled manually: scale is refused and the containers stay as they are',
    endpoint: 'cloud/service/scale',
    async run(ctx) {
      const at = await ownNodes(ctx, 1);
      const svc = await createService(ctx, serviceBody(ctx, at, { deployment_strategy: 'EVERY_NODE' }));
      await operateAndSettle(ctx, svc, 'start');
      const before = live(await containersOf(ctx, svc)).length;
      await ctx.api.patch(svc.resource_uri, { target_num_containers: before + 2 });
      const res = await ctx.api.post(`${svc.resource_uri}scale/`);
      await expectRefused(ctx, res, 'scale of an EVERY_NODE service', R.scale);
      ctx.expectEqual(live(await containersOf(ctx, svc)).length, before, 'the containers of an EVERY_NODE service changed on a refused scale', R.scale);
    },
  }),
  cloudCheck({
    id: R.to,
    title: 'A service cannot be updated to EVERY_NODE: refused and nothing changes',
    endpoint: 'cloud/service/update',
    run: (ctx) => strategyUpdate(ctx, 'EMPTIEST_NODE', 'EVERY_NODE', R.to),
  }),
  cloudCheck({
    id: R.from,
    title: 'A service cannot be updated from EVERY_NODE: refused and nothing changes',
    endpoint: 'cloud/service/update',
    run: (ctx) => strategyUpdate(ctx, 'EVERY_NODE', 'HIGH_AVAILABILITY', R.from),
  }),
  cloudCheck({
    id: R.disk,
    title: 'Node cluster disk: for one provider one of the listed sizes, for another not available',
    endpoint: 'cloud/nodecluster/create',
    async run(ctx) {
      const regions = (await listAll(ctx, CATALOG.region)).filter((r) => r.available !== false);
      const types = (await listAll(ctx, CATALOG.nodetype)).filter((t) => t.available !== false);
      const rules: string[] = [];
      for (const provider of [...new Set(regions.map((r) => String(r.provider)))]) {
        const region = regions.find((r) => r.provider === provider)!;
        const type = types.find((t) => Array.isArray(t.regions) && t.regions.includes(region.resource_uri));
        if (!type) continue;
        const [listed, unlisted] = [
          await acceptsDisk(ctx, String(region.resource_uri), String(type.resource_uri), DISK_LIST[1]!),
          await acceptsDisk(ctx, String(region.resource_uri), String(type.resource_uri), 61),
        ];
        rules.push(listed && !unlisted ? 'list' : !listed && !unlisted ? 'none' : 'any');
        ctx.observe(`${provider}: disk ${DISK_LIST[1]} ${listed ? 'accepted' : 'refused'}, disk 61 ${unlisted ? 'accepted' : 'refused'}`);
      }
      ctx.expect(rules.includes('list'), 'no provider restricts disk to the listed sizes (disk 61 is accepted wherever disk 20 is)', {
        expected: 'one provider refusing sizes outside the list',
        actual: rules,
        requirement: R.disk,
      });
      ctx.expect(rules.includes('none'), 'every provider takes a disk size (the spec names one for which disk is not available)', {
        expected: 'one provider refusing disk',
        actual: rules,
        requirement: R.disk,
      });
    },
  }),
];
