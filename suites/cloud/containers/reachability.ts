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
import type { CloudContext } from '../support/context.ts';
import { onlyOn, ownNodes, runningService, tagNode, waitForContainers, type AppNodes } from '../support/app.ts';
import { sameResource } from '../support/lists.ts';
import { printedIn } from '../support/streams.ts';
import type { Container, Node } from '../support/views.generated.ts';

const R = {
  reachable: 'cloud/container/private-ip-reachable',
  tags: 'cloud/deployment/tags-select-nodes',
};

/** Echo requests per probe; any reply shows the address reachable. */
const PINGS = 2;

/** The one running container of a service placed on `node` alone (an extra tag only it carries). */
async function containerOn(ctx: CloudContext, at: AppNodes, node: Node, only: string): Promise<Container> {
  const svc = await runningService(ctx, at, onlyOn(only));
  const [c] = await waitForContainers(ctx, svc, 1);
  if (!sameResource(c!.node, node.resource_uri)) ctx.preconditionUnmet('the container of a service tagged for one node runs elsewhere', R.tags);
  return ctx.getJson('container', c!.resource_uri, 'a Running container');
}

/** The echo replies `from` got from `address`, or undefined when ping did not run there (no statistics line). */
async function repliesFrom(ctx: CloudContext, from: Container, address: string): Promise<number | undefined> {
  const printed = await printedIn(ctx, from, `ping -c ${PINGS} -w 3 ${address}`);
  // busybox: "2 packets received"; iputils: "2 received".
  const received = /(\d+) (?:packets? )?received/.exec(printed)?.[1];
  if (received === undefined) ctx.observe(`ping in ${String(from.name)} did not run: ${printed.slice(0, 200)}`);
  return received === undefined ? undefined : Number(received);
}

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
      const containers = [await containerOn(ctx, at, first, onFirst), await containerOn(ctx, at, first, onFirst), await containerOn(ctx, at, second, onSecond)];
      let probed = 0;
      for (const from of containers)
        for (const to of containers) {
          if (from === to || typeof to.private_ip !== 'string' || to.private_ip === '') continue;
          const replies = await repliesFrom(ctx, from, to.private_ip);
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
