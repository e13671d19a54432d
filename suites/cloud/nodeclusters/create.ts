import type { HttpResponse } from '../../../harness/target/http-transport.ts';
import { cloudCheck, type CloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import {
  clusterBody,
  CLUSTERS,
  createCluster,
  deployCluster,
  liveNodes,
  NODES,
  onePerProvider,
  placement,
  takesDisk,
  type Placement,
} from '../support/infra.ts';
import { keptField, verifyKept } from '../support/kept.ts';
import { showsProviderOptions } from '../support/provider-options.ts';
import { listAll, sameResource, type Json } from '../support/lists.ts';
import { expectStaysUnstarted } from '../support/unstarted.ts';
import { isSuccess } from '../../../harness/target/http-transport.ts';
import { postFriendlyNamed } from '../support/friendly-name.ts';

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
  otherOptions: 'cloud/nodecluster/create/provider-options-other-providers-not-shown',
};

/** The provider options the spec shows for one public cloud provider (two of each list: a list cut to one item shows). */
const PROVIDER_OPTIONS: Json = {
  vpc: { id: 'vpc-conformance', subnets: ['subnet-conformance-a', 'subnet-conformance-b'], security_groups: ['sg-conformance-a', 'sg-conformance-b'] },
  iam: { instance_profile_name: 'conformance' },
};

/** How a required field is left out: the key absent, or (a URI field) sent blank, null or "", which is no URI. */
type Omission = 'absent' | null | '';

/**
 * A create body without one required field is refused and creates nothing. A URI field sent as
 * null or "" names no resource either: it is refused the same way, not filled in with a default.
 */
function requiredField(field: 'name' | 'node_type' | 'region'): CloudCheck {
  const id = `cloud/nodecluster/create/requires-${field.replace('_', '-')}`;
  const omissions: Omission[] = field === 'name' ? ['absent'] : ['absent', null, ''];
  return cloudCheck({
    id,
    title: `${field} is required: a node cluster create body without it${field === 'name' ? '' : ' (or with it null or "")'} is refused and creates nothing`,
    endpoint: ENDPOINT,
    async run(ctx) {
      const at = await placement(ctx);
      for (const omission of omissions) {
        const marker = ctx.uniqueName('missing');
        const body: Json = { name: marker, nickname: marker, node_type: at.nodeType, region: at.region };
        if (omission === 'absent') delete body[field];
        else body[field] = omission;
        const how = omission === 'absent' ? `without ${field}` : `with ${field} ${JSON.stringify(omission)}`;
        const res = await ctx.api.post(CLUSTERS, body);
        const created = res.status < 300 ? (res.json<Json>().resource_uri as string | undefined) : undefined;
        if (created) ctx.defer(async () => void (await ctx.api.delete(created)));
        ctx.expect(res.status >= 400, `create ${how} answered ${res.status}`, { expected: 'an error status', actual: res.status, requirement: id });
        const left = (await listAll(ctx, CLUSTERS)).filter((c) => c.nickname === marker || c.name === marker);
        ctx.expect(left.length === 0, `create ${how} left a node cluster behind`, {
          expected: 'no cluster',
          actual: left.map((c) => c.resource_uri),
          requirement: id,
        });
      }
    },
  });
}

/**
 * A provider that refuses disk 60 sent (no disk choice, or only listed sizes): what its default is
 * is not judged, but disk is not required and has a default, so a body leaving it out is still
 * accepted there: the default is not refused as if it had been sent.
 */
async function expectDiskLeftOutAccepted(ctx: CloudContext, at: Placement): Promise<void> {
  const res = await ctx.api.post(CLUSTERS, { name: ctx.uniqueName('no-disk'), node_type: at.nodeType, region: at.region });
  const created = isSuccess(res.status) ? res.json<Json>() : undefined;
  if (typeof created?.resource_uri === 'string') ctx.defer(async () => void (await ctx.api.delete(String(created.resource_uri))));
  ctx.verify(created !== undefined, `${at.provider}: a create leaving disk out answered ${res.status}: ${res.text().slice(0, 200)}`, {
    requirement: R.disk,
    expected: 'a 2xx answer (disk is not required; it has a default)',
    actual: res.status,
  });
  if (created) ctx.observe(`${at.provider} refuses disk 60 sent (no disk choice, or only listed sizes): a create leaving disk out shows disk ${created.disk}`);
}

/** A create answered with the cluster: the answer and a later GET carry every field of `body`. */
async function expectKeptOnCreate(ctx: CloudContext, res: HttpResponse, body: Json): Promise<void> {
  ctx.expect(isSuccess(res.status), `create answered ${res.status}: ${res.text().slice(0, 200)}`, { requirement: R.echoes });
  const created = ctx.expectJson<Json>(res, 'create response', R.echoes);
  ctx.defer(async () => void (await ctx.api.delete(String(created.resource_uri))));
  verifyKept(ctx, body, created, 'the create answer', R.echoes);
  verifyKept(ctx, body, await ctx.getJson('node-cluster', String(created.resource_uri), 'the created cluster'), 'a later GET', R.echoes);
}

/** A create with the provider options the spec shows, on a provider it does not show them for: what is kept is observed. */
async function observeOptionsElsewhere(ctx: CloudContext, at: Placement): Promise<void> {
  const res = await ctx.api.post(CLUSTERS, { name: ctx.uniqueName('nc'), node_type: at.nodeType, region: at.region, provider_options: PROVIDER_OPTIONS });
  if (!isSuccess(res.status)) return ctx.observe(`${at.provider} (options not shown for it) answered ${res.status} to the provider options`);
  const created = res.json<Json>();
  if (typeof created.resource_uri === 'string') ctx.defer(async () => void (await ctx.api.delete(String(created.resource_uri))));
  const kept = keptField('provider_options', PROVIDER_OPTIONS, created);
  ctx.observe(`${at.provider} (options not shown for it) took the provider options; its answer ${kept ? 'keeps' : 'does not keep'} them as sent`);
}

/**
 * The provider the spec shows the options for keeps them where it takes them. A client error
 * refuses them (the facts list 400, 402, 403 and 409 in use: a VPC the account lacks, a plan that
 * does not allow it): the next such provider is tried, and without one the rule is unverified.
 */
async function checkProviderOptionsKept(ctx: CloudContext): Promise<void> {
  const shown: Placement[] = [];
  for (const at of await onePerProvider(ctx)) {
    if (await showsProviderOptions(ctx, at.provider)) shown.push(at);
    else await observeOptionsElsewhere(ctx, at);
  }
  for (const at of shown) {
    const body: Json = { name: ctx.uniqueName('nc'), node_type: at.nodeType, region: at.region, provider_options: PROVIDER_OPTIONS };
    const res = await ctx.api.post(CLUSTERS, body);
    if (res.status >= 400 && res.status < 500) {
      ctx.observe(`${at.provider} refused the provider options (${res.status})`);
      continue;
    }
    return expectKeptOnCreate(ctx, res, body);
  }
  ctx.unverified(
    shown.length
      ? 'the provider the spec shows the provider options for (Amazon Web Services) refused them with a client error'
      : 'no available provider of the catalog is the one the spec shows the provider options for (Amazon Web Services)',
  );
}

async function checkCreated(ctx: CloudContext): Promise<void> {
  const at = await placement(ctx);
  const name = ctx.uniqueName('nc');
  const res = await ctx.api.post(CLUSTERS, { name, node_type: at.nodeType, region: at.region });
  const body = res.status < 300 ? ctx.expectJson<Json>(res, 'create response', R.returns) : {};
  if (typeof body.resource_uri === 'string') ctx.defer(async () => void (await ctx.api.delete(String(body.resource_uri))));
  ctx.expect(isSuccess(res.status), `create answered ${res.status}: ${res.text().slice(0, 200)}`, { requirement: R.returns });
  ctx.expectView('node-cluster', body, 'the created node cluster', R.returns);
  ctx.expectEqual(body.name, name, 'the created cluster does not carry the name sent', R.returns);
  const got = await ctx.getJson('node-cluster', String(body.resource_uri), 'the created cluster');
  ctx.expectEqual(got.uuid, body.uuid, 'GET of the created resource_uri returns another cluster', R.returns);
  ctx.expectStatus(res, 201, 'create (facts: 201 with the created cluster)', R.code201);
}

/**
 * A cluster created without disk shows 60 GB in the create answer and in a later GET: the answer
 * alone could echo a default never kept. With `deploy` (one provider: a deploy costs machines),
 * the deployed cluster too; what disk its nodes get is cloud/nodecluster/get/nodes-disk's.
 */
async function expectDiskDefault(ctx: CloudContext, at: Placement, deploy: boolean): Promise<void> {
  const cluster = await createCluster(ctx, {}, at);
  const stored = await ctx.getJson('node-cluster', cluster.resource_uri, 'the created cluster');
  for (const [shown, where] of [
    [cluster, 'in the create answer'],
    [stored, 'when the created cluster is read by GET'],
  ] as const)
    ctx.verify(shown.disk === 60, `${at.provider}: disk does not default to 60 GB ${where}`, { requirement: R.disk, expected: 60, actual: shown.disk });
  if (!deploy) return;
  const deployed = await deployCluster(ctx, cluster);
  ctx.verify(deployed.disk === 60, `${at.provider}: disk of a deployed cluster created without it is not 60 GB`, {
    requirement: R.disk,
    expected: 60,
    actual: deployed.disk,
  });
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
    endpoint: ENDPOINT,
    async run(ctx) {
      const cluster = await createCluster(ctx);
      // Watched for a while, not read once: a deploy the create set off may start a moment after its answer,
      // and its nodes may show in the node list before the cluster names them.
      const shown = async (): Promise<Json> => {
        const got = await ctx.getJson('node-cluster', cluster.resource_uri, 'the created cluster');
        const listed = (await listAll(ctx, NODES)).filter((n) => sameResource(n.node_cluster, cluster.resource_uri));
        return { state: got.state, nodes: got.nodes, listedNodes: listed.map((n) => n.resource_uri) };
      };
      await expectStaysUnstarted(ctx, shown, { state: 'Init', nodes: [], listedNodes: [] }, 'a created (not deployed) cluster', R.notDeployed);
    },
  }),
  cloudCheck({
    id: R.nickname,
    title:
      'Create defaults: nickname = name (a name with capitals and spaces, kept as written), target_num_nodes 1 (a deploy brings up 1 node), tags []; ' +
      'values sent instead are kept',
    requirements: [R.nickname, R.target, R.tags],
    endpoint: ENDPOINT,
    async run(ctx) {
      const { res } = await postFriendlyNamed(ctx, 'nc', async (name) => ctx.api.post(CLUSTERS, await clusterBody(ctx, { name })));
      const cluster = ctx.createdBy('node-cluster', res, 'a node cluster');
      // The default is what is stored, read back by GET: the create answer alone could echo a default never kept.
      const stored = await ctx.getJson('node-cluster', cluster.resource_uri, 'the created cluster');
      for (const [shown, where] of [
        [cluster, 'in the create answer'],
        [stored, 'when the created cluster is read by GET'],
      ] as const) {
        ctx.verify(shown.nickname === cluster.name, `nickname does not default to name ${where}`, {
          requirement: R.nickname,
          expected: cluster.name,
          actual: shown.nickname,
        });
      }
      ctx.verify(cluster.target_num_nodes === 1, 'target_num_nodes does not default to 1', {
        requirement: R.target,
        expected: 1,
        actual: cluster.target_num_nodes,
      });
      // The empty list itself: null or a missing field is no default of [].
      ctx.verify(JSON.stringify(cluster.tags) === '[]', 'tags do not default to []', { requirement: R.tags, expected: [], actual: cluster.tags });
      // The default is the node count a deploy brings up, not only the number shown.
      const deployed = await deployCluster(ctx, cluster);
      const nodes = await Promise.all(deployed.nodes.map((n) => ctx.getJson('node', n, 'a node of the deployed cluster')));
      ctx.verify(liveNodes(nodes).length === 1, 'a cluster created without target_num_nodes does not deploy 1 node', {
        requirement: R.target,
        expected: 1,
        actual: liveNodes(nodes).map((n) => n.resource_uri),
      });
      const sent: Json = { nickname: ctx.uniqueName('nick'), target_num_nodes: 2, tags: [{ name: 'conformance-a' }] };
      const other = await createCluster(ctx, sent);
      for (const [field, requirement] of [
        ['nickname', R.nickname],
        ['target_num_nodes', R.target],
        ['tags', R.tags],
      ] as const) {
        verifyKept(ctx, { [field]: sent[field] }, other, 'a cluster created with a value other than the default', requirement);
      }
    },
  }),
  cloudCheck({
    id: R.disk,
    title: 'disk defaults to 60 GB for each provider that takes a disk of 60 GB; 20 GB sent is kept; leaving disk out is accepted by every provider',
    endpoint: ENDPOINT,
    async run(ctx) {
      let judged = 0;
      for (const at of await onePerProvider(ctx)) {
        if (!(await takesDisk(ctx, at, 60))) {
          await expectDiskLeftOutAccepted(ctx, at);
          continue;
        }
        judged++;
        await expectDiskDefault(ctx, at, judged === 1);
        if (await takesDisk(ctx, at, 20))
          verifyKept(ctx, { disk: 20 }, await createCluster(ctx, { disk: 20 }, at), `${at.provider}: a cluster created with disk 20`, R.disk);
      }
      if (!judged) ctx.notApplicable('no provider of the catalog takes a disk of 60 GB: the default applies to none');
    },
  }),
  cloudCheck({
    id: R.echoes,
    title: 'The created cluster (the create answer and a later GET) carries the name, node_type, region, disk, nickname, target_num_nodes and tags sent',
    endpoint: ENDPOINT,
    async run(ctx) {
      const at = await placement(ctx);
      const body: Json = {
        name: ctx.uniqueName('nc'),
        nickname: ctx.uniqueName('nick'),
        node_type: at.nodeType,
        region: at.region,
        disk: 20,
        target_num_nodes: 2,
        tags: [{ name: 'conformance-a' }, { name: 'conformance-b' }],
      };
      let res = await ctx.api.post(CLUSTERS, body);
      // A provider may take no disk size: it is left out once the body with it is refused.
      if (res.status === 400) {
        ctx.observe(`${at.provider} refused the body with disk 20 (${res.status}): sent again without disk`);
        delete body.disk;
        res = await ctx.api.post(CLUSTERS, body);
      }
      await expectKeptOnCreate(ctx, res, body);
    },
  }),
  cloudCheck({
    id: `${R.echoes}/provider-options`,
    title:
      'The provider options the spec shows (vpc, iam) are kept by the provider it shows them for, where it takes them (the create answer and a later GET); ' +
      'what other providers do with them is observed',
    requirements: [R.echoes, R.otherOptions],
    endpoint: ENDPOINT,
    run: checkProviderOptionsKept,
  }),
  requiredField('name'),
  requiredField('node_type'),
  requiredField('region'),
];
