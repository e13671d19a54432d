/**
 * Spec: Container (private_ip: "address on the overlay network, reachable from any other
 * container"). Reachability is observed from inside the containers, through the Stream API's
 * container exec: each container pings the private_ip of each other one. The statement is about
 * the address, not a port (non-published ports are "reachable only by links"), so the probe is an
 * ICMP echo, not a connection. Three containers of three services on two nodes: pairs of one
 * node and of two nodes, of one service's neighbour and of another's. A container where ping
 * cannot run (absent from the image, refused the capability) leaves the rule unverified.
 */
import { cloudCheck } from '../support/check.ts';
import { containerOnNode, ownNodes, tagNode } from '../support/app.ts';
import { sameResource } from '../support/lists.ts';
import { repliesFrom } from '../support/ping.ts';
import type { Node } from '../support/views.generated.ts';

const R = {
  reachable: 'cloud/container/private-ip-reachable',
};

/** Echo requests per probe; any reply shows the address reachable. */
const PINGS = 2;

export default [
  cloudCheck({
    id: R.reachable,
    title: "A container's private_ip is reachable from any other container: each of three containers (two nodes, three services) pings the others'",
    endpoint: 'cloud/container/exec',
    async run(ctx) {
      const at = await ownNodes(ctx, 2);
      const [first, second] = at.nodes as [Node, Node];
      const onFirst = await tagNode(ctx, at, first);
      const onSecond = await tagNode(ctx, at, second);
      const containers = [
        await containerOnNode(ctx, at, first, onFirst),
        await containerOnNode(ctx, at, first, onFirst),
        await containerOnNode(ctx, at, second, onSecond),
      ];
      let probed = 0;
      for (const from of containers)
        for (const to of containers) {
          if (from === to || typeof to.private_ip !== 'string' || to.private_ip === '') continue;
          const replies = await repliesFrom(ctx, from, to.private_ip, PINGS);
          if (replies === undefined) continue;
          probed++;
          const where = sameResource(from.node, to.node) ? 'on the same node' : 'on another node';
          ctx.expect(replies > 0, `container ${String(from.name)} cannot reach private_ip ${to.private_ip} of container ${String(to.name)} ${where}`, {
            expected: `a reply to at least one of ${PINGS} echo requests`,
            actual: `${replies} replies`,
            requirement: R.reachable,
          });
        }
      if (probed === 0) ctx.unverified('ping could not run in the containers (see the observations): no probe of an address was made');
    },
  }),
];
