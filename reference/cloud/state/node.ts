/**
 * Nodes: created by a cluster deploy or scale. States and allowed operations per the spec's
 * table; shown transition: health-check sets Deployed when the engine daemon answers and
 * Unreachable otherwise. Not shown, chosen here: deploy Deploying → Deployed; vendor-upgrade
 * Deployed → Upgrading → Deployed (its containers restart); terminate → Terminating →
 * Terminated (its containers are terminated). A node turns Unreachable only through the
 * reference's test control `POST /_reference/v1/[ns/]node/<uuid>/reachability/`.
 */
import { OperationFailed, type Job } from '../actions/call.ts';
import { newUuid, nextPrivateSubnet, nextPublicIp, shortId } from '../ids.ts';
import { resourceUri } from '../uris.ts';
import type { World } from '../world.ts';
import { restartContainers, terminateContainersNow } from './container-ops.ts';
import { liveContainersOnNode } from './queries.ts';
import { placeEveryNodeOn } from './service-ops.ts';
import type { Node, NodeCluster, NodeState } from './model.ts';
import { announce, setState } from './notify.ts';
import { memTotalKb } from './shell.ts';
import { allows, type StateTable } from './states.ts';
import { tagsJson } from './validate.ts';

export type NodeOp = 'terminate' | 'vendor-upgrade' | 'health-check';

export const NODE_OPS: StateTable<NodeState, NodeOp> = {
  Deploying: [],
  Deployed: ['terminate', 'vendor-upgrade'],
  Unreachable: ['health-check', 'terminate'],
  Upgrading: [],
  Terminating: [],
  Terminated: [],
};

/** States where PATCH (nickname, tags) is accepted. */
export const NODE_STABLE: readonly NodeState[] = ['Deployed', 'Unreachable'];

export const ENGINE_VERSIONS = { initial: '1.10.3-cs3', upgraded: '1.11.1-cs1' };

export function nodeAllows(world: World, node: Node, op: NodeOp): boolean {
  if (op === 'health-check' && node.state === 'Deployed' && world.faults.has('deployed-node-allows-health-check')) return true;
  if (op === 'vendor-upgrade' && node.state === 'Unreachable' && world.faults.has('blind-unreachable-node-upgrade-allowed')) return true;
  if (op === 'terminate' && node.state === 'Unreachable' && world.faults.has('blind4-node-terminate-unreachable-refused')) return false;
  if (op === 'terminate' && node.state === 'Upgrading' && world.faults.has('blind5-node-upgrading-terminate-accepted')) return true;
  if (op === 'health-check' && node.state === 'Terminated' && world.faults.has('blind6-terminated-node-health-check-accepted')) return true;
  return allows(NODE_OPS, node.state, op);
}

export const isLiveNode = (n: Node): boolean => n.state !== 'Terminated' && n.state !== 'Terminating';

/** Where a cluster's nodes are provisioned: its region and node type (its provider's first ones under node-placement-provider-first). */
function nodePlacement(world: World, cluster: NodeCluster): { node_type: string; region: string } {
  if (!world.faults.has('node-placement-provider-first')) return { node_type: cluster.node_type, region: cluster.region };
  const provider = world.catalog.nodeTypes.find((t) => t.resource_uri === cluster.node_type)?.provider;
  return {
    node_type: world.catalog.nodeTypes.find((t) => t.provider === provider)?.resource_uri ?? cluster.node_type,
    region: world.catalog.providers.find((p) => p.resource_uri === provider)?.regions[0] ?? cluster.region,
  };
}

/**
 * The private network a new node of the cluster is on: the cluster's subnet, one per cluster (the nodes of one cluster reach each
 * other there). Under `cluster-nodes-separate-networks` each node gets a subnet of its own: no other node of its cluster reaches it.
 */
function privateSubnetFor(world: World, cluster: NodeCluster): string {
  if (world.faults.has('cluster-nodes-separate-networks')) return nextPrivateSubnet();
  cluster.privateSubnet ??= nextPrivateSubnet();
  return cluster.privateSubnet;
}

/** The cluster's disk; under `node-disk-fixed-20` and `node-disk-fixed-250` one fixed size, the cluster's disk not consulted. */
function nodeDisk(world: World, cluster: NodeCluster): number {
  if (world.faults.has('node-disk-fixed-20')) return 20;
  return world.faults.has('node-disk-fixed-250') ? 250 : cluster.disk;
}

export function newNode(world: World, cluster: NodeCluster, index: number): Node {
  const uuid = newUuid();
  const placed = nodePlacement(world, cluster);
  const hardware = world.catalog.hardware.get(placed.node_type);
  const region = world.catalog.regions.find((r) => r.resource_uri === placed.region);
  const zones = region?.availability_zones ?? [];
  const fqdn = `${shortId(uuid)}.node.${world.domain}`;
  const privateSubnet = privateSubnetFor(world, cluster);
  const node: Node = {
    kind: 'node',
    uuid,
    resource_uri: resourceUri('node', [uuid], cluster.scope),
    scope: cluster.scope,
    clusterUuid: cluster.uuid,
    state: 'Deploying',
    availability_zone: zones.length ? (zones[index % zones.length] ?? null) : null,
    external_fqdn: fqdn,
    node_type: placed.node_type,
    region: placed.region,
    engine: { execdriver: 'native-0.2', graphdriver: 'aufs', version: ENGINE_VERSIONS.initial },
    cpu: hardware?.cpu ?? 1,
    disk: nodeDisk(world, cluster),
    memory: hardware?.memory ?? 1024,
    last_seen: world.clock.now(),
    public_ip: nextPublicIp(),
    deployed_datetime: null,
    destroyed_datetime: null,
    tags: world.faults.has('cluster-tags-not-on-nodes') ? [] : [...cluster.tags],
    nickname: fqdn,
    reachable: true,
    privateSubnet,
    // Host numbers from .10, one per node the cluster has made (terminated ones keep theirs).
    privateIp: `${privateSubnet}.${(cluster.nodes.length % 240) + 10}`,
  };
  world.store.nodes.set(uuid, node);
  cluster.nodes.push(uuid);
  announce(world, node, 'create');
  return node;
}

/**
 * Deploying nodes come up after the deploy time.
 * @param deployed the nodes of a cluster's deploy (not added to a deployed cluster by a scale-up)
 */
export async function bringUpNodes(world: World, nodes: readonly Node[], job: Job, deployed = false): Promise<void> {
  job.log(`Deploying ${nodes.length} node(s)`);
  await job.wait('deployNode');
  for (const node of nodes) {
    node.deployed_datetime = world.clock.now();
    node.last_seen = world.clock.now();
    setState(world, node, 'Deployed');
    job.log(`Node ${node.external_fqdn} deployed`);
  }
  // Under `blind34-every-node-deployed-cluster-skipped` EVERY_NODE services are extended in the cluster scale-up handler only:
  // the nodes of a newly deployed cluster get no container of them.
  if (!(deployed && world.faults.has('blind34-every-node-deployed-cluster-skipped'))) placeEveryNodeOn(world, nodes);
}

export async function healthCheckNode(world: World, node: Node, job: Job): Promise<void> {
  await job.wait('healthCheck');
  // Under `blind32-health-check-probes-host` the check probes the node's host (its public IP answers while the node runs), not
  // its engine daemon: a node whose daemon does not answer passes.
  const reachable = node.reachable || world.faults.has('blind32-health-check-probes-host');
  if (reachable) node.last_seen = world.clock.now();
  job.log(reachable ? 'Engine daemon reachable' : 'Engine daemon unreachable');
  const answered = reachable && !world.faults.has('blind-health-check-stays-unreachable');
  setState(world, node, answered ? 'Deployed' : 'Unreachable');
}

/** The containers a node counts: the live ones (every one it ran under blind3-node-count-includes-terminated). */
const containersCounted = (world: World, node: Node) =>
  world.faults.has('blind3-node-count-includes-terminated')
    ? [...world.store.containers.values()].filter((c) => c.nodeUuid === node.uuid)
    : liveContainersOnNode(world, node);

export async function upgradeNode(world: World, node: Node, job: Job): Promise<void> {
  setState(world, node, 'Upgrading');
  await job.wait('upgradeNode');
  if (!world.faults.has('blind3-node-upgrade-version-kept')) node.engine = { ...node.engine, version: ENGINE_VERSIONS.upgraded };
  job.log(`Engine upgraded to ${ENGINE_VERSIONS.upgraded}`);
  setState(world, node, 'Deployed');
  const onNode = liveContainersOnNode(world, node);
  const restarted = world.faults.has('upgrade-restarts-first-container-only') ? onNode.slice(0, 1) : onNode;
  if (!world.faults.has('upgrade-no-restart')) await restartContainers(world, restarted, job, world.faults.has('blind8-upgrade-starts-stopped-containers'));
}

/**
 * The fault `blind30-unreachable-node-terminate-fails`: a node's terminate first asks its engine daemon to stop its
 * containers, which fails when the daemon cannot be reached (the node is put back Unreachable by the revert).
 */
export async function stopThroughDaemon(world: World, node: Node, job: Job): Promise<void> {
  setState(world, node, 'Terminating');
  job.log(`Stopping the containers of node ${node.external_fqdn}`);
  await job.wait('healthCheck');
  if (!node.reachable) throw new OperationFailed(`engine daemon of node ${node.external_fqdn} cannot be reached`);
}

/** Marks nodes Terminating (their containers go at once) and, after the delay, Terminated. */
export async function terminateNodes(world: World, nodes: readonly Node[], job: Job): Promise<void> {
  for (const node of nodes) {
    setState(world, node, 'Terminating');
    terminateContainersNow(world, liveContainersOnNode(world, node));
  }
  await job.wait('terminate');
  for (const node of nodes) {
    node.destroyed_datetime = world.clock.now();
    setState(world, node, 'Terminated');
    job.log(`Node ${node.external_fqdn} terminated`);
  }
}

/**
 * The node's cpu, memory and public_ip as its answers show them: the number of its CPUs, its memory
 * in MB and its public address; under `node-cpu-as-shares` its CPU shares (1024 per CPU), under
 * `node-memory-in-bytes` the engine's MemTotal in bytes, under `node-public-ip-fqdn` its external_fqdn.
 */
function hardwareJson(world: World, node: Node): { cpu: number; memory: number; public_ip: string } {
  return {
    cpu: world.faults.has('node-cpu-as-shares') ? node.cpu * 1024 : node.cpu,
    memory: world.faults.has('node-memory-in-bytes') ? memTotalKb(node.memory) * 1024 : node.memory,
    public_ip: world.faults.has('node-public-ip-fqdn') ? node.external_fqdn : node.public_ip,
  };
}

export function nodeJson(world: World, node: Node): Record<string, unknown> {
  const hardware = hardwareJson(world, node);
  const cluster = node.clusterUuid ? world.store.nodeClusters.get(node.clusterUuid) : undefined;
  return {
    uuid: node.uuid,
    resource_uri: node.resource_uri,
    availability_zone: node.availability_zone,
    external_fqdn: node.external_fqdn,
    state: node.state,
    node_cluster: world.faults.has('nodes-without-cluster') ? null : (cluster?.resource_uri ?? null),
    node_type: node.node_type,
    region: world.faults.has('node-region-null') ? null : node.region,
    [world.spell('vendor_execdriver')]: node.engine.execdriver,
    [world.spell('vendor_graphdriver')]: node.engine.graphdriver,
    [world.spell('vendor_version')]: node.engine.version,
    cpu: hardware.cpu,
    disk: node.disk,
    memory: hardware.memory,
    current_num_containers: world.faults.has('node-container-count-stale') ? 0 : containersCounted(world, node).length,
    last_seen: world.date(node.last_seen),
    public_ip: hardware.public_ip,
    tunnel: null,
    deployed_datetime: world.date(node.deployed_datetime),
    destroyed_datetime: world.date(node.destroyed_datetime),
    tags: tagsJson(node.tags),
    nickname: world.faults.has('node-nickname-default-empty') && node.nickname === node.external_fqdn ? '' : node.nickname,
  };
}
