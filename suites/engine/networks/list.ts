import { repeated } from '../../../harness/check/repeated.ts';
import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { partMatch } from '../support/network-filters.ts';
import { createNetwork, listNetworks, PREDEFINED_NETWORKS, type Network } from '../support/resources.ts';

const V122 = ['1.22' as const];
const names = (list: Network[]): string[] => list.map((n) => n.Name);

interface NamedNetwork {
  id: string;
  name: string;
}

/**
 * Filter `key=value` for each value of `values.matching` (the whole ID or name, a leading part)
 * must list `mine`, must not list `other` where the value is no part of it, and must list no
 * network the value is no part of. `values.inner`, a part inside (not leading), is read either way
 * by the spec's "all or part" (support/network-filters.ts): whether it lists `mine` is observed.
 */
async function expectPartFilter(
  ctx: EngineContext,
  key: 'id' | 'name',
  values: { matching: string[]; inner: string },
  mine: NamedNetwork,
  other: NamedNetwork,
): Promise<void> {
  const field = (n: Network): string => (key === 'id' ? n.Id : n.Name);
  for (const value of [...values.matching, values.inner]) {
    const list = await listNetworks(ctx, { [key]: [value] });
    const shown = list.map(field);
    const listsMine = shown.includes(mine[key]);
    if (value === values.inner)
      ctx.observe(`filter ${key}=${value} (a part inside, not leading) ${listsMine ? 'lists' : 'does not list'} the network ${mine[key]}`);
    else ctx.expect(listsMine, `filter ${key}=${value} must list the network ${mine[key]}`, { expected: mine[key], actual: shown });
    if (partMatch(other[key], value) === 'none')
      ctx.expect(!shown.includes(other[key]), `filter ${key}=${value} must not list the other network ${other[key]}`, {
        expected: `not ${other[key]}`,
        actual: shown,
      });
    const strays = shown.filter((v) => partMatch(v, value) === 'none');
    ctx.expect(strays.length === 0, `filter ${key}=${value} must list only networks it is part of`, {
      expected: `${key}s containing ${value}`,
      actual: strays,
    });
  }
}

/** Spec: Endpoints > Networks > 51. GET /networks (1.22). */
export default [
  engineCheck({
    id: 'engine/networks/list/200-response-schema',
    title: 'GET /networks answers 200 with a list of Network objects, each once, including a new network',
    endpoint: 'engine/networks/list',
    versions: V122,
    async run(ctx) {
      const { name } = await createNetwork(ctx);
      const res = await ctx.api.get('/networks');
      ctx.expectStatus(res, 200, 'GET /networks');
      const list = ctx.expectVersionSchema<Network[]>('network-list', ctx.expectJson(res, 'network list'), 'the network list');
      ctx.expect(names(list).includes(name), `the list must include the network ${name} just created`, { expected: name, actual: names(list) });
      // A list of the networks: each network once (a network has one ID).
      const ids = list.map((n) => n.Id);
      const twice = repeated(ids);
      ctx.expect(twice.length === 0, 'GET /networks lists a network more than once', { expected: 'each network once', actual: twice });
    },
  }),
  engineCheck({
    id: 'engine/networks/list/filter-id',
    title: 'Filter id= lists the networks whose ID matches all or part of the value',
    endpoint: 'engine/networks/list',
    versions: V122,
    async run(ctx) {
      const mine = await createNetwork(ctx);
      const other = await createNetwork(ctx);
      await expectPartFilter(ctx, 'id', { matching: [mine.id, mine.id.slice(0, 12)], inner: mine.id.slice(20, 32) }, mine, other);
    },
  }),
  engineCheck({
    id: 'engine/networks/list/filter-name',
    title: 'Filter name= lists the networks whose name matches all or part of the value',
    endpoint: 'engine/networks/list',
    versions: V122,
    async run(ctx) {
      const mine = await createNetwork(ctx);
      const other = await createNetwork(ctx);
      await expectPartFilter(ctx, 'name', { matching: [mine.name, mine.name.slice(0, -2)], inner: mine.name.slice(-6) }, mine, other);
    },
  }),
  engineCheck({
    id: 'engine/networks/list/filter-type',
    title: 'Filter type=custom lists only user-defined networks, type=builtin only pre-defined ones',
    endpoint: 'engine/networks/list',
    versions: V122,
    async run(ctx) {
      const { name } = await createNetwork(ctx);
      const custom = names(await listNetworks(ctx, { type: ['custom'] }));
      ctx.expect(custom.includes(name), `type=custom must list the user-defined network ${name}`, { expected: name, actual: custom });
      const predefinedInCustom = custom.filter((n) => (PREDEFINED_NETWORKS as readonly string[]).includes(n));
      ctx.expect(predefinedInCustom.length === 0, 'type=custom must not list pre-defined networks', {
        expected: 'no bridge, host, none',
        actual: predefinedInCustom,
      });
      const builtin = names(await listNetworks(ctx, { type: ['builtin'] }));
      ctx.expect(!builtin.includes(name), `type=builtin must not list the user-defined network ${name}`, { expected: `no ${name}`, actual: builtin });
      ctx.expect(builtin.includes('bridge'), 'type=builtin must list the pre-defined bridge network', { expected: 'bridge', actual: builtin });
    },
  }),
];
