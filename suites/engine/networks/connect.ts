import { engineCheck } from '../support/check.ts';
import { attachedContainers, connect, createNetwork, disconnect, randomSubnet } from '../support/resources.ts';

const V122 = ['1.22' as const];

/** Spec: Endpoints > Networks > 54, 55. POST /networks/(id or name)/connect and /disconnect (1.22). */
export default [
  engineCheck({
    id: 'engine/networks/connect/200-connected',
    title: 'POST /networks/(id)/connect answers 200 and the container appears in the network Containers',
    requirements: ['engine/networks/connect/200-connected'],
    endpoint: 'engine/networks/connect',
    versions: V122,
    async run(ctx) {
      const network = await createNetwork(ctx);
      const container = await ctx.runningContainer(['sleep', '300']);
      ctx.expectStatus(await connect(ctx, network.id, container.id), 200, 'connecting a running container');
      ctx.expect((await attachedContainers(ctx, network.id)).includes(container.id), `after a 200 connect, the network Containers must include ${container.id}`);
    },
  }),
  engineCheck({
    id: 'engine/networks/connect/404-no-such-network',
    title: 'POST /networks/(id)/connect to a network that does not exist answers 404',
    requirements: ['engine/networks/connect/404-no-such-network'],
    endpoint: 'engine/networks/connect',
    versions: V122,
    async run(ctx) {
      const container = await ctx.runningContainer(['sleep', '300']);
      ctx.expectStatus(await connect(ctx, ctx.uniqueName('missing'), container.id), 404, 'connect to a missing network');
    },
  }),
  engineCheck({
    id: 'engine/networks/connect/404-no-such-container',
    title: 'POST /networks/(id)/connect of a container that does not exist answers 404',
    requirements: ['engine/networks/connect/404-no-such-container'],
    endpoint: 'engine/networks/connect',
    versions: V122,
    async run(ctx) {
      const network = await createNetwork(ctx);
      ctx.expectStatus(await connect(ctx, network.id, ctx.uniqueName('missing')), 404, 'connect of a missing container');
    },
  }),
  engineCheck({
    id: 'engine/networks/connect/body-endpoint-config',
    title: 'EndpointConfig IPAMConfig.IPv4Address gives the container that address on the network',
    requirements: ['engine/networks/connect/body-endpoint-config'],
    endpoint: 'engine/networks/connect',
    versions: V122,
    async run(ctx) {
      const { subnet, gateway, host } = randomSubnet();
      const network = await createNetwork(ctx, { IPAM: { Config: [{ Subnet: subnet, Gateway: gateway }] } });
      const container = await ctx.runningContainer(['sleep', '300']);
      ctx.expectStatus(await connect(ctx, network.id, container.id, { IPAMConfig: { IPv4Address: host } }), 200, 'connect with an IPv4Address');
      const settings = (await ctx.inspect(container.id)).NetworkSettings as { Networks?: Record<string, { IPAddress?: string }> };
      ctx.expectEqual(settings.Networks?.[network.name]?.IPAddress, host, `the container's address on ${network.name} is the IPv4Address asked for`);
    },
  }),
  engineCheck({
    id: 'engine/networks/disconnect/200-disconnected',
    title: 'POST /networks/(id)/disconnect answers 200 and the container leaves the network Containers',
    requirements: ['engine/networks/disconnect/200-disconnected'],
    endpoint: 'engine/networks/disconnect',
    versions: V122,
    async run(ctx) {
      const network = await createNetwork(ctx);
      const container = await ctx.runningContainer(['sleep', '300']);
      ctx.expectStatus(await connect(ctx, network.id, container.id), 200, 'precondition: connecting a running container');
      ctx.expectStatus(await disconnect(ctx, network.id, container.id), 200, 'disconnecting the container');
      ctx.expect(!(await attachedContainers(ctx, network.id)).includes(container.id), `after a 200 disconnect, the network Containers must not include ${container.id}`);
    },
  }),
  engineCheck({
    id: 'engine/networks/disconnect/body-force',
    title: 'Disconnect with Force=true answers 200 and disconnects',
    requirements: ['engine/networks/disconnect/body-force'],
    endpoint: 'engine/networks/disconnect',
    versions: V122,
    async run(ctx) {
      const network = await createNetwork(ctx);
      const container = await ctx.runningContainer(['sleep', '300']);
      ctx.expectStatus(await connect(ctx, network.id, container.id), 200, 'precondition: connecting a running container');
      ctx.expectStatus(await disconnect(ctx, network.id, container.id, true), 200, 'disconnect with Force=true');
      ctx.expect(!(await attachedContainers(ctx, network.id)).includes(container.id), 'a forced disconnect removes the container from the network Containers');
    },
  }),
  engineCheck({
    id: 'engine/networks/disconnect/404-no-such-network',
    title: 'POST /networks/(id)/disconnect from a network that does not exist answers 404',
    requirements: ['engine/networks/disconnect/404-no-such-network'],
    endpoint: 'engine/networks/disconnect',
    versions: V122,
    async run(ctx) {
      const container = await ctx.runningContainer(['sleep', '300']);
      ctx.expectStatus(await disconnect(ctx, ctx.uniqueName('missing'), container.id), 404, 'disconnect from a missing network');
    },
  }),
  engineCheck({
    id: 'engine/networks/disconnect/404-no-such-container',
    title: 'POST /networks/(id)/disconnect of a container that does not exist answers 404',
    requirements: ['engine/networks/disconnect/404-no-such-container'],
    endpoint: 'engine/networks/disconnect',
    versions: V122,
    async run(ctx) {
      const network = await createNetwork(ctx);
      ctx.expectStatus(await disconnect(ctx, network.id, ctx.uniqueName('missing')), 404, 'disconnect of a missing container');
    },
  }),
];
