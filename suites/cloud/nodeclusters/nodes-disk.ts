/**
 * Spec (Node cluster): "disk | I | GB, disk for images and containers". The cluster's disk is
 * what its nodes get for images and containers: each node it deploys shows a disk (GB) of at least
 * the cluster's, the default (60) as well as a size sent. A node may show more (its own disk may
 * hold more than images and containers): equality is observed.
 */
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { OPERATION } from '../support/operation-requirements.ts';
import { createCluster, deployCluster, liveNodes, onePerProvider, takesDisk, type Placement } from '../support/infra.ts';
import type { NodeCluster } from '../support/views.generated.ts';

const ID = 'cloud/nodecluster/get/nodes-disk';
/** A size above the default: a node that keeps the default (or any smaller fixed size) under it shows. */
const SENT_DISK = 100;

/** Each live node of a deployed cluster has at least the cluster's disk. */
async function expectNodesDisk(ctx: CloudContext, at: Placement, created: NodeCluster, what: string): Promise<void> {
  const cluster = await deployCluster(ctx, created);
  const nodes = liveNodes(await Promise.all((cluster.nodes ?? []).map((n) => ctx.getJson('node', n, 'a node of the deployed cluster'))));
  ctx.precondition(nodes.length > 0, `the deployed cluster ${cluster.resource_uri} has no live node`, OPERATION.clusterDeploy);
  const disk = Number(cluster.disk);
  const short = nodes.filter((n) => !(Number(n.disk) >= disk));
  ctx.verify(short.length === 0, `${at.provider}: nodes of a cluster ${what} have less disk than the cluster's ${String(cluster.disk)} GB`, {
    requirement: ID,
    expected: `disk >= ${String(cluster.disk)} on every node`,
    actual: short.map((n) => `${n.resource_uri}: disk ${String(n.disk)}`),
  });
  const other = nodes.filter((n) => n.disk !== cluster.disk);
  if (other.length) ctx.observe(`${at.provider}: nodes of a cluster ${what} (disk ${String(cluster.disk)}) show disk ${other.map((n) => n.disk).join(', ')}`);
}

export default [
  cloudCheck({
    id: ID,
    title: `The nodes a cluster deploys get its disk: each one's disk is at least the cluster's (left out: 60; sent: ${SENT_DISK})`,
    endpoint: 'cloud/nodecluster/get',
    async run(ctx) {
      for (const at of await onePerProvider(ctx)) {
        // A provider without a disk choice gives its nodes a disk of its own: nothing to compare there.
        if (!(await takesDisk(ctx, at, 60))) continue;
        await expectNodesDisk(ctx, at, await createCluster(ctx, {}, at), 'created without disk');
        if (await takesDisk(ctx, at, SENT_DISK))
          await expectNodesDisk(ctx, at, await createCluster(ctx, { disk: SENT_DISK, target_num_nodes: 2 }, at), `created with disk ${SENT_DISK}`);
        else ctx.observe(`${at.provider} does not take disk ${SENT_DISK}: only the default's nodes were compared`);
        return;
      }
      ctx.notApplicable("no provider of the catalog takes a disk size: every node gets its provider's disk");
    },
  }),
];
