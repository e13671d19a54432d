/**
 * Spec: Services > Deployment strategies (EMPTIEST_NODE, HIGH_AVAILABILITY, EVERY_NODE) (tags that
 * select nodes: tags.ts; sequential_deployment: sequential.ts). Each check has a cluster of its own, tagged so that
 * nothing else runs there; one node carries an extra tag so that a service can load it alone. The check of EVERY_NODE's new
 * nodes makes them every way the spec makes nodes, one of them another cluster carrying the same tag (support/new-nodes.ts).
 */
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { nodeOf, onlyOn, operateAndSettle, ownNodes, runningService, scaledTo, settled, tagNode, waitForContainers, type AppNodes } from '../support/app.ts';
import { sameResource, type Json } from '../support/lists.ts';
import type { Container, Node, Service } from '../support/views.generated.ts';
import { newNodesEveryWay, notOneRunning, onePerNodeOrDeadline } from '../support/new-nodes.ts';

const R = {
  emptiest: 'cloud/deployment/emptiest-node',
  ha: 'cloud/deployment/high-availability',
  everyNode: 'cloud/deployment/every-node-one-per-node',
  newNodes: 'cloud/deployment/every-node-new-nodes',
  tags: 'cloud/deployment/tags-select-nodes',
};
const SCALE = 'cloud/service/scale/effect';

interface Loaded {
  at: AppNodes;
  /** The node that runs no container. */
  idle: Node;
}

/**
 * Nodes running the given numbers of containers of other services (each load placed by an extra
 * tag on its node), one node idle. With loads [2, 0, 1] the idle node is neither the first nor
 * the last, and the other two differ in load: neither "first", "last" nor "not the busiest" finds it.
 * `stoppedOnIdle` containers of another service sit Stopped on the idle node: it runs none, so a
 * strategy counting every container there (not the running ones) finds it busier than a loaded one.
 * `namedAfter`: each loading service's name extends that one with a dash and a suffix (`web-load1`
 * for `web`), another service all the same.
 */
async function loadedNodes(ctx: CloudContext, loads: readonly number[], stoppedOnIdle = 0, namedAfter?: string): Promise<Loaded> {
  const at = await ownNodes(ctx, loads.length);
  const idle = at.nodes[loads.indexOf(0)]!;
  const named = (i: number): Json => (namedAfter ? { name: `${namedAfter}-load${i}` } : {});
  for (const [i, load] of loads.entries()) if (load) await loadNode(ctx, at, at.nodes[i]!, load, named(i));
  if (stoppedOnIdle) {
    const svc = await loadNode(ctx, at, idle, stoppedOnIdle);
    await operateAndSettle(ctx, svc, 'stop');
    await waitForContainers(ctx, svc, stoppedOnIdle, ['Stopped']);
  }
  return { at, idle };
}

/** A running service of `count` containers on `node` alone (an extra tag only it carries). */
async function loadNode(ctx: CloudContext, at: AppNodes, node: Node, count: number, extra: Json = {}): Promise<Service> {
  const only = await tagNode(ctx, at, node);
  const svc = await runningService(ctx, at, { ...extra, ...onlyOn(only), target_num_containers: count });
  const placed = await waitForContainers(ctx, svc, count);
  if (!placed.every((c) => sameResource(c.node, node.resource_uri))) ctx.preconditionUnmet('containers of a service tagged for one node run elsewhere', R.tags);
  return svc;
}

/**
 * The name of a HIGH_AVAILABILITY service whose nodes' loads are services named after it (see
 * loadedNodes): "containers of the same service" are its own, not those of a service whose name only
 * begins with its name and a dash, as its containers' names begin with it (web-load1-1, web-1).
 */
const haName = (ctx: CloudContext): string =>
  ctx
    .uniqueName('ha')
    .slice(-34)
    .replace(/^[^a-zA-Z0-9]+/, '');

/** How long the containers of an EVERY_NODE service may take to run on its nodes (the start's, a new node's). */
const EVERY_NODE_MS = 20_000;

const nodesOf = (at: AppNodes, containers: Container[]): string[] => containers.map((c) => String(nodeOf(at, c)?.resource_uri ?? c.node));

export default [
  cloudCheck({
    id: R.emptiest,
    title: 'EMPTIEST_NODE (the default) places new containers on the node with the fewest running containers (stopped ones are no load)',
    endpoint: 'cloud/service/start',
    async run(ctx) {
      // The idle node holds three Stopped containers: counted as load, it would be the busiest.
      const { at, idle } = await loadedNodes(ctx, [2, 0, 1], 3);
      const svc = await runningService(ctx, at, { target_num_containers: 1 });
      const [c] = await waitForContainers(ctx, svc, 1);
      ctx.expect(
        sameResource(c!.node, idle.resource_uri),
        'the container did not go to the node with no running containers (three stopped; the others run two and one)',
        {
          expected: idle.resource_uri,
          actual: c!.node,
          requirement: R.emptiest,
        },
      );
    },
  }),
  cloudCheck({
    id: `${R.emptiest}/scale`,
    title: 'EMPTIEST_NODE (the default) places a container a scale adds on the node with the fewest running containers, not beside its sibling',
    requirements: [R.emptiest],
    endpoint: 'cloud/service/scale',
    async run(ctx) {
      // Two nodes that run nothing else: the first container loads one, so the emptiest node for the next is the other.
      const at = await ownNodes(ctx, 2);
      const svc = await runningService(ctx, at, { target_num_containers: 1 });
      const [first] = await waitForContainers(ctx, svc, 1);
      ctx.precondition(await scaledTo(ctx, svc, 2), 'the service was not scaled to two containers', SCALE);
      const added = (await ctx.setUp(() => waitForContainers(ctx, svc, 2), SCALE)).filter((c) => !sameResource(c.resource_uri, first!.resource_uri));
      ctx.expect(
        added.length === 1 && !sameResource(added[0]!.node, first!.node),
        'the container the scale added went to the node of its sibling (one running container), not to the node that runs none',
        { expected: `a node other than ${String(first!.node)}`, actual: added.map((c) => c.node), requirement: R.emptiest },
      );
    },
  }),
  cloudCheck({
    id: R.ha,
    title: 'HIGH_AVAILABILITY places each new container (deployed or added by a scale) on the node with the fewest containers of the same service',
    endpoint: 'cloud/service/start',
    async run(ctx) {
      // Three nodes running one, none and two containers of other services: placed by EMPTIEST_NODE (overall load), the
      // start or the scale puts two of the service on one node while another has one.
      // The loads are services whose names extend this one's with a dash: counted as its own, the node that runs none of
      // them gets two of the three.
      const name = haName(ctx);
      const { at } = await loadedNodes(ctx, [1, 0, 2], 0, name);
      const svc = await runningService(ctx, at, { name, target_num_containers: 3, deployment_strategy: 'HIGH_AVAILABILITY' });
      const placed = nodesOf(at, await waitForContainers(ctx, svc, 3));
      ctx.expectEqual(
        [...placed].sort(),
        at.nodes.map((n) => n.resource_uri).sort(),
        'the three containers of a HIGH_AVAILABILITY service are not one on each of its three nodes',
        R.ha,
      );
      // Each new container, also those a scale adds: with one on each node, three more go one to each.
      if (!(await scaledTo(ctx, svc, 6))) return;
      const perNode = nodesOf(at, await waitForContainers(ctx, svc, 6)).reduce((m, n) => m.set(n, (m.get(n) ?? 0) + 1), new Map<string, number>());
      ctx.expectEqual(
        at.nodes.map((n) => perNode.get(n.resource_uri) ?? 0),
        [2, 2, 2],
        'after a scale to six, the containers of a HIGH_AVAILABILITY service are not two on each of its three nodes',
        R.ha,
      );
    },
  }),
  cloudCheck({
    id: `${R.ha}/stopped`,
    title: 'HIGH_AVAILABILITY counts running containers of the service: a container a scale adds goes to the middle node, where its sibling is Stopped',
    requirements: [R.ha],
    endpoint: 'cloud/service/scale',
    async run(ctx) {
      // The middle node also runs two containers of another service: by overall load it is the busiest.
      // That service is named after this one (a dash and a suffix): its containers are not "of the same service".
      const name = haName(ctx);
      const { at } = await loadedNodes(ctx, [0, 2, 0], 0, name);
      const middle = at.nodes[1]!;
      const svc = await runningService(ctx, at, { name, target_num_containers: 3, deployment_strategy: 'HIGH_AVAILABILITY' });
      const first = await waitForContainers(ctx, svc, 3);
      const onMiddle = first.find((c) => sameResource(c.node, middle.resource_uri));
      ctx.precondition(
        new Set(nodesOf(at, first)).size === 3,
        'the three containers of a HIGH_AVAILABILITY service are not one on each of its three nodes',
        R.ha,
      );
      // Its container on the middle node stopped: that node runs none of the service, the first and the last one each.
      // The spec's rule has one answer, the middle node. Counting the Stopped one, all three tie, and neither the first
      // node, nor the last, nor the least loaded overall is the middle one; round-robin in cluster order (the fourth
      // container on the first node, or on the third) is not either.
      await operateAndSettle(ctx, onMiddle!, 'stop');
      await ctx.waitForState('container', onMiddle!.resource_uri, ['Stopped']);
      await settled(ctx, 'service', svc.resource_uri);
      if (!(await scaledTo(ctx, svc, 4))) return ctx.skip('the scale of the partly running service was not accepted: no container was added to place');
      const known = new Set(first.map((c) => c.resource_uri));
      // Where the scale did not bring the service to four containers, its own check reports that, not this one.
      const all = await ctx.setUp(() => waitForContainers(ctx, svc, 4, ['Running', 'Stopped']), SCALE);
      const added = all.filter((c) => !known.has(c.resource_uri));
      ctx.expect(
        added.length === 1 && sameResource(added[0]!.node, middle.resource_uri),
        'the container the scale added did not go to the node running none of the service',
        {
          expected: `one new container on ${middle.resource_uri} (its container there is Stopped; the two other nodes run one each)`,
          actual: added.map((c) => `${c.resource_uri} on ${String(c.node)}`),
          requirement: R.ha,
        },
      );
    },
  }),
  cloudCheck({
    id: R.everyNode,
    title: 'EVERY_NODE runs one container on every node, also one running another service',
    endpoint: 'cloud/service/start',
    async run(ctx) {
      // The first node already runs a container of another service: "every node" is not "every node that runs nothing".
      const { at } = await loadedNodes(ctx, [1, 0]);
      const svc = await runningService(ctx, at, { deployment_strategy: 'EVERY_NODE' });
      // The service runs: its containers are placed. One short of two is the breach, not a slow start.
      const placed = nodesOf(at, await waitForContainers(ctx, svc, 2, ['Running'], EVERY_NODE_MS, R.everyNode));
      ctx.expectEqual(
        [...placed].sort(),
        at.nodes.map((n) => n.resource_uri).sort(),
        'an EVERY_NODE service does not have one container on each node (one of them runs a container of another service)',
        R.everyNode,
      );
    },
  }),
  cloudCheck({
    id: R.newNodes,
    title: 'EVERY_NODE: new nodes automatically get one container, those a scale-up of its cluster adds and those of a cluster deployed while it runs',
    endpoint: 'cloud/nodecluster/update',
    async run(ctx) {
      const at = await ownNodes(ctx, 1);
      const svc = await runningService(ctx, at, { deployment_strategy: 'EVERY_NODE' });
      await ctx.setUp(() => waitForContainers(ctx, svc, 1, ['Running'], EVERY_NODE_MS), R.everyNode);
      // Both ways at once: a scale-up of the service's cluster, and another cluster, carrying the service's tag, deployed.
      const made = await newNodesEveryWay(ctx, at);
      const load = await onePerNodeOrDeadline(
        ctx,
        svc,
        made.flatMap((m) => m.nodes),
        EVERY_NODE_MS,
      );
      const short = notOneRunning(made, load);
      ctx.expect(short.length === 0, `a new node did not get one Running container of the running EVERY_NODE service: ${short.join('; ')}`, {
        expected: 'one Running container on each new node',
        actual: short,
        requirement: R.newNodes,
      });
      await settled(ctx, 'service', svc.resource_uri);
    },
  }),
];
