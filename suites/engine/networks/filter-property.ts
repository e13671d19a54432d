import fc from 'fast-check';
import { engineCheck } from '../support/check.ts';
import { forAll } from '../support/properties.ts';
import { createNetwork, listNetworks, PREDEFINED_NETWORKS, type Network } from '../support/resources.ts';

type Filters = Record<string, string[]>;

/** The spec's reading of the network filters: id and name match all or part; type custom/builtin. */
function admits(filters: Filters, n: Network): boolean {
  const predefined = (PREDEFINED_NETWORKS as readonly string[]).includes(n.Name);
  const any = (key: string, test: (v: string) => boolean): boolean => !filters[key]?.length || filters[key]!.some(test);
  return any('id', (v) => n.Id.includes(v)) && any('name', (v) => n.Name.includes(v)) && any('type', (v) => (v === 'builtin') === predefined);
}

/** Parts of the known networks' names and ids (alphanumeric only: no pattern characters), plus noise. */
function filterMaps(known: Network[]): fc.Arbitrary<Filters> {
  const part = (text: string): fc.Arbitrary<string> =>
    fc
      .tuple(fc.nat(text.length - 1), fc.integer({ min: 1, max: 12 }))
      .map(([at, len]) => text.slice(at, at + len))
      .filter((s) => /^[a-zA-Z0-9]+$/.test(s));
  const names = fc.oneof(...known.map((n) => part(n.Name)), fc.stringMatching(/^[a-z0-9]{1,8}$/));
  const ids = fc.oneof(...known.map((n) => part(n.Id)));
  return fc.record(
    {
      name: fc.array(names, { minLength: 1, maxLength: 2 }),
      id: fc.array(ids, { minLength: 1, maxLength: 2 }),
      type: fc.subarray(['custom', 'builtin'], { minLength: 1 }),
    },
    { requiredKeys: [] },
  );
}

/** Spec: Endpoints > Networks > 51. Filters id, name (all or part), type (custom or builtin). */
export default [
  engineCheck({
    id: 'engine/networks/list/filter-name/property',
    title: 'Random filter maps give the networks the filter admits from the full list',
    requirements: ['engine/networks/list/filter-name', 'engine/networks/list/filter-id', 'engine/networks/list/filter-type'],
    endpoint: 'engine/networks/list',
    versions: ['1.22'],
    async run(ctx) {
      const created = [await createNetwork(ctx), await createNetwork(ctx)].map((n) => n.id);
      const full = await listNetworks(ctx);
      const mine = new Set(full.filter((n) => created.includes(n.Id) || (PREDEFINED_NETWORKS as readonly string[]).includes(n.Name)).map((n) => n.Id));
      const known = full.filter((n) => mine.has(n.Id));
      // Other checks create networks concurrently: compare on the networks this check knows.
      await forAll(
        ctx,
        filterMaps(known),
        async (filters) => {
          const got = (await listNetworks(ctx, filters))
            .filter((n) => mine.has(n.Id))
            .map((n) => n.Name)
            .sort();
          const expected = known
            .filter((n) => admits(filters, n))
            .map((n) => n.Name)
            .sort();
          return JSON.stringify(got) === JSON.stringify(expected)
            ? undefined
            : `filters ${JSON.stringify(filters)} listed ${JSON.stringify(got)} of the known networks, the filter admits ${JSON.stringify(expected)}`;
        },
        8,
        (filters) => {
          const keys = Object.keys(filters).filter((k) => filters[k]?.length);
          return keys.length === 1 ? `engine/networks/list/filter-${keys[0]}` : undefined;
        },
      );
    },
  }),
];
