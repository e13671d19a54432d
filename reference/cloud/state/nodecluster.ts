/**
 * Node clusters. States and allowed operations per the spec's table. Not shown, chosen here:
 * create → Init; deploy Init → Deploying → Deployed (Empty cluster when target_num_nodes is 0);
 * PATCH target_num_nodes in Deployed, Partly deployed or Empty cluster → Scaling → settled state
 * (in Init it only sets the target); terminate → Terminating → Terminated. A settled cluster is
 * Deployed when all target nodes are alive, Partly deployed with fewer, Empty cluster with none.
 */
import type { Job } from '../actions/call.ts';
import { AWS_DISK_SIZES } from '../catalog-seed.ts';
import { fieldIgnoredFault, withoutIgnored } from '../fault-families.ts';
import type { CloudFaultName } from '../faults.ts';
import { badRequest } from '../http/errors.ts';
import { newUuid } from '../ids.ts';
import { resourceUri, sameResource, type UriScope } from '../uris.ts';
import type { World } from '../world.ts';
import type { Node, NodeCluster, NodeClusterState } from './model.ts';
import { bringUpNodes, isLiveNode, newNode, terminateNodes } from './node.ts';
import { announce, setState } from './notify.ts';
import { pick } from './store.ts';
import type { StateTable } from './states.ts';
import { optInt, optObject, optString, optTags, reqString, tagsJson, type Fields } from './validate.ts';

export type NodeClusterOp = 'deploy' | 'terminate';

export const NODE_CLUSTER_OPS: StateTable<NodeClusterState, NodeClusterOp> = {
  Init: ['deploy', 'terminate'],
  Deploying: [],
  Deployed: ['terminate'],
  'Partly deployed': ['terminate'],
  Scaling: [],
  Terminating: [],
  Terminated: [],
  'Empty cluster': ['terminate'],
};

/** States where PATCH is accepted. */
export const NODE_CLUSTER_STABLE: readonly NodeClusterState[] = ['Init', 'Deployed', 'Partly deployed', 'Empty cluster'];

export const DEFAULT_DISK = 60;

export function createNodeCluster(world: World, scope: UriScope, sent: Fields): NodeCluster {
  const body = withoutIgnored(world.faults, sent, (f) => fieldIgnoredFault('nodecluster', f));
  const name = world.faults.has('create-missing-name-accepted') ? (optString(body, 'name') ?? '') : reqString(body, 'name');
  const nodeType = world.catalog.nodeTypes.find((t) =>
    sameResource(t.resource_uri, requiredUri(world, body, 'node_type', 'create-missing-node-type-accepted')),
  );
  if (!nodeType) throw badRequest('node_type is not a known node type URI');
  // Under `blind11-cluster-blank-region-defaulted` the required check looks at the key only and a blank value falls back (`or`) to the
  // node type's first region.
  const blankRegion = (body.region === null || body.region === '') && world.faults.has('blind11-cluster-blank-region-defaulted');
  const regionUri = blankRegion ? nodeType.regions[0]! : requiredUri(world, body, 'region', 'create-missing-region-accepted');
  const region = world.catalog.regions.find((r) => sameResource(r.resource_uri, regionUri));
  if (!region) throw badRequest('region is not a known region URI');
  if (!nodeType.regions.includes(region.resource_uri)) throw badRequest(`node type ${nodeType.name} is not offered in region ${region.name}`);
  // Under `blind21-provider-available-lookup-by-name` the provider is looked up by name with a URI: none is found, none is refused.
  const unavailable: boolean = world.faults.has('blind21-provider-available-lookup-by-name')
    ? world.catalog.providers.find((p) => p.name === region.provider)?.available === false
    : !region.available || !nodeType.available;
  if (unavailable) throw badRequest('the provider is not available for new node deployments');
  const uuid = (world.faults.has('client-uuid-kept') ? optString(body, 'uuid') : undefined) ?? newUuid();
  const cluster: NodeCluster = {
    kind: 'nodecluster',
    uuid,
    resource_uri: resourceUri('nodecluster', [uuid], scope),
    scope,
    name,
    nickname: optString(body, 'nickname') ?? defaultNickname(world, name),
    state: world.faults.has('cluster-create-not-init') ? 'Deployed' : 'Init',
    node_type: nodeType.resource_uri,
    region: region.resource_uri,
    disk: readDisk(world, body, region.provider, nodeType.resource_uri),
    nodes: [],
    target_num_nodes: optInt(body, 'target_num_nodes') ?? (world.faults.has('blind-cluster-target-default-0') ? 0 : 1),
    targetDefaulted: optInt(body, 'target_num_nodes') === undefined,
    deployed_datetime: null,
    destroyed_datetime: null,
    tags: optTags(body) ?? [],
    provider_options: readProviderOptions(world, body, region.provider),
  };
  world.store.nodeClusters.set(uuid, cluster);
  announce(world, cluster, 'create');
  return cluster;
}

/**
 * The nickname of a cluster created without one: its name. Under `blind-cluster-nickname-empty` it is empty; under
 * `blind27-cluster-nickname-default-slug` it is the name made a hostname label (lowercased, other characters dashes).
 */
function defaultNickname(world: World, name: string): string {
  if (world.faults.has('blind-cluster-nickname-empty')) return '';
  if (!world.faults.has('blind27-cluster-nickname-default-slug')) return name;
  return name
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A required URI of the body; under `fault`, a missing one is taken to be the catalog's first node type and region. */
function requiredUri(world: World, body: Fields, key: 'node_type' | 'region', fault: CloudFaultName): string {
  if (body[key] === undefined && world.faults.has(fault))
    return key === 'node_type' ? world.catalog.nodeTypes[0]!.resource_uri : world.catalog.regions[0]!.resource_uri;
  return reqString(body, key);
}

function readDisk(world: World, body: Fields, provider: string, nodeType: string): number {
  // blind3-cluster-negative-disk-accepted checks the type of disk only, not its range.
  const sent = optInt(body, 'disk', world.faults.has('blind3-cluster-negative-disk-accepted') ? Number.MIN_SAFE_INTEGER : 1);
  // Under `blind11-cluster-default-disk-validated` the default is filled in first and checked against the provider's rule like a sent value.
  const disk = sent ?? (world.faults.has('blind11-cluster-default-disk-validated') ? DEFAULT_DISK : undefined);
  const rule = world.catalog.diskRule.get(provider);
  // Under `blind18-cluster-disk-max-1000` a size bound of 1 TB, older than the 1500 and 2000 GB sizes, is checked first.
  if (disk !== undefined && disk > 1000 && world.faults.has('blind18-cluster-disk-max-1000')) throw badRequest('disk must be at most 1000 GB');
  // Under `disk-unavailable-left-unapplied` (a variation the spec allows) the provider without disk choice takes the field and leaves it
  // unapplied: its clusters show the node type's own disk, sent or not.
  if (rule === 'fixed' && world.faults.has('disk-unavailable-left-unapplied')) return world.catalog.hardware.get(nodeType)?.disk ?? DEFAULT_DISK;
  if (disk !== undefined && rule === 'fixed') throw badRequest('disk is not available for this provider');
  if (disk !== undefined && rule === 'list' && !AWS_DISK_SIZES.includes(disk) && !world.faults.has('disk-any-value'))
    throw badRequest(`disk must be one of ${AWS_DISK_SIZES.join(', ')}`);
  return disk ?? (world.faults.has('disk-default-100') ? 100 : DEFAULT_DISK);
}

/** aws takes `vpc` {id, subnets, security_groups} and `iam` {instance_profile_name}. */
function readProviderOptions(world: World, body: Fields, provider: string): Record<string, unknown> {
  const options = optObject(body, 'provider_options') ?? {};
  if (!provider.endsWith('/aws/')) return options;
  const vpc = optObject(options, 'vpc');
  if (vpc) {
    optString(vpc, 'id');
    for (const key of ['subnets', 'security_groups']) {
      const v = vpc[key];
      if (v !== undefined && (!Array.isArray(v) || v.some((x) => typeof x !== 'string')))
        throw badRequest(`provider_options.vpc.${key} must be a list of strings`);
    }
  }
  const iam = optObject(options, 'iam');
  if (iam) optString(iam, 'instance_profile_name');
  // Under `blind13-provider-options-iam-dropped` only the vpc options are kept (the one part a struct modelled).
  if (world.faults.has('blind13-provider-options-iam-dropped')) return vpc ? { vpc } : {};
  // Under `blind19-provider-options-groups-from-subnets` the security groups are filled from the subnets.
  if (vpc && world.faults.has('blind19-provider-options-groups-from-subnets')) return { ...options, vpc: { ...vpc, security_groups: vpc.subnets } };
  return options;
}

export const clusterNodes = (world: World, c: NodeCluster): Node[] => pick(world.store.nodes, c.nodes);
const liveNodes = (world: World, c: NodeCluster): Node[] => clusterNodes(world, c).filter(isLiveNode);

/** The state a cluster settles in after work on it or on one of its nodes. */
export function settleCluster(world: World, c: NodeCluster): void {
  if (c.state === 'Init' || c.state === 'Terminated' || c.state === 'Terminating') return;
  const alive = liveNodes(world, c).length;
  setState(world, c, alive === 0 ? 'Empty cluster' : alive < c.target_num_nodes ? 'Partly deployed' : 'Deployed');
}

export async function deployCluster(world: World, c: NodeCluster, job: Job): Promise<void> {
  setState(world, c, 'Deploying');
  const count = c.targetDefaulted && world.faults.has('cluster-default-target-deploys-two') ? 2 : c.target_num_nodes;
  const nodes = Array.from({ length: count }, (_, i) => newNode(world, c, i));
  await bringUpNodes(world, nodes, job, true);
  c.deployed_datetime = world.clock.now();
  settleCluster(world, c);
}

/** Undoes a canceled deploy: its nodes go away and the cluster is Init again. */
export function revertDeploy(world: World, c: NodeCluster): void {
  for (const node of liveNodes(world, c)) {
    node.destroyed_datetime = world.clock.now();
    setState(world, node, 'Terminated');
  }
  setState(world, c, 'Init');
}

export async function scaleCluster(world: World, c: NodeCluster, job: Job): Promise<void> {
  setState(world, c, 'Scaling');
  const alive = liveNodes(world, c);
  const missing = c.target_num_nodes - alive.length;
  c.scaledBy = (c.scaledBy ?? 0) + missing;
  if (missing > 0) {
    // Under `blind31-scaled-nodes-new-network` the network is made per provisioning batch: the nodes a scale adds get a subnet of their own.
    if (world.faults.has('blind31-scaled-nodes-new-network')) c.privateSubnet = undefined;
    const added = Array.from({ length: missing }, (_, i) => newNode(world, c, alive.length + i));
    await bringUpNodes(world, added, job);
  } else if (missing < 0 && !world.faults.has('blind-cluster-scale-down-ignored')) {
    await terminateNodes(world, alive.slice(missing), job);
  } else {
    await job.wait('scale');
  }
  settleCluster(world, c);
}

export async function terminateCluster(world: World, c: NodeCluster, job: Job): Promise<void> {
  setState(world, c, 'Terminating');
  // Under `cluster-delete-forgets-nodes` the cluster lets go of its nodes (its list emptied) and leaves them running.
  if (world.faults.has('cluster-delete-forgets-nodes')) c.nodes = [];
  if (world.faults.has('blind-cluster-terminate-keeps-nodes') || world.faults.has('cluster-delete-forgets-nodes')) await job.wait('terminate');
  else await terminateNodes(world, liveNodes(world, c), job);
  if (!world.faults.has('blind2-cluster-destroyed-date-null')) c.destroyed_datetime = world.clock.now();
  setState(world, c, 'Terminated');
}

/** The actual count of the cluster's nodes (those not Terminated), unless a fault shows another number. */
function currentNumNodes(world: World, c: NodeCluster, nodes: readonly Node[]): number {
  if (world.faults.has('cluster-current-nodes-zero')) return 0;
  if (world.faults.has('cluster-current-nodes-target')) return c.target_num_nodes;
  // Under `blind10-cluster-node-count-keeps-terminated` the count is of the cluster's node rows, terminated ones (soft-deleted) included.
  if (world.faults.has('blind10-cluster-node-count-keeps-terminated')) return nodes.length;
  const actual = nodes.filter((n) => n.state !== 'Terminated').length;
  return world.faults.has('current-num-nodes-not-updated') ? actual - (c.scaledBy ?? 0) : actual;
}

export function clusterJson(world: World, c: NodeCluster): Record<string, unknown> {
  const nodes = clusterNodes(world, c);
  return {
    // Under `blind33-cluster-uuid-hex` the uuid is written in its hex form (Python's uuid.hex, no dashes); resource_uri keeps the dashed one.
    uuid: world.faults.has('blind33-cluster-uuid-hex') ? c.uuid.replace(/-/g, '') : c.uuid,
    resource_uri: c.resource_uri,
    name: c.name,
    nickname: c.nickname,
    state: c.state,
    node_type: c.node_type,
    disk: c.disk,
    nodes: nodes.map((n) => n.resource_uri),
    region: c.region,
    target_num_nodes: c.target_num_nodes,
    current_num_nodes: currentNumNodes(world, c, nodes),
    deployed_datetime: world.date(c.deployed_datetime),
    destroyed_datetime: world.date(c.destroyed_datetime),
    tags: tagsJson(c.tags),
    provider_options: c.provider_options,
  };
}
