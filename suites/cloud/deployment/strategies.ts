/**
 * Spec: Services > Deployment strategies (EMPTIEST_NODE, HIGH_AVAILABILITY, EVERY_NODE), tags
 * that select nodes, sequential_deployment. Each check has a cluster of its own, tagged so that
 * nothing else runs there; one node carries an extra tag so that a service can load it alone.
 */
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import {
  containersOf,
  live,
  nodeOf,
  ownNodes,
  sharedNodes,
  runningService,
  scaledTo,
  settled,
  tagNode,
  waitForContainers,
  type AppNodes,
} from '../support/app.ts';
import { sameResource, type Json } from '../support/lists.ts';
import type { Container, Node } from '../support/views.generated.ts';
import { OPERATION } from '../support/operation-requirements.ts';

const R = {
  emptiest: 'cloud/deployment/emptiest-node',
  ha: 'cloud/deployment/high-availability',
  everyNode: 'cloud/deployment/every-node-one-per-node',
  newNodes: 'cloud/deployment/every-node-new-nodes',
  tags: 'cloud/deployment/tags-select-nodes',
  sequential: 'cloud/deployment/sequential',
};

interface Loaded {
  at: AppNodes;
  /** The node that runs no container. */
  idle: Node;
}

/**
 * Nodes running the given numbers of containers of other services (each load placed by an extra
 * tag on its node), one node idle. With loads [2, 0, 1] the idle node is neither the first nor
 * the last, and the other two differ in load: neither "first", "last" nor "not the busiest" finds it.
 */
async function loadedNodes(ctx: CloudContext, loads: readonly number[]): Promise<Loaded> {
  const at = await ownNodes(ctx, loads.length);
  for (const [i, load] of loads.entries()) {
    if (!load) continue;
    const node = at.nodes[i]!;
    const only = await tagNode(ctx, at, node);
    const svc = await runningService(ctx, at, { tags: [{ name: at.tag }, { name: only }], target_num_containers: load });
    const placed = await waitForContainers(ctx, svc, load);
    if (!placed.every((c) => sameResource(c.node, node.resource_uri)))
      ctx.preconditionUnmet('containers of a service tagged for one node run elsewhere', R.tags);
  }
  return { at, idle: at.nodes[loads.indexOf(0)]! };
}

const linksOf = (c: Json): unknown[] => ((c.linked_to_container as Json[] | undefined) ?? []).map((l) => l.to_container);

/** In sequence, the k-th container links to the k-1 before it: ordered by that count, each links to every one before it. */
function expectLinkedInSequence(ctx: CloudContext, all: readonly Container[], after: string): void {
  const siblingLinks = (c: Json): number => all.filter((o) => linksOf(c).some((l) => sameResource(l, o.resource_uri))).length;
  const ordered = [...all].sort((a, b) => siblingLinks(a) - siblingLinks(b));
  ordered.forEach((c, i) => {
    for (const previous of ordered.slice(0, i)) {
      ctx.expect(
        linksOf(c).some((l) => sameResource(l, previous.resource_uri)),
        `after the ${after}, container ${String(c.name)} is not linked to an earlier container ${String(previous.name)}`,
        { expected: ordered.slice(0, i).map((p) => p.resource_uri), actual: linksOf(c), requirement: R.sequential },
      );
    }
  });
}

const nodesOf = (at: AppNodes, containers: Container[]): string[] => containers.map((c) => String(nodeOf(at, c)?.resource_uri ?? c.node));

export default [
  cloudCheck({
    id: R.emptiest,
    title: 'EMPTIEST_NODE (the default) places new containers on the node with the fewest running containers',
    endpoint: 'cloud/service/start',
    async run(ctx) {
      const { at, idle } = await loadedNodes(ctx, [2, 0, 1]);
      const svc = await runningService(ctx, at, { target_num_containers: 1 });
      const [c] = await waitForContainers(ctx, svc, 1);
      ctx.expect(sameResource(c!.node, idle.resource_uri), 'the container did not go to the node with no running containers (the others run two and one)', {
        expected: idle.resource_uri,
        actual: c!.node,
        requirement: R.emptiest,
      });
    },
  }),
  cloudCheck({
    id: R.ha,
    title: 'HIGH_AVAILABILITY places each new container (deployed or added by a scale) on the node with the fewest containers of the same service',
    endpoint: 'cloud/service/start',
    async run(ctx) {
      const { at } = await loadedNodes(ctx, [2, 0]);
      const svc = await runningService(ctx, at, { target_num_containers: 2, deployment_strategy: 'HIGH_AVAILABILITY' });
      const placed = nodesOf(at, await waitForContainers(ctx, svc, 2));
      ctx.expectEqual(new Set(placed).size, 2, 'the two containers of a HIGH_AVAILABILITY service share a node although another has none of them', R.ha);
      // Each new container, also those a scale adds: with one on each node, two more go one to each. The busy node
      // still runs more containers overall, so a scale placing by EMPTIEST_NODE puts both on the other node.
      if (!(await scaledTo(ctx, svc, 4))) return;
      const perNode = nodesOf(at, await waitForContainers(ctx, svc, 4)).reduce((m, n) => m.set(n, (m.get(n) ?? 0) + 1), new Map<string, number>());
      ctx.expectEqual(
        [...perNode.values()].sort(),
        [2, 2],
        'after a scale to four, the containers of a HIGH_AVAILABILITY service are not two on each of its two nodes',
        R.ha,
      );
    },
  }),
  cloudCheck({
    id: R.everyNode,
    title: 'EVERY_NODE runs one container on every node; new nodes automatically get one',
    requirements: [R.everyNode, R.newNodes],
    endpoint: 'cloud/service/start',
    async run(ctx) {
      const at = await ownNodes(ctx, 2);
      const svc = await runningService(ctx, at, { deployment_strategy: 'EVERY_NODE' });
      const placed = nodesOf(at, await waitForContainers(ctx, svc, 2));
      ctx.expectEqual(
        [...placed].sort(),
        at.nodes.map((n) => n.resource_uri).sort(),
        'an EVERY_NODE service does not have one container on each node',
        R.everyNode,
      );
      const uri = at.cluster.resource_uri;
      const res = await ctx.api.patch(uri, { target_num_nodes: 3 });
      ctx.precondition(res.status < 300, `PATCH target_num_nodes answered ${res.status}`, OPERATION.clusterScale);
      await new Promise((r) => setTimeout(r, 50));
      const cluster = await ctx.waitForState('node-cluster', uri, ['Deployed'], 60_000);
      const nodes = (cluster.nodes as string[]) ?? [];
      await Promise.all(nodes.map((n) => ctx.waitForState('node', n, ['Deployed'], 60_000)));
      const after = await waitForContainers(ctx, svc, nodes.length, ['Running'], 20_000, R.newNodes);
      ctx.expectEqual(
        new Set(after.map((c) => String(c.node))).size,
        nodes.length,
        'the new node did not get a container of the EVERY_NODE service',
        R.newNodes,
      );
      await settled(ctx, 'service', svc.resource_uri);
    },
  }),
  cloudCheck({
    id: R.tags,
    title: "A service's tags select its nodes: its containers run only on nodes carrying those tags",
    endpoint: 'cloud/service/start',
    async run(ctx) {
      const at = await ownNodes(ctx, 2);
      const only = await tagNode(ctx, at, at.nodes[1]!);
      const svc = await runningService(ctx, at, { tags: [{ name: at.tag }, { name: only }], target_num_containers: 3 });
      const placed = await waitForContainers(ctx, svc, 3);
      for (const c of placed)
        ctx.expect(sameResource(c.node, at.nodes[1]!.resource_uri), `container ${c.resource_uri} runs on a node without the service's tags`, {
          expected: at.nodes[1]!.resource_uri,
          actual: c.node,
          requirement: R.tags,
        });
    },
  }),
  cloudCheck({
    id: R.sequential,
    title: 'sequential_deployment deploys and scales containers in sequence, linking each to the previous containers of the service',
    endpoint: 'cloud/service/scale',
    async run(ctx) {
      const at = await sharedNodes(ctx);
      const svc = await runningService(ctx, at, { sequential_deployment: true, target_num_containers: 3 });
      await waitForContainers(ctx, svc, 3);
      expectLinkedInSequence(ctx, live(await containersOf(ctx, svc)), 'deploy');
      // Scale as well: a container the scale adds links to the three before it.
      if (!(await scaledTo(ctx, svc, 4))) return;
      await waitForContainers(ctx, svc, 4);
      expectLinkedInSequence(ctx, live(await containersOf(ctx, svc)), 'scale');
    },
  }),
];
