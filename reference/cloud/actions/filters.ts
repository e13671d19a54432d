/**
 * The action list's filters: uuid, state, start/end date ranges, and object with
 * include_related (the spec's parent-child relationships). A caller sees the actions of the
 * namespaces it may address.
 */
import { filterIgnoredFault } from '../fault-families.ts';
import { badRequest } from '../http/errors.ts';
import { parseDate } from '../dates.ts';
import { pick } from '../state/store.ts';
import { parseUri, resourceUri, type UriKind } from '../uris.ts';
import type { World } from '../world.ts';
import type { Action } from './action.ts';

/** The object's own uuid plus those of its related objects, per the include_related rules. */
export function relatedIds(world: World, objectUri: string): Set<string> {
  const parsed = parseUri(objectUri);
  if (!parsed) return new Set();
  const { store } = world;
  const ids = new Set([parsed.id]);
  const add = (...uuids: (string | null | undefined)[]): void => uuids.forEach((u) => u && ids.add(u));
  switch (parsed.kind) {
    case 'container': {
      const svc = store.services.get(store.containers.get(parsed.id)?.serviceUuid ?? '');
      // Under `blind19-related-container-no-stack` a container's relatives stop at its direct parent.
      add(svc?.uuid, world.faults.has('blind19-related-container-no-stack') ? undefined : svc?.stackUuid);
      // Under `blind23-related-container-siblings` the container takes in its service's relatives: the service's other containers too.
      if (world.faults.has('blind23-related-container-siblings')) add(...(svc?.containers ?? []));
      break;
    }
    case 'service': {
      const svc = store.services.get(parsed.id);
      // Under `blind20-related-service-live-containers-only` the terminated containers of the service are left out.
      const live = (id: string): boolean =>
        !world.faults.has('blind20-related-service-live-containers-only') || store.containers.get(id)?.state !== 'Terminated';
      add(...(svc?.containers ?? []).filter(live), svc?.stackUuid);
      break;
    }
    case 'stack':
      for (const svc of pick(store.services, store.stacks.get(parsed.id)?.services ?? []))
        add(svc.uuid, ...(world.faults.has('blind-include-related-stack-no-containers') ? [] : svc.containers));
      break;
    case 'node':
      if (!world.faults.has('blind-include-related-node-no-cluster')) add(store.nodes.get(parsed.id)?.clusterUuid);
      break;
    case 'nodecluster':
      add(...(store.nodeClusters.get(parsed.id)?.nodes ?? []));
      break;
    default:
  }
  return ids;
}

const FILTERS_BESIDES_OBJECT = ['uuid', 'state', 'start_date__gte', 'start_date__lte', 'end_date__gte', 'end_date__lte'];

function dateBound(query: URLSearchParams, name: string): number | undefined {
  const raw = query.get(name);
  if (raw === null) return undefined;
  const date = parseDate(raw);
  if (!date) throw badRequest(`${name} must be a date (RFC 2822 or ISO 8601)`);
  return Math.floor(date.getTime() / 1000);
}

const seconds = (d: Date | null): number | undefined => (d ? Math.floor(d.getTime() / 1000) : undefined);

/**
 * What the end_date filters compare (the start date under blind-end-date-filter-reads-start); an
 * unfinished action's null end date counts as 0 under blind2-end-date-lte-takes-unfinished.
 */
const endOf = (world: World, a: Action): number | undefined =>
  seconds(world.faults.has('blind-end-date-filter-reads-start') ? a.start_date : a.end_date) ??
  (world.faults.has('blind2-end-date-lte-takes-unfinished') ? 0 : undefined);

/** What end_date__lte compares: under `blind19-end-date-lte-milliseconds` the end date to the millisecond, against a whole-second bound. */
const endOfForLte = (world: World, a: Action): number | undefined =>
  world.faults.has('blind19-end-date-lte-milliseconds') && a.end_date ? a.end_date.getTime() / 1000 : endOf(world, a);

/**
 * The ids of the whole tree the object belongs to: its related objects and theirs (a container's
 * stack with every service and container of it), what a mutant answers instead of the related ones.
 */
function treeIds(world: World, objectUri: string): Set<string> {
  const ids = relatedIds(world, objectUri);
  const { store } = world;
  const parents: Array<[UriKind, ReadonlyMap<string, unknown>]> = [
    ['stack', store.stacks],
    ['service', store.services],
    ['nodecluster', store.nodeClusters],
  ];
  for (const id of [...ids]) for (const [kind, map] of parents) if (map.has(id)) for (const more of relatedIds(world, resourceUri(kind, [id]))) ids.add(more);
  return ids;
}

/** `tree`: a mutant's kind of object whose include_related answers its whole tree. */
export function filterActions(world: World, given: URLSearchParams, actions: readonly Action[], tree?: string): Action[] {
  const ignored = (name: string): boolean => {
    const fault = filterIgnoredFault('action', name);
    return fault !== undefined && world.faults.has(fault);
  };
  const query = new URLSearchParams([...given].filter(([name]) => !ignored(name)));
  const include = query.get('include_related');
  if (include !== null && include !== 'true' && include !== 'false') throw badRequest('include_related must be true or false');
  const object = query.get('object');
  if (object !== null) {
    if (FILTERS_BESIDES_OBJECT.some((f) => query.has(f))) throw badRequest('object can only be combined with include_related');
    const wanted = query.get('include_related') === 'true' || world.faults.has('include-related-always');
    const related = wanted && !world.faults.has('include-related-ignored');
    const whole = related && tree !== undefined && parseUri(object)?.kind === tree;
    const ids = whole ? treeIds(world, object) : related ? relatedIds(world, object) : new Set([parseUri(object)?.id ?? object]);
    return actions.filter((a) => ids.has(parseUri(a.object)?.id ?? a.object));
  }
  const bounds: [string, (a: Action) => number | undefined, (v: number, b: number) => boolean][] = [
    ['start_date__gte', (a) => seconds(a.start_date), (v, b) => v >= b],
    ['start_date__lte', (a) => seconds(a.start_date), (v, b) => v <= b],
    ['end_date__gte', (a) => endOf(world, a), (v, b) => v >= b],
    ['end_date__lte', (a) => endOfForLte(world, a), (v, b) => v <= b],
  ];
  let kept = actions.filter((a) => {
    const uuid = query.get('uuid');
    return uuid === null || a.uuid === uuid;
  });
  const state = query.get('state');
  const failedIgnored = state === 'Failed' && world.faults.has('blind-action-state-filter-failed-ignored');
  // Under `action-state-filter-split-on-space` the value is read as several, separated by spaces: In progress is In or progress.
  const states = state !== null && world.faults.has('action-state-filter-split-on-space') ? state.split(' ') : [state];
  if (state !== null && !world.faults.has('filter-state-ignored') && !failedIgnored) kept = kept.filter((a) => states.includes(a.state));
  for (const [name, read, test] of bounds) {
    const found = dateBound(query, name);
    if (found === undefined) continue;
    const bound = world.faults.has('date-filter-exclusive') ? found + (name.endsWith('gte') ? 1 : -1) : found;
    kept = kept.filter((a) => {
      const v = read(a);
      return v !== undefined && test(v, bound);
    });
  }
  return kept;
}
