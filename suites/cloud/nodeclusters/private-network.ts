/**
 * Spec (Node cluster): "A group of nodes sharing provider, region and/or availability zone and node type, on one private
 * network." The network is observed by its effect, from the nodes themselves: on each node of a 2-node cluster a container
 * under net host ("host network stack") reads its node's own address (`hostname -i`, the address of the stack it shares with
 * the node), and each pings the other node's private address (RFC 1918): nodes on one private network answer each other.
 * An address both nodes show (an engine bridge's, the same on every node) is neither's own and is not probed. That both
 * addresses are in one private range is observed. The cluster's network is its own, not that of one provisioning: a node a
 * scale of the cluster (PATCH target_num_nodes) adds must reach an earlier node, and be reached by it, the same way. Where a
 * node's private address cannot be read (a hostname resolving to loopback or to a public address only) or ping cannot run,
 * the rule is unverified with the cause.
 */
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { containerOnNode, nodesAddedByScale, ownNodes, tagNode, type AppNodes } from '../support/app.ts';
import { ipv4s, privateRange, repliesFrom } from '../support/ping.ts';
import { printedIn } from '../support/streams.ts';
import type { Container, Node } from '../support/views.generated.ts';

const R = {
  network: 'cloud/nodecluster/nodes-one-private-network',
  modes: 'cloud/service/net-pid-modes',
};

/** Echo requests per probe; any reply shows the address reachable. */
const PINGS = 2;

/** A node of the cluster as a container on its stack sees it: the private addresses `hostname -i` prints there. */
interface NodeSeen {
  node: Node;
  container: Container;
  addresses: string[];
}

async function seenFrom(ctx: CloudContext, at: AppNodes, node: Node): Promise<NodeSeen> {
  const container = await containerOnNode(ctx, at, node, await tagNode(ctx, at, node), { net: 'host' });
  const printed = await printedIn(ctx, container, 'hostname -i');
  const shown = ipv4s(printed).filter((a) => !a.startsWith('127.'));
  ctx.precondition(
    shown.length === 0 || shown.join() !== String(container.private_ip),
    `hostname -i in a container under net host prints its own private_ip ${String(container.private_ip)}: a stack of its own, not the node's`,
    R.modes,
  );
  const addresses = shown.filter((a) => privateRange(a) !== undefined);
  if (addresses.length === 0)
    ctx.unverified(`hostname -i under net host on node ${node.resource_uri} printed no private address of the node: ${JSON.stringify(printed.slice(0, 200))}`);
  return { node, container, addresses };
}

/** The addresses of `node` the other one does not show too. */
const ownOf = (node: NodeSeen, other: NodeSeen): string[] => node.addresses.filter((a) => !other.addresses.includes(a));

/**
 * Two nodes of the cluster reach each other: from a net host container on each, the other's own private address answers echo
 * requests (`how` says how the pair came to be). Whether both addresses are in one private range is observed.
 */
async function expectReachEachOther(ctx: CloudContext, a: NodeSeen, b: NodeSeen, how: string): Promise<void> {
  const pairs: Array<[NodeSeen, NodeSeen]> = [
    [a, b],
    [b, a],
  ];
  for (const [node, other] of pairs)
    if (ownOf(node, other).length === 0)
      ctx.unverified(
        `node ${node.node.resource_uri} shows no private address of its own: ${node.addresses.join(', ')}, as node ${other.node.resource_uri} does`,
      );
  for (const [from, to] of pairs) {
    const targets = ownOf(to, from);
    const tried: string[] = [];
    let answered = false;
    for (const address of targets) {
      const replies =
        (await repliesFrom(ctx, from.container, address, PINGS)) ??
        ctx.unverified(`ping could not run under net host on node ${from.node.resource_uri} (see the observations)`);
      tried.push(`${address}: ${replies} replies`);
      answered = replies > 0;
      if (answered) break;
    }
    ctx.expect(
      answered,
      `node ${from.node.resource_uri} cannot reach the private address of node ${to.node.resource_uri} of its cluster (${how}): not one private network`,
      {
        expected: `a reply to at least one of ${PINGS} echo requests to ${targets.join(' or ')}`,
        actual: tried.join('; '),
        requirement: R.network,
      },
    );
  }
  const ranges = pairs.map(([node, other]) => [...new Set(ownOf(node, other).map(privateRange))].join(','));
  if (ranges[0] !== ranges[1]) ctx.observe(`${how}: the nodes' private addresses are in different private ranges: ${ranges.join(' and ')}`);
}

export default [
  cloudCheck({
    id: R.network,
    title:
      "The nodes of a cluster are on one private network: from a net host container on each of two nodes, each node's private address " +
      '(hostname -i) answers the echo requests of the other; so does a node a scale of the cluster adds, with an earlier node',
    endpoint: 'cloud/container/exec',
    async run(ctx) {
      const at = await ownNodes(ctx, 2);
      const [first, second] = at.nodes as [Node, Node];
      const a = await seenFrom(ctx, at, first);
      await expectReachEachOther(ctx, a, await seenFrom(ctx, at, second), 'both deployed together');
      // "A group of nodes ... on one private network": the cluster's, so a node its scale adds joins the network of the earlier ones.
      const [added] = await nodesAddedByScale(ctx, at);
      await expectReachEachOther(ctx, a, await seenFrom(ctx, at, added!), 'one added by a scale of the cluster, one deployed before');
    },
  }),
];
