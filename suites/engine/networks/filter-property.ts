import fc from 'fast-check';
import { engineCheck } from '../support/check.ts';
import { READING_WORDS, VALUES_READINGS, type ValuesReading } from '../support/filter-values.ts';
import { admits, readingsFit } from '../support/network-filters.ts';
import { forAll } from '../support/properties.ts';
import { createNetwork, listNetworks, PREDEFINED_NETWORKS, type Network } from '../support/resources.ts';

type Filters = Record<string, string[]>;

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

/**
 * Spec: Endpoints > Networks > 51. Filters id, name (all or part), type (custom or builtin). How the
 * values of one key combine is not stated: an answer must fit one reading per key (support/filter-values.ts).
 */
export default [
  engineCheck({
    id: 'engine/networks/list/filter-name/property',
    title: 'Random filter maps give the networks the filter admits from the full list, the values of one key read as alternatives or all required',
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
      // Per key with several values: in how many answers each reading of them fits (support/filter-values.ts).
      const fits: Record<string, Record<ValuesReading, number> & { answers: number }> = {};
      // Other checks create networks concurrently: compare on the networks this check knows.
      await forAll(
        ctx,
        filterMaps(known),
        async (filters) => {
          const got = new Set((await listNetworks(ctx, filters)).filter((n) => mine.has(n.Id)).map((n) => n.Name));
          const { fitting, why } = readingsFit(filters, known, got);
          const listed = `filters ${JSON.stringify(filters)} listed ${JSON.stringify([...got].sort())} of the known networks`;
          if (!fitting.length) return `${listed}: ${why}`;
          for (const key of Object.keys(fitting[0]!)) {
            const tally = fits[key] ?? { any: 0, every: 0, answers: 0 };
            fits[key] = tally;
            tally.answers++;
            for (const reading of VALUES_READINGS) if (fitting.some((r) => r[key] === reading)) tally[reading]++;
          }
          for (const n of known.filter((k) => admits(filters, k, fitting[0]) === 'inner')) inner[got.has(n.Name) ? 'listed' : 'left']++;
          return undefined;
        },
        12,
        (filters) => {
          const keys = Object.keys(filters).filter((k) => filters[k]?.length);
          return keys.length === 1 ? `engine/networks/list/filter-${keys[0]}` : undefined;
        },
        false,
        // A leading part of each created network's name and ID alone first, then with a type it is not of: one
        // value per key, the same under either reading of several values, and keys all apply (none is listed).
        [
          ...created.flatMap((n): Filters[] => [{ name: [n.name.slice(0, -2)] }, { id: [n.id.slice(0, 12)] }]),
          { name: [created[0]!.name.slice(0, -2)], type: ['builtin'] },
        ],
      );
      ctx.observe(`networks matched only by a part inside their name or ID: listed ${inner.listed} times, left out ${inner.left} times`);
      for (const [key, tally] of Object.entries(fits))
        ctx.observe(`several values of ${key}: ${VALUES_READINGS.map((r) => `${READING_WORDS[r]} fit ${tally[r]}`).join(', ')} of ${tally.answers} answers`);
    },
  }),
];
