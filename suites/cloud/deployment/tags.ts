/**
 * Spec: Service "tags | tags used to select nodes". The selection holds wherever containers are placed,
 * not at the start alone: the containers a scale adds, and those a redeploy deploys, run only on nodes
 * carrying the service's tags. Where a redeploy puts its containers is not stated (on their nodes or
 * anew): on their nodes they keep the tags that placed them there, anew the tags select again, so either
 * way they end on a tagged node. Each check has two nodes of its own, the second carrying a tag the first
 * lacks, and the service has that tag: the first node, running nothing, is where a placement that
 * ignored the tags would put a container.
 */
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { onlyOn, operateAndSettle, ownNodes, runningService, scaledTo, tagNode, waitForContainers } from '../support/app.ts';
import { sameResource } from '../support/lists.ts';
import type { Container, Node, Service } from '../support/views.generated.ts';

const R = 'cloud/deployment/tags-select-nodes';
const SCALE = 'cloud/service/scale/effect';

interface Tagged {
  /** The one node carrying the service's tag. */
  node: Node;
  svc: Service;
  containers: Container[];
}

/** A running service of `count` containers whose tag only the second of two nodes carries. */
async function taggedService(ctx: CloudContext, count: number): Promise<Tagged> {
  const at = await ownNodes(ctx, 2);
  const node = at.nodes[1]!;
  const svc = await runningService(ctx, at, { ...onlyOn(await tagNode(ctx, at, node)), target_num_containers: count });
  return { node, svc, containers: await waitForContainers(ctx, svc, count) };
}

const allOn = (containers: Container[], node: Node): boolean => containers.every((c) => sameResource(c.node, node.resource_uri));

/** For checks of a later placement: the start placed by the tags (its own check judges it). */
function startedOnTagged(ctx: CloudContext, { node, containers }: Tagged): void {
  ctx.precondition(allOn(containers, node), "the containers of the start run on a node without the service's tags", R);
}

function expectOnTagged(ctx: CloudContext, containers: Container[], node: Node, after: string): void {
  for (const c of containers)
    ctx.expect(sameResource(c.node, node.resource_uri), `${after}, container ${c.resource_uri} runs on a node without the service's tags`, {
      expected: node.resource_uri,
      actual: c.node,
      requirement: R,
    });
}

export default [
  cloudCheck({
    id: R,
    title: "A service's tags select its nodes: a service tagged with a tag one node alone carries runs all its containers on that node",
    endpoint: 'cloud/service/start',
    async run(ctx) {
      const { node, containers } = await taggedService(ctx, 3);
      expectOnTagged(ctx, containers, node, 'after the start');
    },
  }),
  cloudCheck({
    id: `${R}/scale`,
    title: "A service's tags select the nodes of the containers a scale adds: they run only on the node carrying its tag",
    requirements: [R],
    endpoint: 'cloud/service/scale',
    async run(ctx) {
      const tagged = await taggedService(ctx, 1);
      startedOnTagged(ctx, tagged);
      ctx.precondition(await scaledTo(ctx, tagged.svc, 3), 'the service was not scaled to three containers', SCALE);
      const scaled = await ctx.setUp(() => waitForContainers(ctx, tagged.svc, 3), SCALE);
      expectOnTagged(ctx, scaled, tagged.node, 'after a scale from one container to three');
    },
  }),
  cloudCheck({
    id: `${R}/redeploy`,
    title: "A service's tags select the nodes of redeployed containers: after a redeploy of the service, then of one container, all run on its tagged node",
    requirements: [R],
    endpoint: 'cloud/service/redeploy',
    async run(ctx) {
      const tagged = await taggedService(ctx, 2);
      startedOnTagged(ctx, tagged);
      await operateAndSettle(ctx, tagged.svc, 'redeploy');
      const redeployed = await waitForContainers(ctx, tagged.svc, 2);
      expectOnTagged(ctx, redeployed, tagged.node, 'after a redeploy of the service');
      await operateAndSettle(ctx, redeployed[0]!, 'redeploy');
      expectOnTagged(ctx, await waitForContainers(ctx, tagged.svc, 2), tagged.node, 'after a redeploy of one of its containers');
    },
  }),
];
