/**
 * Spec (Node cluster): "disk | I | GB, disk for images and containers"; (Node) "disk I (GB)". The
 * cluster's disk is what its nodes get for images and containers: each node it deploys shows a disk
 * (GB) of at least the cluster's, the default (60) as well as a size sent. A node may show more (its
 * own disk may hold more than images and containers): equality is observed.
 *
 * The size sent is the largest listed size the provider takes (2000 GB where it takes them all): a
 * target that gives every node a disk of its own whatever the cluster's (20, 250 or the host's)
 * shows less there than the cluster asks for.
 */
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { LISTED_DISK_SIZES } from '../support/disk-sizes.ts';
import { OPERATION } from '../support/operation-requirements.ts';
import { createCluster, deployCluster, liveNodes, onePerProvider, takesDisk, type Placement } from '../support/infra.ts';
import type { NodeCluster } from '../support/views.generated.ts';

const ID = 'cloud/nodecluster/get/nodes-disk';

/** The largest listed size the provider takes (infra.ts takesDisk: the disk shown follows the disk sent), probed from the largest down. */
async function largestTaken(ctx: CloudContext, at: Placement): Promise<number | undefined> {
  for (const size of [...LISTED_DISK_SIZES].reverse()) if (await takesDisk(ctx, at, size)) return size;
  return undefined;
}

/** Each live node of a deployed cluster has at least the cluster's disk: the disks its nodes show. */
async function expectNodesDisk(ctx: CloudContext, at: Placement, created: NodeCluster, what: string): Promise<unknown[]> {
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
  return nodes.map((n) => n.disk);
}

export default [
  cloudCheck({
    id: ID,
    title: "The nodes a cluster deploys get its disk: each one's disk is at least the cluster's (left out: 60; sent: the largest listed size taken)",
    endpoint: 'cloud/nodecluster/get',
    async run(ctx) {
      for (const at of await onePerProvider(ctx)) {
        // A provider without a disk choice gives its nodes a disk of its own: nothing to compare there.
        const large = await largestTaken(ctx, at);
        if (large === undefined) continue;
        const defaulted = await expectNodesDisk(ctx, at, await createCluster(ctx, {}, at), 'created without disk');
        const sent = await expectNodesDisk(ctx, at, await createCluster(ctx, { disk: large, target_num_nodes: 2 }, at), `created with disk ${large}`);
        // The spec does not say a node's disk is its cluster's: nodes showing one disk under both are recorded, not judged.
        const same = [...new Set([...defaulted, ...sent])];
        if (same.length === 1)
          ctx.observe(`${at.provider}: the nodes of the cluster left at its default and of the one with disk ${large} all show disk ${String(same[0])}`);
        return;
      }
      ctx.notApplicable("no provider of the catalog takes a disk size: every node gets its provider's disk");
    },
  }),
];
