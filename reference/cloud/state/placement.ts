/**
 * Deployment strategies: where new containers of a service go. Candidates are the Deployed nodes
 * of the service's namespace that carry all the service's tags.
 * EMPTIEST_NODE: the node with the fewest running containers; HIGH_AVAILABILITY: the fewest
 * running containers of the same service (then the fewest overall); EVERY_NODE: one container on
 * every node. A running container is one Running or Starting (being deployed or started): a
 * Stopped container is no load.
 */
import { OperationFailed } from '../actions/call.ts';
import type { World } from '../world.ts';
import { createContainer } from './container-ops.ts';
import type { Container, Node, Service } from './model.ts';
import { liveContainers, liveContainersOnNode } from './queries.ts';
import { targetNotStored } from './service-fields.ts';

/** `anyTags`: every deployed node of the namespace, tagged or not (what the faults that ignore tags place on). */
export function candidateNodes(world: World, svc: Service, anyTags = false): Node[] {
  return [...world.store.nodes.values()].filter(
    (n) =>
      n.scope.namespace === svc.scope.namespace &&
      n.state === 'Deployed' &&
      (anyTags || world.faults.has('placement-ignores-tags') || svc.config.tags.every((t) => tagsOf(world, n).includes(t))),
  );
}

/**
 * The tags a node is selected by. Under `blind29-tags-match-cluster-tags` they are read from the node's cluster (those
 * the cluster was created or last PATCHed with), not the node's own list: the tags set on one node select nothing.
 */
function tagsOf(world: World, n: Node): readonly string[] {
  if (!world.faults.has('blind29-tags-match-cluster-tags')) return n.tags;
  return n.clusterUuid ? (world.store.nodeClusters.get(n.clusterUuid)?.tags ?? []) : n.tags;
}

function noNodes(svc: Service): OperationFailed {
  const tags = svc.config.tags.length ? ` with tags ${svc.config.tags.join(', ')}` : '';
  return new OperationFailed(`no deployed node${tags} available for service ${svc.config.name}`);
}

const RUNNING: readonly string[] = ['Starting', 'Running'];

/** The containers on a node that count as its load (under placement-counts-stopped, stopped ones too). */
function loadOf(world: World, n: Node): Container[] {
  const live = liveContainersOnNode(world, n);
  return world.faults.has('placement-counts-stopped') ? live : live.filter((c) => RUNNING.includes(c.state));
}

function pickNode(world: World, svc: Service, nodes: readonly Node[]): Node {
  const total = (n: Node): number => loadOf(world, n).length;
  const own = (n: Node): number => loadOf(world, n).filter((c) => c.serviceUuid === svc.uuid).length;
  // Under `blind10-emptiest-counts-own-service-only` EMPTIEST_NODE counts with the per-service query HIGH_AVAILABILITY uses.
  const emptiest = world.faults.has('blind10-emptiest-counts-own-service-only') ? own : total;
  const ha = svc.config.deployment_strategy === 'HIGH_AVAILABILITY';
  // Under `blind28-high-availability-own-by-name-prefix` the service's containers on a node are those named '<name>-…':
  // another service whose name starts with this one's and a dash (web-api for web) counts as the same service.
  const prefix = `${svc.config.name}-`;
  const byName = (n: Node): number => loadOf(world, n).filter((c) => c.name.startsWith(prefix)).length;
  const sameService = world.faults.has('blind28-high-availability-own-by-name-prefix') ? byName : own;
  const score = ha ? (n: Node) => sameService(n) * 10_000 + total(n) : emptiest;
  if (world.faults.has('placement-first-node')) return nodes[0] as Node;
  if (ha && world.faults.has('high-availability-round-robin')) return nodes[liveContainers(world, svc).length % nodes.length] as Node;
  if (ha && world.faults.has('high-availability-counts-stopped-ties-first')) {
    const ownAll = (n: Node): number => liveContainersOnNode(world, n).filter((c) => c.serviceUuid === svc.uuid).length;
    return nodes.reduce((best, n) => (ownAll(n) < ownAll(best) ? n : best));
  }
  return nodes.reduce((best, n) => (score(n) < score(best) ? n : best));
}

/** New containers, placed one at a time so each choice sees the previous ones. */
export function placeContainers(world: World, svc: Service, count: number, among?: (n: Node) => boolean, anyTags = false): Container[] {
  if (count <= 0) return [];
  const all = candidateNodes(world, svc, anyTags);
  const narrowed = among ? all.filter(among) : all;
  const nodes = narrowed.length ? narrowed : all;
  if (!nodes.length) throw noNodes(svc);
  return Array.from({ length: count }, () => createContainer(world, svc, pickNode(world, svc, nodes)));
}

/** EVERY_NODE: a container on each candidate node that has none of this service yet. */
export function placeOnEveryNode(world: World, svc: Service, nodes = candidateNodes(world, svc)): Container[] {
  if (!nodes.length && !liveContainers(world, svc).length) throw noNodes(svc);
  // Under `blind26-every-node-skips-busy-nodes` the test forgets the service: a node running any container counts as served.
  const busy = world.faults.has('blind26-every-node-skips-busy-nodes');
  const placed = nodes
    .filter((n) => !liveContainersOnNode(world, n).some((c) => busy || c.serviceUuid === svc.uuid))
    .map((n) => createContainer(world, svc, world.faults.has('every-node-all-on-first') ? nodes[0]! : n));
  svc.config.target_num_containers = liveContainers(world, svc).length;
  targetNotStored.delete(svc.config);
  return placed;
}

/**
 * Under `redeploy-ignores-tags` a redeploy deploys the container anew where its strategy points among every
 * deployed node of the namespace, the service's tags not consulted; otherwise it stays on its node.
 */
export function redeployNode(world: World, svc: Service, c: Container): void {
  if (!world.faults.has('redeploy-ignores-tags')) return;
  const nodes = candidateNodes(world, svc, true);
  if (nodes.length) c.nodeUuid = pickNode(world, svc, nodes).uuid;
}
