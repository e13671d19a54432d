/** Endpoint 1: GET /containers/json with all, limit, since, before, size and filters. */
import { HttpError, type RouteContext, type Router } from '../http/router.ts';
import { checkFilterKeys, labelsMatch } from '../http/query.ts';
import type { Container, ContainerStatus } from '../state/container.ts';
import type { Engine } from '../state/engine.ts';
import { listItem, listedName } from '../shape/container-list.ts';
import { noSuchContainer } from './lookup.ts';

const STATUS_VALUES: Record<'1.18' | '1.22', ContainerStatus[]> = {
  '1.18': ['restarting', 'running', 'paused', 'exited'],
  '1.22': ['created', 'restarting', 'running', 'paused', 'exited', 'dead'],
};
const FILTER_KEYS = ['exited', 'status', 'label', 'id', 'name', 'ancestor', 'isolation'];

export function registerListRoute(router: Router, engine: Engine): void {
  router.add('GET', '/containers/json', (ctx) => {
    const selected = selectContainers(engine, ctx);
    const items = selected.map((c) => listItem(engine, c, ctx.version, ctx.bool('size') && !ctx.faults.has('list-size-ignored'), ctx.faults));
    // An empty Go slice left nil encodes as null.
    ctx.sendJson(200, items.length === 0 && ctx.faults.has('blind3-list-empty-null') ? null : items);
  });
}

function selectContainers(engine: Engine, ctx: RouteContext): Container[] {
  const filters = ctx.faults.has('filters-ignored') ? new Map<string, string[]>() : ctx.filters();
  checkFilterKeys(filters, FILTER_KEYS);
  checkFilterValues(ctx, filters);
  const newestFirst = engine.containers.all().reverse();
  const position = (param: string): number | undefined => {
    const ref = ctx.faults.has('list-since-before-ignored') ? null : ctx.query.get(param);
    if (!ref) return undefined;
    const c = engine.containers.resolve(ref);
    if (!c) throw noSuchContainer(ctx, ref);
    return newestFirst.indexOf(c);
  };
  const since = position('since');
  const before = position('before');
  const limit = ctx.faults.has('list-limit-ignored') ? undefined : ctx.int('limit');
  const all =
    (ctx.bool('all') && !ctx.faults.has('list-all-true-ignored')) ||
    ctx.faults.has('list-all-ignored') ||
    ((limit ?? 0) > 0 && !ctx.faults.has('blind3-list-limit-running-only')) ||
    // Under `blind29-list-since-running-only` since is a bound on the list only: it does not bring in the non-running containers.
    (since !== undefined && !ctx.faults.has('blind29-list-since-running-only')) ||
    before !== undefined ||
    filters.has('status') ||
    filters.has('exited');
  const sinceBound = since !== undefined && ctx.faults.has('blind-list-since-inclusive') ? since + 1 : since;
  const beforeBound = before !== undefined && ctx.faults.has('blind4-list-before-inclusive') ? before - 1 : before;
  // Under `blind34-list-default-omits-paused` the default list keeps status running (or restarting): a paused container is left out.
  const shown = (c: Container): boolean => c.isActive && !(c.state.status === 'paused' && ctx.faults.has('blind34-list-default-omits-paused'));
  let list = newestFirst.filter((c, i) => (all || shown(c)) && (sinceBound === undefined || i < sinceBound) && (beforeBound === undefined || i > beforeBound));
  // Under `blind31-list-limit-before-filters` the limit cuts the list before the filters run: the last created containers, then filtered.
  if (limit !== undefined && limit > 0 && ctx.faults.has('blind31-list-limit-before-filters')) list = list.slice(0, limit);
  list = list.filter((c) => matchesFilters(c, filters, ctx.faults, ctx.version));
  // A negative limit taken as a slice end (Python's list[:limit]) drops the oldest containers.
  if (limit !== undefined && limit < 0 && ctx.faults.has('blind5-list-limit-negative-slices')) return list.slice(0, limit);
  if (!limit || limit <= 0) return list;
  return ctx.faults.has('blind-list-limit-oldest') ? list.slice(-limit) : list.slice(0, limit);
}

function matchesFilters(c: Container, filters: Map<string, string[]>, faults: RouteContext['faults'], version: '1.18' | '1.22'): boolean {
  const any = (key: string, test: (value: string) => boolean): boolean => {
    // Under `blind10-filter-status-last-value-only` status is read into a map of one value per key: the last one wins.
    const values = key === 'status' && faults.has('blind10-filter-status-last-value-only') ? filters.get(key)?.slice(-1) : filters.get(key);
    return !values || values.length === 0 || values.some(test);
  };
  const status = filteredStatus(c, faults, version);
  return (
    any('status', (s) => status === s || (s === 'exited' && c.state.status === 'created' && faults.has('blind3-filter-status-exited-created'))) &&
    any('exited', (code) => (c.state.status === 'exited' || faults.has('blind-filter-exited-any-status')) && exitCodeMatches(c, code, faults)) &&
    labelsMatch(c.config.Labels, labelFilter(filters, faults)) &&
    any('id', (id) => c.id.startsWith(id)) &&
    // The name the list shows (under `blind21-rename-list-names-stale` the one before a rename).
    any('name', (name) => listedName(c).includes(name.replace(/^\//, ''))) &&
    any('ancestor', (image) => c.config.Image === image || c.imageId.includes(image)) &&
    any('isolation', (iso) => iso === 'default')
  );
}

/**
 * The status the filter compares. Under `blind11-filter-status-1.18-restarting-as-running` (1.18) it is derived from the Running
 * flag first, which a container waiting out its restart delay still has; under `blind11-filter-status-1.22-restarting-as-exited`
 * (1.22) from whether the process is alive, which it is not during the delay.
 */
function filteredStatus(c: Container, faults: RouteContext['faults'], version: '1.18' | '1.22'): ContainerStatus {
  if (c.state.status !== 'restarting') return c.state.status;
  if (version === '1.18' && faults.has('blind11-filter-status-1.18-restarting-as-running')) return 'running';
  if (version === '1.22' && faults.has('blind11-filter-status-1.22-restarting-as-exited')) return 'exited';
  return c.state.status;
}

/** Under `blind4-filter-exited-zero-any-code` a code of 0 is taken for "no code given" (a Go zero value). */
function exitCodeMatches(c: Container, code: string, faults: RouteContext['faults']): boolean {
  return c.state.exitCode === Number(code) || (Number(code) === 0 && faults.has('blind4-filter-exited-zero-any-code'));
}

/** Bad filter values are a bad parameter (400) whatever containers there are. */
function checkFilterValues(ctx: RouteContext, filters: Map<string, string[]>): void {
  for (const s of filters.get('status') ?? []) {
    // Under `blind7-filter-status-1.18-takes-created` the 1.22 value list is used at every version.
    const known = STATUS_VALUES[ctx.faults.has('blind7-filter-status-1.18-takes-created') ? '1.22' : ctx.version] as string[];
    if (!known.includes(s) && !ctx.faults.has('blind6-filter-status-unknown-accepted')) throw new HttpError(400, `Unrecognised filter value for status: ${s}`);
  }
  for (const code of filters.get('exited') ?? []) {
    if (!/^-?\d+$/.test(code)) throw new HttpError(400, `invalid filter 'exited=${code}': not an integer`);
  }
}

/** The label filter values; under `blind-filter-label-value-ignored` only their keys count. */
function labelFilter(filters: Map<string, string[]>, faults: RouteContext['faults']): string[] {
  const values = filters.get('label') ?? [];
  return faults.has('blind-filter-label-value-ignored') ? values.map((v) => v.split('=')[0]!) : values;
}
