/**
 * The ways a node becomes new while a service runs, for the rule that new nodes automatically get a container of an
 * EVERY_NODE service. The spec makes nodes only as nodes of a cluster (nodes have no create endpoint): the deploy of a
 * cluster ("deploys and provisions a recently created cluster") brings up the nodes of a cluster of their own, and a
 * scale-up of a deployed cluster (PATCH target_num_nodes, "scale target") adds nodes to it. The new cluster carries the tag
 * of the check's nodes (nodes carry their cluster's tags), so that a service placed by that tag may deploy on its nodes.
 */
import { containersOf, live, moreTaggedNodes, nodesAddedByScale, tagNames, type AppNodes, type ServiceRef } from './app.ts';
import type { CloudContext } from './context.ts';
import { sameResource } from './lists.ts';
import type { Node } from './views.generated.ts';

const NODES_CARRY_TAGS = 'cloud/nodecluster/get/nodes-carry-cluster-tags';

/** New nodes, and how they became new. */
export interface NewNodes {
  how: string;
  nodes: Node[];
}

const WAYS: ReadonlyArray<{ how: string; make: (ctx: CloudContext, at: AppNodes) => Promise<Node[]> }> = [
  { how: 'added to its cluster by a scale-up, PATCH target_num_nodes', make: (ctx, at) => nodesAddedByScale(ctx, at) },
  { how: 'of a cluster carrying its tag, deployed while the service runs', make: async (ctx, at) => (await moreTaggedNodes(ctx, at)).nodes },
];

/**
 * One Deployed node made each way at once beside `at`'s nodes, each carrying `at`'s tag (else the check is blocked by the
 * rule that nodes carry their cluster's tags). Every way's work has ended when this returns, also where one was refused.
 */
export async function newNodesEveryWay(ctx: CloudContext, at: AppNodes): Promise<NewNodes[]> {
  const made = await Promise.allSettled(WAYS.map((way) => way.make(ctx, at)));
  const values = made.map((m) => {
    if (m.status === 'rejected') throw m.reason;
    return m.value;
  });
  return WAYS.map((way, i) => {
    const nodes = values[i]!;
    for (const n of nodes) {
      ctx.precondition(tagNames(n.tags).includes(at.tag), `the new node ${n.resource_uri} (${way.how}) does not carry the tag ${at.tag}`, NODES_CARRY_TAGS);
    }
    return { how: way.how, nodes };
  });
}

/** What nodes run of one service: their live containers' states, by node URI. */
export type NodeLoad = Map<string, string[]>;

const oneRunning = (states: string[] | undefined): boolean => states?.length === 1 && states[0] === 'Running';

/**
 * The live containers of a service on each of `nodes` (their states by node URI), once each node runs exactly one and it
 * is Running, or as they are at the deadline.
 */
export async function onePerNodeOrDeadline(ctx: CloudContext, svc: ServiceRef, nodes: readonly Node[], timeoutMs: number): Promise<NodeLoad> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const containers = live(await containersOf(ctx, svc));
    const load: NodeLoad = new Map(nodes.map((n) => [n.resource_uri, containers.filter((c) => sameResource(c.node, n.resource_uri)).map((c) => c.state)]));
    if ([...load.values()].every(oneRunning) || Date.now() >= deadline) return load;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The new nodes that do not run exactly one Running container of the service, each with how it became new and what it runs. */
export function notOneRunning(made: readonly NewNodes[], load: NodeLoad): string[] {
  return made.flatMap(({ how, nodes }) =>
    nodes
      .filter((n) => !oneRunning(load.get(n.resource_uri)))
      .map((n) => {
        const states = load.get(n.resource_uri) ?? [];
        return `${n.resource_uri} (${how}): ${states.length ? `${states.length} container(s), ${states.join(', ')}` : 'no container'}`;
      }),
  );
}
