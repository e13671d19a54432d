import fc from 'fast-check';
import { engineCheck } from '../support/check.ts';
import { bestMatch, partMatch, worstMatch, type PartMatch } from '../support/network-filters.ts';
import { forAll } from '../support/properties.ts';
import { createNetwork, listNetworks, PREDEFINED_NETWORKS, type Network } from '../support/resources.ts';

type Filters = Record<string, string[]>;

/**
 * The spec's reading of the network filters: id and name match all or part (support/network-filters.ts:
 * 'inner' where only a part inside admits the network, which the spec leaves open); type custom/builtin.
 */
function admits(filters: Filters, n: Network): PartMatch {
  const predefined = (PREDEFINED_NETWORKS as readonly string[]).includes(n.Name);
  const key = (name: string, test: (v: string) => PartMatch): PartMatch => (filters[name]?.length ? bestMatch(filters[name]!.map(test)) : 'matches');
  return worstMatch([
    key('id', (v) => partMatch(n.Id, v)),
    key('name', (v) => partMatch(n.Name, v)),
    key('type', (v) => ((v === 'builtin') === predefined ? 'matches' : 'none')),
  ]);
}

/** Leading parts and parts anywhere of the known networks' names and ids (no pattern characters), plus noise. */
function filterMaps(known: Network[]): fc.Arbitrary<Filters> {
  const plain = (s: string): boolean => /^[a-zA-Z0-9-]+$/.test(s);
  const leading = (text: string): fc.Arbitrary<string> => fc.integer({ min: 1, max: text.length }).map((len) => text.slice(0, len));
  const anywhere = (text: string): fc.Arbitrary<string> =>
    fc.tuple(fc.nat(text.length - 1), fc.integer({ min: 1, max: 12 })).map(([at, len]) => text.slice(at, at + len));
  const part = (text: string): fc.Arbitrary<string> => fc.oneof(leading(text), anywhere(text)).filter(plain);
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
      const created = [await createNetwork(ctx), await createNetwork(ctx)];
      const full = await listNetworks(ctx);
      const createdIds = created.map((n) => n.id);
      const mine = new Set(full.filter((n) => createdIds.includes(n.Id) || (PREDEFINED_NETWORKS as readonly string[]).includes(n.Name)).map((n) => n.Id));
      const known = full.filter((n) => mine.has(n.Id));
      const inner = { listed: 0, left: 0 };
      // Other checks create networks concurrently: compare on the networks this check knows.
      await forAll(
        ctx,
        filterMaps(known),
        async (filters) => {
          const got = new Set((await listNetworks(ctx, filters)).filter((n) => mine.has(n.Id)).map((n) => n.Name));
          const missing = known.filter((n) => admits(filters, n) === 'matches' && !got.has(n.Name)).map((n) => n.Name);
          const stray = known.filter((n) => admits(filters, n) === 'none' && got.has(n.Name)).map((n) => n.Name);
          for (const n of known.filter((k) => admits(filters, k) === 'inner')) inner[got.has(n.Name) ? 'listed' : 'left']++;
          return missing.length || stray.length
            ? `filters ${JSON.stringify(filters)} listed ${JSON.stringify([...got].sort())} of the known networks: ` +
                `left out ${JSON.stringify(missing)} (matched wholly or by a leading part), listed ${JSON.stringify(stray)} (matched by no part)`
            : undefined;
        },
        12,
        (filters) => {
          const keys = Object.keys(filters).filter((k) => filters[k]?.length);
          return keys.length === 1 ? `engine/networks/list/filter-${keys[0]}` : undefined;
        },
        false,
        // A leading part of each created network's name and ID alone first: admitted under every reading.
        created.flatMap((n): Filters[] => [{ name: [n.name.slice(0, -2)] }, { id: [n.id.slice(0, 12)] }]),
      );
      ctx.observe(`networks matched only by a part inside their name or ID: listed ${inner.listed} times, left out ${inner.left} times`);
    },
  }),
];
