import { engineCheck } from '../support/check.ts';
import { createNetwork, listNetworks, PREDEFINED_NETWORKS, type Network } from '../support/resources.ts';

const V122 = ['1.22' as const];
const names = (list: Network[]): string[] => list.map((n) => n.Name);

/** Spec: Endpoints > Networks > 51. GET /networks (1.22). */
export default [
  engineCheck({
    id: 'engine/networks/list/200-response-schema',
    title: 'GET /networks answers 200 with a list of Network objects including a new network',
    endpoint: 'engine/networks/list',
    versions: V122,
    async run(ctx) {
      const { name } = await createNetwork(ctx);
      const res = await ctx.api.get('/networks');
      ctx.expectStatus(res, 200, 'GET /networks');
      const list = ctx.expectVersionSchema<Network[]>('network-list', ctx.expectJson(res, 'network list'), 'the network list');
      ctx.expect(names(list).includes(name), `the list must include the network ${name} just created`, { expected: name, actual: names(list) });
    },
  }),
  engineCheck({
    id: 'engine/networks/list/filter-id',
    title: 'Filter id= lists the networks whose ID matches all or part of the value',
    endpoint: 'engine/networks/list',
    versions: V122,
    async run(ctx) {
      const { id } = await createNetwork(ctx);
      const other = await createNetwork(ctx);
      for (const value of [id, id.slice(0, 12)]) {
        const list = await listNetworks(ctx, { id: [value] });
        ctx.expect(
          list.some((n) => n.Id === id),
          `filter id=${value} must list the network ${id}`,
          { expected: id, actual: list.map((n) => n.Id) },
        );
        ctx.expect(!list.some((n) => n.Id === other.id), `filter id=${value} must not list the other network ${other.id}`, {
          expected: `not ${other.id}`,
          actual: list.map((n) => n.Id),
        });
        const strays = list.filter((n) => !n.Id.includes(value));
        ctx.expect(strays.length === 0, `filter id=${value} must list only networks whose ID matches it`, {
          expected: `IDs containing ${value}`,
          actual: strays.map((n) => n.Id),
        });
      }
    },
  }),
  engineCheck({
    id: 'engine/networks/list/filter-name',
    title: 'Filter name= lists the networks whose name matches all or part of the value',
    endpoint: 'engine/networks/list',
    versions: V122,
    async run(ctx) {
      const { name } = await createNetwork(ctx);
      const other = await createNetwork(ctx);
      for (const value of [name, name.slice(-6)]) {
        const list = await listNetworks(ctx, { name: [value] });
        ctx.expect(names(list).includes(name), `filter name=${value} must list the network ${name}`, { expected: name, actual: names(list) });
        ctx.expect(!names(list).includes(other.name), `filter name=${value} must not list the other network ${other.name}`, {
          expected: `not ${other.name}`,
          actual: names(list),
        });
        const strays = names(list).filter((n) => !n.includes(value));
        ctx.expect(strays.length === 0, `filter name=${value} must list only networks whose name matches it`, {
          expected: `names containing ${value}`,
          actual: strays,
        });
      }
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
