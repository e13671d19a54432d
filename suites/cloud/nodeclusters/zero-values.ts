/**
 * Spec: Node cluster and Node: a node cluster and a node are the documented objects whatever
 * their values, also where a value is empty, zero or null. A cluster created with an empty
 * nickname, no nodes to deploy (target_num_nodes 0), a tag with an empty name and empty provider
 * options, and a node of a region without availability zones (availability_zone null), read while
 * it deploys (deployed_datetime null) and, deployed, updated to an empty nickname and no tags, then to a tag
 * with an empty name, are read in every form: create, GET, list and update answers, and (where the
 * target offers the reference's control of a node's reachability) the health-check answer. Each must
 * match its schema: a field left out because its value is zero reads differently. Whether an
 * empty nickname is kept or replaced by its default is not shown, so values are not compared.
 */
import { finishedActionOf } from '../support/actions.ts';
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { CLUSTERS, NODES, type Placement, placement, placements, settle, trySetReachable } from '../support/infra.ts';
import { verifyKept } from '../support/kept.ts';
import { showsProviderOptions } from '../support/provider-options.ts';
import { listAll, sameResource, type Json } from '../support/lists.ts';
import type { Node } from '../support/views.generated.ts';
import { OPERATION } from '../support/operation-requirements.ts';

const R = {
  create: 'cloud/nodecluster/create/returns-node-cluster',
  echoes: 'cloud/nodecluster/create/echoes-body',
  clusters: 'cloud/nodecluster/list/returns-node-clusters',
  get: 'cloud/node/get/returns-node',
  list: 'cloud/node/list/returns-nodes',
};

const EMPTY_OPTIONS: Json = { vpc: { id: '', subnets: [], security_groups: [] }, iam: { instance_profile_name: '' } };

/** A placement in a region without availability zones, when the catalog has one. */
async function zonelessPlacement(ctx: CloudContext): Promise<Placement> {
  for (const at of await placements(ctx)) {
    const region = await ctx.setUp(() => ctx.getJson('region', at.region, 'region'));
    if (Array.isArray(region.availability_zones) && region.availability_zones.length === 0) return at;
  }
  return placement(ctx);
}

/**
 * A created cluster, and the provider options it was created with, where they are judged: taken by
 * the provider the spec shows them for (elsewhere, or refused with a client error, none).
 */
interface Created {
  cluster: Json;
  options?: Json;
}

async function createZeroCluster(ctx: CloudContext, at: Placement, body: Json): Promise<Created> {
  let res = await ctx.api.post(CLUSTERS, { ...body, provider_options: EMPTY_OPTIONS });
  const refused = res.status >= 400 && res.status < 500;
  if (refused) res = await ctx.api.post(CLUSTERS, body);
  const options = !refused && (await showsProviderOptions(ctx, at.provider)) ? EMPTY_OPTIONS : undefined;
  if (res.status >= 400 && res.status < 500) return ctx.skip(`a node cluster with empty optional values was refused in ${at.region} (${res.status})`);
  const cluster = ctx.expectView('node-cluster', ctx.expectJson(res, 'create answer', R.create), 'the create answer', R.create);
  ctx.defer(async () => void (await ctx.api.delete(cluster.resource_uri)));
  return { cluster, ...(options ? { options } : {}) };
}

/** As the echo check: provider options the target took are kept as sent, empty values too. */
function expectOptionsKept(ctx: CloudContext, created: Created, shown: Json | undefined, what: string): void {
  if (created.options && shown) verifyKept(ctx, { provider_options: created.options }, shown, what, R.echoes);
}

/** Each of `uris` is listed at `path`, as a `view` object. */
async function listedAs(ctx: CloudContext, path: string, uris: string[], view: 'node' | 'node-cluster', requirement: string): Promise<Json[]> {
  const listed = await listAll(ctx, path);
  return uris.map((uri) => {
    const found = listed.find((o) => sameResource(o.resource_uri, uri));
    ctx.expect(found !== undefined, `${uri} is not listed at ${path}`, { requirement });
    return ctx.expectView(view, found, `${uri} as listed`, requirement) as Json;
  });
}

/** Made unreachable (where the target offers that control), the node's health-check answers a node object. */
async function expectHealthCheckAnswer(ctx: CloudContext, node: Node): Promise<void> {
  if (!(await trySetReachable(ctx, node, false))) return;
  const res = await ctx.api.post(`${node.resource_uri}health-check/`);
  if (res.status !== 202) return ctx.observe(`health-check of an unreachable node answered ${res.status}`);
  ctx.expectView('node', ctx.expectJson(res, 'health-check answer', R.get), 'the health-check answer', R.get);
  await finishedActionOf(ctx, res, 'health-check');
}

export default [
  cloudCheck({
    id: `${R.create}/zero-values`,
    title: 'A node cluster and a node with empty, zero and null values are answered as node cluster and node objects in every form',
    requirements: [R.create, R.echoes, R.clusters, R.get, R.list],
    endpoint: 'cloud/nodecluster/create',
    long: true,
    async run(ctx) {
      const at = await placement(ctx);
      const base = { node_type: at.nodeType, region: at.region, nickname: '', tags: [{ name: '' }] };
      const idle = await createZeroCluster(ctx, at, { ...base, name: ctx.uniqueName('nc'), target_num_nodes: 0 });
      const uri = String(idle.cluster.resource_uri);
      expectOptionsKept(ctx, idle, idle.cluster, 'the create answer');
      const got = ctx.expectView('node-cluster', await ctx.getJson('node-cluster', uri), 'GET of the cluster', R.create);
      expectOptionsKept(ctx, idle, got, 'a later GET');
      const patched = await ctx.api.patch(uri, { tags: [{ name: '' }] });
      if (patched.status === 202) {
        const answer = ctx.expectView('node-cluster', ctx.expectJson(patched, 'update answer', R.create), 'the update answer', R.create);
        expectOptionsKept(ctx, idle, answer, 'the update answer');
      }
      const where = await zonelessPlacement(ctx);
      const { cluster: deployed } = await createZeroCluster(ctx, where, {
        name: ctx.uniqueName('nc'),
        node_type: where.nodeType,
        region: where.region,
        nickname: '',
      });
      const deploy = await ctx.api.post(`${String(deployed.resource_uri)}deploy/`);
      ctx.precondition(deploy.status < 300, `deploy answered ${deploy.status}`, OPERATION.clusterDeploy);
      const [node] = (await ctx.getJson('node-cluster', String(deployed.resource_uri))).nodes ?? [];
      if (!node) return ctx.skip('precondition: the deploying cluster lists no node');
      await listedAs(ctx, NODES, [node], 'node', R.list);
      await settle(ctx, 'node', node, ['Deployed']);
      for (const body of [{ nickname: '', tags: [] }, { tags: [{ name: '' }] }]) {
        const res = await ctx.api.patch(node, body);
        if (res.status === 202) ctx.expectView('node', ctx.expectJson(res, 'node update answer', R.get), 'the node update answer', R.get);
        await settle(ctx, 'node', node, ['Deployed']);
      }
      const nodeGot = ctx.expectView('node', await ctx.getJson('node', node), 'GET of the node', R.get);
      await listedAs(ctx, NODES, [node], 'node', R.list);
      const [listed] = await listedAs(ctx, CLUSTERS, [uri, String(deployed.resource_uri)], 'node-cluster', R.clusters);
      expectOptionsKept(ctx, idle, listed, 'the cluster as listed');
      await expectHealthCheckAnswer(ctx, nodeGot);
    },
  }),
];
