/**
 * Spec: Node clusters and Nodes > GET list, PATCH: a listed cluster or node is the object its GET
 * shows, and so is the object a PATCH answers with (the facts: the object in its new state; a GET
 * of its resource_uri returns that object). A deployed cluster of two nodes with two tags and
 * provider options of two subnets and two security groups, so that a list cut to one item, emptied
 * or with an item repeated, or a field left out, reads differently from the GET. The object a PATCH
 * answers with carries its uuid and its sizes (a cluster's disk, a node's cpu, disk and memory) as
 * its GET does, and its dates lie between those of its GETs before and after the PATCH.
 */
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { CLUSTER_SETTLED, CLUSTERS, createCluster, deployCluster, NODES, settle } from '../support/infra.ts';
import { expectAnswerDatesBetween } from '../support/answer-times.ts';
import { expectAnswerAsGot, expectShownAsGot, listAll, type Json } from '../support/lists.ts';
import type { NodeCluster } from '../support/views.generated.ts';
import { OPERATION } from '../support/operation-requirements.ts';

const R = {
  clusters: 'cloud/nodecluster/list/returns-node-clusters',
  nodes: 'cloud/node/list/returns-nodes',
  echoes: 'cloud/nodecluster/create/echoes-body',
  deploys: 'cloud/nodecluster/deploy/deploys',
  resolves: 'cloud/uri/resource-uri-resolves',
  clusterUpdate202: 'cloud/nodecluster/update/202',
  nodeUpdate202: 'cloud/node/update/202',
  clusterDates: 'cloud/nodecluster/get/datetimes-track-operations',
  nodeDates: 'cloud/node/get/datetimes-track-operations',
};

const TAGS: Json[] = [{ name: 'conformance-one' }, { name: 'conformance-two' }];
const PROVIDER_OPTIONS: Json = {
  vpc: { id: 'vpc-conformance', subnets: ['subnet-one', 'subnet-two'], security_groups: ['sg-one', 'sg-two'] },
  iam: { instance_profile_name: 'conformance' },
};
/** The provider options by their leaves, so that a sub-object left out differs too. */
const OPTIONS_SHOWN = [
  'provider_options.vpc.id',
  'provider_options.vpc.subnets',
  'provider_options.vpc.security_groups',
  'provider_options.iam.instance_profile_name',
];
const CLUSTER_SHOWN = ['nodes', 'tags', ...OPTIONS_SHOWN];
const NODE_SHOWN = ['tags', 'node_cluster', 'availability_zone'];
/** What a PATCH of tags or nickname does not change, beside the lists. */
const CLUSTER_SIZES = ['disk'];
const NODE_SIZES = ['cpu', 'disk', 'memory'];

/**
 * The cluster deployed with two nodes, two tags and the provider options (a refusal blocks the
 * check: its create or deploy check reports it); `created` is the create answer.
 */
async function twoNodeCluster(ctx: CloudContext): Promise<NodeCluster & { created: NodeCluster }> {
  const created = await ctx.setUp(() => createCluster(ctx, { target_num_nodes: 2, tags: TAGS, provider_options: PROVIDER_OPTIONS }), R.echoes);
  return { ...(await ctx.setUp(() => deployCluster(ctx, created), R.deploys)), created };
}

export default [
  cloudCheck({
    id: `${R.clusters}/lists-as-got`,
    title: 'A listed node cluster (and a created one) shows its nodes, tags and provider options, and a listed node its tags and cluster, as their GETs do',
    requirements: [R.clusters, R.nodes, R.echoes],
    endpoint: 'cloud/nodecluster/list',
    async run(ctx) {
      const cluster = await twoNodeCluster(ctx);
      const listed = (await listAll(ctx, CLUSTERS)).find((o) => o.uuid === cluster.uuid);
      ctx.expect(listed !== undefined, `the cluster ${cluster.uuid} is not listed`, { requirement: R.clusters });
      const got = await ctx.getJson('node-cluster', cluster.resource_uri);
      if (listed) expectShownAsGot(ctx, listed, got, CLUSTER_SHOWN, `GET ${CLUSTERS}`, R.clusters);
      expectShownAsGot(ctx, cluster.created, got, OPTIONS_SHOWN, 'the create answer', R.echoes);
      const nodes = await listAll(ctx, NODES);
      for (const uri of got.nodes ?? []) {
        const node = await ctx.getJson('node', uri);
        const inList = nodes.find((o) => o.uuid === node.uuid);
        ctx.expect(inList !== undefined, `the node ${node.uuid} is not listed`, { requirement: R.nodes });
        if (inList) expectShownAsGot(ctx, inList, node, NODE_SHOWN, `GET ${NODES}`, R.nodes);
      }
    },
  }),
  cloudCheck({
    id: `${R.resolves}/nodecluster-update-answer`,
    title: 'The cluster a PATCH of its own tags answers with shows its nodes, tags and provider options as its GET does',
    requirements: [R.resolves, R.clusterUpdate202, R.clusterDates],
    endpoint: 'cloud/nodecluster/update',
    async run(ctx) {
      const uri = (await twoNodeCluster(ctx)).resource_uri;
      const before: Json = await ctx.getJson('node-cluster', uri);
      const res = await ctx.api.patch(uri, { tags: TAGS });
      await settle(ctx, 'node-cluster', uri, CLUSTER_SETTLED);
      await expectAnswerAsGot(ctx, res, 'node-cluster', uri, [...CLUSTER_SHOWN, ...CLUSTER_SIZES], `PATCH ${uri}`, R.resolves);
      await expectAnswerDatesBetween(ctx, res, 'node-cluster', uri, before, `PATCH ${uri}`, R.clusterDates);
    },
  }),
  cloudCheck({
    id: `${R.resolves}/node-update-answer`,
    title: 'The node a PATCH of its nickname answers with shows its tags and cluster as its GET does',
    requirements: [R.resolves, R.nodeUpdate202, R.nodeDates],
    endpoint: 'cloud/node/update',
    async run(ctx) {
      const [uri] = (await twoNodeCluster(ctx)).nodes ?? [];
      if (!uri) return ctx.preconditionUnmet('the deployed cluster lists no node', OPERATION.clusterDeploy);
      const before: Json = await settle(ctx, 'node', uri, ['Deployed']);
      const res = await ctx.api.patch(uri, { nickname: ctx.uniqueName('node') });
      await settle(ctx, 'node', uri, ['Deployed']);
      await expectAnswerAsGot(ctx, res, 'node', uri, [...NODE_SHOWN, ...NODE_SIZES], `PATCH ${uri}`, R.resolves);
      await expectAnswerDatesBetween(ctx, res, 'node', uri, before, `PATCH ${uri}`, R.nodeDates);
    },
  }),
];
