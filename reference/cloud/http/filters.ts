/**
 * List filters: query parameters matching the field of the same name. URIs match in either
 * spelling (with or without the namespace segment); booleans as `true`/`false`; a list field
 * matches when one element does.
 */
import { filterIgnoredFaults, filtersFirstOnlyFault } from '../fault-families.ts';
import { parseUri, sameResource } from '../uris.ts';
import type { World } from '../world.ts';
import type { CloudFaultName } from '../faults.ts';

export type FieldReader<T> = (item: T) => unknown;

function matches(wanted: string, actual: unknown): boolean {
  if (Array.isArray(actual)) return actual.some((a) => matches(wanted, a));
  if (typeof actual === 'boolean') return wanted.toLowerCase() === String(actual);
  if (typeof actual === 'number') return Number(wanted) === actual;
  if (typeof actual !== 'string') return false;
  if (parseUri(wanted) && parseUri(actual)) return sameResource(wanted, actual);
  return wanted === actual;
}

/** The spelled names of the filters of `list` that a filter-ignored fault switches off. */
function ignoredFilters(world: World, list: string): Set<string> {
  return new Set(
    filterIgnoredFaults(list)
      .filter((m) => world.faults.has(m.name))
      .map((m) => world.spell(m.param)),
  );
}

/** Faults under which a list reads a state filter against its settled states only: a transitional value matches nothing. */
const SETTLED_ONLY: ReadonlyArray<{ fault: CloudFaultName; lists: readonly string[]; transitional: readonly string[] }> = [
  { fault: 'state-filter-settled-only', lists: ['service', 'container'], transitional: ['Starting', 'Stopping', 'Scaling', 'Redeploying', 'Terminating'] },
  { fault: 'infra-state-filter-settled-only', lists: ['node', 'nodecluster'], transitional: ['Deploying', 'Upgrading', 'Scaling', 'Terminating'] },
];

/** Whether a settled-only fault (as a table of the states a client sees once the work has ended) makes `value` match nothing. */
const unknownState = (world: World, list: string, value: string): boolean =>
  SETTLED_ONLY.some((f) => world.faults.has(f.fault) && f.lists.includes(list) && f.transitional.includes(value));

export function applyFilters<T>(world: World, query: URLSearchParams, items: readonly T[], fields: Record<string, FieldReader<T>>, list: string): T[] {
  const ignored = ignoredFilters(world, list);
  // Under `filters-first-only:<list>` the filters are alternatives (if ... else if ...): the first one given is applied, the others dropped.
  const firstOnlyFault = filtersFirstOnlyFault(list);
  const firstOnly = firstOnlyFault !== undefined && world.faults.has(firstOnlyFault);
  let applied = 0;
  let kept = world.faults.has('terminated-not-listed') ? items.filter((i) => (i as { state?: unknown }).state !== 'Terminated') : [...items];
  for (const [name, read] of Object.entries(fields)) {
    const value = query.get(name);
    if (value === null) continue;
    const wanted = name === 'state' && world.faults.has('state-filter-first-word') ? (value.split(' ')[0] ?? '') : value;
    if ((name === 'state' && world.faults.has('filter-state-ignored')) || ignored.has(name)) continue;
    if (name === 'state' && list === 'node' && value === 'Deployed' && world.faults.has('node-state-filter-deployed-ignored')) continue;
    if (firstOnly && applied++ > 0) continue;
    kept = name === 'state' && unknownState(world, list, wanted) ? [] : kept.filter((item) => matches(wanted, read(item)));
  }
  return kept;
}
