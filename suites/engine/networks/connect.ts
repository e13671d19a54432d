import { engineCheck, type EngineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { LONG_SLEEP, removedContainer, sharedRunningContainer } from '../support/lifecycle.ts';
import { holds } from '../support/container-data.ts';
import { attachedContainers, connect, containerFor, createNetwork, disconnect, dualStackConfig, endpointShows, randomSubnet } from '../support/resources.ts';

const V122 = ['1.22' as const];
/** The requirement whose check reports a refused connect. */
const CONNECTED = 'engine/networks/connect/200-connected';

/** The two 404s connect and disconnect each state: a network that does not exist, a container that does not exist. */
function missingReferenceChecks(operation: 'connect' | 'disconnect', preposition: string): EngineCheck[] {
  const endpoint = `engine/networks/${operation}`;
  const send = (ctx: EngineContext, network: string, container: string) =>
    operation === 'connect' ? connect(ctx, network, container) : disconnect(ctx, network, container);
  return [
    engineCheck({
      id: `${endpoint}/404-no-such-network`,
      title: `POST /networks/(id)/${operation} ${preposition} a network that does not exist answers 404`,
      endpoint,
      versions: V122,
      async run(ctx) {
        const container = await sharedRunningContainer(ctx, [...LONG_SLEEP], { networked: true });
        ctx.expectStatus(await send(ctx, ctx.uniqueName('missing'), container.id), 404, `${operation} ${preposition} a missing network`);
      },
    }),
    engineCheck({
      id: `${endpoint}/404-no-such-container`,
      title: `POST /networks/(id)/${operation} of a container that does not exist answers 404`,
      endpoint,
      versions: V122,
      async run(ctx) {
        const network = await createNetwork(ctx);
        ctx.expectStatus(await send(ctx, network.id, ctx.uniqueName('missing')), 404, `${operation} of a missing container`);
        // A removed container is no more, by its id or its name: a cache of ended containers must not find it.
        const removed = await removedContainer(ctx);
        for (const ref of [removed.id, removed.name])
          ctx.expectStatus(await send(ctx, network.id, ref), 404, `${operation} of a removed container (${ref.slice(0, 24)})`);
      },
    }),
  ];
}

async function expectAttached(ctx: EngineContext, network: string, container: string, after: string): Promise<void> {
  ctx.expect((await attachedContainers(ctx, network)).includes(container), `after ${after}, the network Containers must include ${container}`);
}

/** How a disconnect check names the container: `force` sent as given, the container by its name (`byName`) or its id. */
interface DisconnectWay {
  force?: boolean;
  byName?: true;
}

/**
 * Two running containers joined to a network, one disconnected (as `way` says): it leaves the
 * network's Containers and its own NetworkSettings.Networks, the other stays. With one container a
 * target that empties the network on any disconnect passed.
 */
function disconnectCheck(id: string, answered: string, way: DisconnectWay = {}): EngineCheck {
  const { force, byName } = way;
  return engineCheck({
    id,
    title: `${answered}: the container leaves the network (its Containers, and the container's own Networks), another container on it stays`,
    endpoint: 'engine/networks/disconnect',
    versions: V122,
    async run(ctx) {
      const network = await createNetwork(ctx);
      const [leaving, staying] = [await containerFor(ctx, network.id), await containerFor(ctx, network.id, true)];
      for (const container of [leaving, staying]) {
        const joined = await connect(ctx, network.id, container.id);
        ctx.precondition(joined.status === 200, `connecting a running container answered ${joined.status}`, CONNECTED);
      }
      const what = `disconnect${force === undefined ? '' : ` with Force=${force}`}${byName ? ' of the container by its name' : ''}`;
      const container = byName ? leaving.name.replace(/^\//, '') : leaving.id;
      ctx.expectStatus(await disconnect(ctx, network.id, container, force), 200, what);
      const attached = await attachedContainers(ctx, network.id);
      ctx.expect(!attached.includes(leaving.id) && attached.includes(staying.id), `after a 200 ${what}, the network Containers hold the other container only`, {
        expected: { without: leaving.id, with: staying.id },
        actual: attached,
      });
      const networks = ((await ctx.inspect(leaving.id)).NetworkSettings as { Networks?: Record<string, unknown> } | undefined)?.Networks ?? {};
      ctx.expect(!(network.name in networks), `after a 200 ${what}, the container's NetworkSettings.Networks no longer name ${network.name}`, {
        expected: `no ${network.name}`,
        actual: Object.keys(networks),
      });
    },
  });
}

/** Spec: Endpoints > Networks > 54, 55. POST /networks/(id or name)/connect and /disconnect (1.22). */
export default [
  engineCheck({
    id: 'engine/networks/connect/200-connected',
    title:
      'POST /networks/(id or name)/connect answers 200 and the container, running (network and container by id) or created then ' +
      'started (network and container by name), appears in the network Containers',
    endpoint: 'engine/networks/connect',
    versions: V122,
    async run(ctx) {
      const network = await createNetwork(ctx);
      const running = await containerFor(ctx, network.id);
      ctx.expectStatus(await connect(ctx, network.id, running.id), 200, 'connecting a running container');
      await expectAttached(ctx, network.id, running.id, 'a 200 connect of a running container');
      // The spec lists no refusal for a container that is not running: its connect binds as well. Container is an ID or
      // a name: this one goes by its name (a target resolving IDs only answers 404).
      const created = await ctx.createContainer({ cmd: ['sleep', '300'], networked: true });
      ctx.expectStatus(
        await connect(ctx, network.name, created.name),
        200,
        `connecting a created, not yet started container, by its name ${created.name}, to ${network.name}, named`,
      );
      await ctx.start(created.id);
      await expectAttached(ctx, network.id, created.id, 'a 200 connect of a created container and its start');
    },
  }),
  ...missingReferenceChecks('connect', 'to'),
  engineCheck({
    id: 'engine/networks/connect/body-endpoint-config',
    title:
      'EndpointConfig IPAMConfig.IPv4Address gives the container that address on the network; ' +
      'its endpoint there shows the IPAMConfig, IPv6Address too, it was connected with',
    endpoint: 'engine/networks/connect',
    versions: V122,
    async run(ctx) {
      const pools = randomSubnet();
      const network = await createNetwork(ctx, { IPAM: { Config: dualStackConfig(pools) } });
      const container = await containerFor(ctx, network.id);
      const ipamConfig = { IPv4Address: pools.host, IPv6Address: pools.ipv6.host };
      ctx.expectStatus(await connect(ctx, network.id, container.id, { IPAMConfig: ipamConfig }), 200, 'connect with an IPv4Address and an IPv6Address');
      const settings = (await ctx.inspect(container.id)).NetworkSettings as { Networks?: Record<string, Record<string, unknown>> };
      const endpoint = settings.Networks?.[network.name];
      ctx.expectEqual(endpoint?.IPAddress, pools.host, `the container's address on ${network.name} is the IPv4Address asked for`);
      // An IPv6 address is only given where the network enables IPv6, which the spec does not document: the endpoint's IPAMConfig shows what was asked.
      if (endpointShows(ctx, endpoint, 'IPAMConfig', network.name))
        ctx.expect(holds(endpoint?.IPAMConfig, ipamConfig), `the container's endpoint on ${network.name} shows the IPAMConfig it was connected with`, {
          expected: ipamConfig,
          actual: endpoint?.IPAMConfig,
        });
    },
  }),
  disconnectCheck('engine/networks/disconnect/200-disconnected', 'POST /networks/(id)/disconnect answers 200'),
  disconnectCheck('engine/networks/disconnect/body-force', 'Disconnect with Force=true answers 200', { force: true }),
  disconnectCheck('engine/networks/disconnect/body-container-name', 'Disconnect with Container the container name answers 200', { byName: true }),
  ...missingReferenceChecks('disconnect', 'from'),
];
