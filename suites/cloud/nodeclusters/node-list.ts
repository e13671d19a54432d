/**
 * Spec: Node cluster > nodes, tags: a deployed cluster of two nodes with two tags lists its two
 * nodes, each once and each naming the cluster, and exactly its two tags, in its GET and in the
 * node cluster list.
 */
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { tagNames } from '../support/app.ts';
import { CLUSTERS, deployedCluster } from '../support/infra.ts';
import { listAll, sameResource, type Json } from '../support/lists.ts';

const R = {
  nodes: 'cloud/nodecluster/get/nodes-belong',
  echoes: 'cloud/nodecluster/create/echoes-body',
  list: 'cloud/nodecluster/list/returns-node-clusters',
};

async function verifyCluster(ctx: CloudContext, got: Json | undefined, uri: string, tags: readonly string[], what: string, list: boolean): Promise<void> {
  const nodes = Array.isArray(got?.nodes) ? got.nodes.map(String) : [];
  const belong = await Promise.all(nodes.map(async (n) => sameResource((await ctx.getJson('node', n, 'a node of the cluster')).node_cluster, uri)));
  ctx.verify(nodes.length === 2 && new Set(nodes).size === 2 && belong.every(Boolean), `${what}: nodes does not list the cluster's 2 nodes, each once`, {
    requirement: list ? R.list : R.nodes,
    expected: '2 distinct nodes whose node_cluster is the cluster',
    actual: got?.nodes,
  });
  ctx.verify(
    Array.isArray(got?.tags) && got.tags.length === tags.length && JSON.stringify(tagNames(got.tags)) === JSON.stringify([...tags].sort()),
    `${what}: tags is not the list sent`,
    {
      requirement: list ? R.list : R.echoes,
      expected: tags,
      actual: got?.tags,
    },
  );
}

export default [
  cloudCheck({
    id: `${R.nodes}/each-once`,
    title: 'A deployed cluster of two nodes with two tags lists both nodes, each once, and both tags (GET and list)',
    requirements: [R.nodes, R.echoes, R.list],
    endpoint: 'cloud/nodecluster/get',
    async run(ctx) {
      const tags = [ctx.uniqueName('tag-a'), ctx.uniqueName('tag-b')];
      const cluster = await ctx.setUp(() => deployedCluster(ctx, 2, { tags: tags.map((name) => ({ name })) }));
      const uri = cluster.resource_uri;
      await verifyCluster(ctx, await ctx.getJson('node-cluster', uri, 'the cluster'), uri, tags, 'GET cluster', false);
      const listed = (await listAll(ctx, CLUSTERS)).find((o) => o.uuid === cluster.uuid);
      await verifyCluster(ctx, listed, uri, tags, 'the listed cluster', true);
    },
  }),
];
