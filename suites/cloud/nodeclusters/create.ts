import { cloudCheck, type CloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { CLUSTERS, createCluster, placement } from '../support/infra.ts';
import { listAll, type Json } from '../support/lists.ts';

const ENDPOINT = 'cloud/nodecluster/create';
const R = {
  returns: 'cloud/nodecluster/create/returns-node-cluster',
  code201: 'cloud/nodecluster/create/201',
  notDeployed: 'cloud/nodecluster/create/not-deployed',
  disk: 'cloud/nodecluster/create/default-disk-60',
  nickname: 'cloud/nodecluster/create/default-nickname-name',
  target: 'cloud/nodecluster/create/default-target-num-nodes-1',
  tags: 'cloud/nodecluster/create/default-tags-empty',
  echoes: 'cloud/nodecluster/create/echoes-body',
};

const tagNames = (tags: unknown): string[] => (Array.isArray(tags) ? tags.map((t) => String((t as Json)?.name ?? t)).sort() : []);

/** A create body without one required field is refused and creates nothing. */
function requiredField(field: 'name' | 'node_type' | 'region'): CloudCheck {
  const id = `cloud/nodecluster/create/requires-${field.replace('_', '-')}`;
  return cloudCheck({
    id,
    title: `${field} is required: a node cluster create body without it is refused and creates nothing`,
    requirements: [id],
    endpoint: ENDPOINT,
    async run(ctx) {
      const at = await placement(ctx);
      const marker = ctx.uniqueName('missing');
      const body: Json = { name: marker, nickname: marker, node_type: at.nodeType, region: at.region };
      delete body[field];
      const res = await ctx.api.post(CLUSTERS, body);
      const created = res.status < 300 ? (res.json<Json>().resource_uri as string | undefined) : undefined;
      if (created) ctx.defer(async () => void (await ctx.api.delete(created)));
      ctx.expect(res.status >= 400, `create without ${field} answered ${res.status}`, { expected: 'an error status', actual: res.status, requirement: id });
      const left = (await listAll(ctx, CLUSTERS)).filter((c) => c.nickname === marker || c.name === marker);
      ctx.expect(left.length === 0, `create without ${field} left a node cluster behind`, { expected: 'no cluster', actual: left.map((c) => c.resource_uri), requirement: id });
    },
  });
}

async function checkCreated(ctx: CloudContext): Promise<void> {
  const at = await placement(ctx);
  const name = ctx.uniqueName('nc');
  const res = await ctx.api.post(CLUSTERS, { name, node_type: at.nodeType, region: at.region });
  const body = res.status < 300 ? ctx.expectJson<Json>(res, 'create response', R.returns) : {};
  if (typeof body.resource_uri === 'string') ctx.defer(async () => void (await ctx.api.delete(String(body.resource_uri))));
  ctx.expect(res.status >= 200 && res.status < 300, `create answered ${res.status}: ${res.text().slice(0, 200)}`, { requirement: R.returns });
  ctx.expectSchema('cloud/v1', 'node-cluster', body, 'the created node cluster', R.returns);
  ctx.expectEqual(body.name, name, 'the created cluster does not carry the name sent', R.returns);
  const got = await ctx.getJson(String(body.resource_uri), 'the created cluster');
  ctx.expectEqual(got.uuid, body.uuid, 'GET of the created resource_uri returns another cluster', R.returns);
  ctx.expectStatus(res, 201, 'create (facts: 201 with the created cluster)', R.code201);
}

export default [
  cloudCheck({
    id: R.returns,
    title: 'POST creates a node cluster and returns it',
    requirements: [R.returns, R.code201],
    endpoint: ENDPOINT,
    run: checkCreated,
  }),
  cloudCheck({
    id: R.notDeployed,
    title: 'Create does not deploy the cluster: it is Init with no nodes',
    requirements: [R.notDeployed],
    endpoint: ENDPOINT,
    async run(ctx) {
      const cluster = await createCluster(ctx);
      await new Promise((r) => setTimeout(r, 300));
      const got = await ctx.getJson(String(cluster.resource_uri), 'the created cluster');
      ctx.expectEqual(got.state, 'Init', 'a created cluster is not in state Init', R.notDeployed);
      ctx.expectEqual(got.nodes, [], 'a created (not deployed) cluster has nodes', R.notDeployed);
    },
  }),
  cloudCheck({
    id: R.disk,
    title: 'Create defaults: disk 60, nickname = name, target_num_nodes 1, tags []',
    requirements: [R.disk, R.nickname, R.target, R.tags],
    endpoint: ENDPOINT,
    async run(ctx) {
      const cluster = await createCluster(ctx);
      ctx.expectEqual(cluster.nickname, cluster.name, 'nickname does not default to name', R.nickname);
      ctx.expectEqual(cluster.target_num_nodes, 1, 'target_num_nodes does not default to 1', R.target);
      ctx.expectEqual(tagNames(cluster.tags), [], 'tags do not default to []', R.tags);
      ctx.expectEqual(cluster.disk, 60, 'disk does not default to 60 GB', R.disk);
    },
  }),
  cloudCheck({
    id: R.echoes,
    title: 'The created cluster carries the name, node_type, region, disk, nickname, target_num_nodes, tags and provider_options sent',
    requirements: [R.echoes],
    endpoint: ENDPOINT,
    async run(ctx) {
      const at = await placement(ctx);
      const body: Json = { name: ctx.uniqueName('nc'), nickname: ctx.uniqueName('nick'), node_type: at.nodeType, region: at.region, disk: 20, target_num_nodes: 2, tags: [{ name: 'conformance-a' }, { name: 'conformance-b' }], provider_options: {} };
      let res = await ctx.api.post(CLUSTERS, body);
      if (res.status === 400) {
        ctx.observe(`disk 20 was refused for ${at.provider} (a provider may take no disk size): sent without disk`);
        delete body.disk;
        res = await ctx.api.post(CLUSTERS, body);
      }
      ctx.expect(res.status >= 200 && res.status < 300, `create answered ${res.status}: ${res.text().slice(0, 200)}`, { requirement: R.echoes });
      const created = ctx.expectJson<Json>(res, 'create response', R.echoes);
      ctx.defer(async () => void (await ctx.api.delete(String(created.resource_uri))));
      for (const field of ['name', 'nickname', 'node_type', 'region', 'disk', 'target_num_nodes', 'provider_options'] as const) {
        if (field in body) ctx.expect(field === 'node_type' || field === 'region' ? sameUri(created[field], body[field]) : equal(created[field], body[field]), `${field} is not the value sent`, { expected: body[field], actual: created[field], requirement: R.echoes });
      }
      ctx.expectEqual(tagNames(created.tags), tagNames(body.tags), 'tags are not the ones sent', R.echoes);
    },
  }),
  requiredField('name'),
  requiredField('node_type'),
  requiredField('region'),
];

const equal = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const sameUri = (a: unknown, b: unknown): boolean => typeof a === 'string' && typeof b === 'string' && a.replace(/\/+$/, '').endsWith(b.replace(/^[a-z]+:\/\/[^/]+/i, '').replace(/\/+$/, ''));
