/**
 * Container numbers held to what they name: a running container's process id, the prefix lengths
 * of its addresses, the sizes of its filesystem. A type check lets each one pass as 0 (or -1 where
 * 0 was meant); these checks judge only what the name states, never a value.
 * Spec: Resources > Container inspect (State Pid I; NetworkSettings IPPrefixLen, GlobalIPv6PrefixLen,
 * LinkLocalIPv6PrefixLen), Container list item (NetworkSettings.Networks, SizeRw I, SizeRootFs I).
 */
import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { LONG_SLEEP, sharedExitedContainer, sharedRunningContainer } from '../support/lifecycle.ts';
import { connect, containerFor, createNetwork, randomSubnet, type Subnet } from '../support/resources.ts';

type Json = Record<string, unknown>;

const PID = 'engine/containers/inspect/state-pid';
const PREFIX = { inspect: 'engine/containers/inspect/prefix-lengths', list: 'engine/containers/list/prefix-lengths' };
const SIZES = 'engine/containers/list/sizes-meaning';

const asJson = (value: unknown): Json => (value !== null && typeof value === 'object' ? (value as Json) : {});
const isInt = (value: unknown): value is number => Number.isInteger(value);

/** The prefix lengths of one endpoint object (or the top-level NetworkSettings) departing from their addresses. */
function prefixProblems(settings: Json, where: string): string[] {
  const rules: Array<[string, string, number]> = [
    ['IPPrefixLen', 'IPAddress', 32],
    ['GlobalIPv6PrefixLen', 'GlobalIPv6Address', 128],
    ['LinkLocalIPv6PrefixLen', 'LinkLocalIPv6Address', 128],
  ];
  const problems: string[] = [];
  for (const [field, address, most] of rules) {
    const length = settings[field];
    if (length === undefined) continue;
    const set = typeof settings[address] === 'string' && settings[address] !== '';
    const ok = isInt(length) && length >= (set ? 1 : 0) && length <= most;
    const shown = `${where}.${field} is ${JSON.stringify(length)} with ${address} ${JSON.stringify(settings[address])}`;
    if (!ok) problems.push(`${shown}: a prefix length of 0..${most}, above 0 for a set address`);
  }
  return problems;
}

function settingsProblems(settings: Json, where: string, topLevel: boolean): string[] {
  const networks = Object.entries(asJson(settings.Networks)).flatMap(([name, endpoint]) => prefixProblems(asJson(endpoint), `${where}.Networks.${name}`));
  return [...(topLevel ? prefixProblems(settings, where) : []), ...networks];
}

async function listItem(ctx: EngineContext, id: string, query: Json): Promise<Json> {
  const res = await ctx.api.get('/containers/json', { all: 1, filters: JSON.stringify({ id: [id] }), ...query });
  ctx.expectStatus(res, 200, 'the container list');
  const item = ctx.expectJson<Json[]>(res, 'container list').find((i) => i.Id === id);
  if (!item) ctx.blockedBy('engine/containers/list/query-all', `container ${id.slice(0, 12)} is not in its own list (all=1, filtered by its id)`);
  return item;
}

/** Verifies the endpoint of container `id` on `network` (of `pool`, a /24) shows IPPrefixLen 24 and an address of the pool; observes its Gateway. */
async function poolEndpointShown(ctx: EngineContext, id: string, network: string, pool: Subnet, what: string): Promise<void> {
  const endpoint = asJson(asJson(asJson((await ctx.inspect(id)).NetworkSettings).Networks)[network]);
  const net = pool.subnet.slice(0, pool.subnet.lastIndexOf('.') + 1);
  const shown = { IPAddress: endpoint.IPAddress, IPPrefixLen: endpoint.IPPrefixLen };
  ctx.verify(endpoint.IPPrefixLen === 24 && String(endpoint.IPAddress).startsWith(net), `${what} (pool ${pool.subnet}) shows ${JSON.stringify(shown)}`, {
    expected: { IPAddress: `${net}x`, IPPrefixLen: 24 },
    actual: shown,
    requirement: PREFIX.inspect,
  });
  if (endpoint.Gateway !== pool.gateway) ctx.observe(`${what}: its Gateway is ${JSON.stringify(endpoint.Gateway)}, the network's ${pool.gateway}`);
}

export default [
  engineCheck({
    id: PID,
    title: "State.Pid of a running container is its process's id (above zero), and never negative once it exited",
    endpoint: 'engine/containers/inspect',
    async run(ctx) {
      const running = await ctx.state((await sharedRunningContainer(ctx, [...LONG_SLEEP])).id);
      ctx.precondition(
        running.Running === true,
        `the running container is not Running (State.Running ${String(running.Running)})`,
        'engine/states/state-booleans',
      );
      ctx.verify(isInt(running.Pid) && running.Pid > 0, 'a running container has the id of its process in State.Pid', {
        expected: 'an integer above 0',
        actual: running.Pid,
        requirement: PID,
      });
      const exited = await ctx.state((await sharedExitedContainer(ctx)).id);
      ctx.verify(isInt(exited.Pid) && exited.Pid >= 0, 'an exited container has no negative State.Pid', {
        expected: '>= 0',
        actual: exited.Pid,
        requirement: PID,
      });
    },
  }),
  engineCheck({
    id: PREFIX.inspect,
    title: 'The prefix lengths of a networked container fit their addresses in its inspect and (1.22) list item',
    requirements: [PREFIX.inspect, PREFIX.list],
    endpoint: 'engine/containers/inspect',
    async run(ctx) {
      const { id } = await ctx.runningContainer(['sleep', '300'], { networked: true });
      const inspected = settingsProblems(asJson((await ctx.inspect(id)).NetworkSettings), 'NetworkSettings', true);
      ctx.verify(inspected.length === 0, `inspect: ${inspected.join('; ')}`, { expected: 'no departure', actual: inspected, requirement: PREFIX.inspect });
      if (ctx.version !== '1.22') return;
      const listed = settingsProblems(asJson((await listItem(ctx, id, {})).NetworkSettings), 'list item NetworkSettings', false);
      ctx.verify(listed.length === 0, `list item: ${listed.join('; ')}`, { expected: 'no departure', actual: listed, requirement: PREFIX.list });
    },
  }),
  engineCheck({
    id: `${PREFIX.inspect}/network-pool`,
    title:
      "(1.22) A container on a network of a /24 pool has, in that network's endpoint, IPPrefixLen 24 and an IPAddress of the pool, " +
      'also where that network is its second one (connected to a container of the default network)',
    requirements: [PREFIX.inspect],
    endpoint: 'engine/containers/inspect',
    versions: ['1.22'],
    async run(ctx) {
      // Within 1..32 was all the other check could ask: a length fixed at the default bridge's 16 passed it.
      const pool = randomSubnet();
      const network = await ctx.setUp(() => createNetwork(ctx, { IPAM: { Config: [{ Subnet: pool.subnet, Gateway: pool.gateway }] } }));
      const { id } = await ctx.setUp(() => ctx.runningContainer(['sleep', '300'], { hostConfig: { NetworkMode: network.name } }));
      await poolEndpointShown(ctx, id, network.name, pool, `the endpoint on ${network.name}`);
      // A second network's endpoint has its own addressing, not a copy of the primary network's.
      const second = await ctx.setUp(() => containerFor(ctx, network.name, true));
      const res = await ctx.setUp(() => connect(ctx, network.name, second.id));
      ctx.precondition(
        res.status === 200,
        `connecting a container of the default network to ${network.name} answered ${res.status}`,
        'engine/networks/connect/200-connected',
      );
      await poolEndpointShown(ctx, second.id, network.name, pool, `the endpoint on ${network.name} of a container connected to it as its second network`);
    },
  }),
  engineCheck({
    id: SIZES,
    title: 'With size=1 SizeRw is not negative and SizeRootFs, the whole root filesystem with the image files, is above zero and at least SizeRw',
    endpoint: 'engine/containers/list',
    async run(ctx) {
      const { id } = await sharedExitedContainer(ctx, ['sh', '-c', 'echo data > /sized']);
      const sources: Array<[string, Json]> = [['the list item', await listItem(ctx, id, { size: 1 })]];
      if (ctx.version === '1.22') sources.push(['the inspect', ctx.expectJson<Json>(await ctx.api.get(`/containers/${id}/json`, { size: 1 }), 'inspect')]);
      for (const [where, sized] of sources) {
        const { SizeRw: rw, SizeRootFs: root } = sized;
        const ok = isInt(rw) && isInt(root) && rw >= 0 && root > 0 && root >= rw;
        ctx.verify(ok, `${where} with size=1: SizeRw ${JSON.stringify(rw)}, SizeRootFs ${JSON.stringify(root)}`, {
          expected: 'SizeRw >= 0, SizeRootFs > 0 and >= SizeRw',
          actual: { SizeRw: rw, SizeRootFs: root },
          requirement: SIZES,
        });
      }
    },
  }),
];
