import fc from 'fast-check';
import { engineCheck } from '../support/check.ts';
import { forAll } from '../support/properties.ts';
import { listIds, sameIds, short } from '../support/own-containers.ts';
import { COLOR, type Known, population } from './population.ts';

const ENDPOINT = 'engine/containers/list';
type FilterMap = { status?: string[]; exited?: string[]; label?: string[] };

/** The requirement a failing filter map breaks: its one key's filter, or the map form with several keys. */
function filterRequirement(filters: FilterMap): string {
  const keys = Object.keys(filters).filter((k) => filters[k as keyof FilterMap]?.length);
  return keys.length === 1 ? `engine/containers/list/filter-${keys[0]}` : 'engine/query/filters-json-map';
}

/** The spec's filters applied to a known container: every key must match (one value per key here). */
function matches(c: Known, filters: FilterMap): boolean {
  const status = filters.status?.[0];
  const exited = filters.exited?.[0];
  const label = filters.label?.[0];
  if (status && status !== (c.running ? 'running' : 'exited')) return false;
  if (exited !== undefined && (c.running || String(c.exitCode) !== exited)) return false;
  if (label) {
    const [key, value] = label.split('=') as [string, string | undefined];
    if (!(key in c.labels) || (value !== undefined && c.labels[key] !== value)) return false;
  }
  return true;
}

const filterMaps: fc.Arbitrary<FilterMap> = fc.record(
  {
    status: fc.constantFrom(['running'], ['exited']),
    exited: fc.constantFrom(['0'], ['3']),
    label: fc.constantFrom([COLOR], [`${COLOR}=red`], [`${COLOR}=blue`]),
  },
  { requiredKeys: [] },
);

/** Spec: Overview: `filters` is a JSON map of lists; Endpoints > Containers > 1: exited, status, label. */
export default [
  engineCheck({
    id: 'engine/query/filters-json-map',
    title: '`filters` is a JSON-encoded map from string to list of strings (two keys given at once both apply)',
    endpoint: ENDPOINT,
    async run(ctx) {
      const {
        label,
        known: [red],
      } = await population(ctx);
      const ids = await listIds(ctx, label, { all: 1 }, { status: ['running'], label: [`${COLOR}=red`] }, 'engine/query/filters-json-map');
      ctx.expectEqual(short(ids), short([red.id]), 'filters {"status":["running"],"label":[…,"conformance.color=red"]} lists the running red container only');
    },
  }),
  engineCheck({
    id: 'engine/query/filters-json-map/property',
    title: "Random filter maps on the container list agree with the filters applied to the full list of the check's containers",
    requirements: [
      'engine/query/filters-json-map',
      'engine/containers/list/filter-exited',
      'engine/containers/list/filter-status',
      'engine/containers/list/filter-label',
    ],
    endpoint: ENDPOINT,
    async run(ctx) {
      const { label, known } = await population(ctx);
      await forAll(
        ctx,
        filterMaps,
        async (filters) => {
          const listed = await listIds(ctx, label, { all: 1 }, filters);
          const expected = known.filter((c) => matches(c, filters)).map((c) => c.id);
          return sameIds(listed, expected)
            ? undefined
            : `filters ${JSON.stringify(filters)} listed ${JSON.stringify(short(listed))}, expected ${JSON.stringify(short(expected))}`;
        },
        8,
        filterRequirement,
      );
    },
  }),
];
