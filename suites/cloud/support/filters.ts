import type { Query } from '../../../harness/protocol/query.ts';
import type { CloudCheck } from './check.ts';
import { cloudCheck } from './check.ts';
import type { CloudContext } from './context.ts';
import { expectEachOnce, listAll, listPage, sameResource, type Json } from './lists.ts';

/** Does an object's field match a filter value: equal, the same URI, or (lists) one element is. */
export function fieldMatches(actual: unknown, wanted: string): boolean {
  if (Array.isArray(actual)) return actual.some((a) => fieldMatches(a, wanted));
  if (typeof actual === 'boolean') return String(actual) === wanted.toLowerCase();
  if (typeof actual === 'number') return Number(wanted) === actual;
  if (typeof actual !== 'string') return false;
  return actual === wanted || (wanted.startsWith('/api/') && sameResource(actual, wanted));
}

/** The states the spec's tables mark as passing through (no operation allowed while the work runs). */
const PASSING_STATES = ['Deploying', 'Scaling', 'Terminating', 'Upgrading', 'Starting', 'Stopping', 'Redeploying', 'Pending', 'In progress', 'Canceling'];

/**
 * An object whose state cannot change unless someone acts on it: completeness of a state filter
 * is held against these (all settled states, not only Terminated, so that an empty answer to a
 * state filter fails).
 */
export const settledState = (o: Json): boolean => typeof o.state === 'string' && !PASSING_STATES.includes(o.state);

/** Objects whose filtered fields cannot change while a check runs: under a state filter the settled ones (others may be moving). */
export const stableFor =
  (params: readonly string[]) =>
  (o: Json): boolean =>
    !params.includes('state') || settledState(o);

export interface FilterOutcome {
  /** Objects returned that do not match the filter. */
  extra: Json[];
  /** Objects of the full list that match and are missing from the answer. */
  missing: Json[];
}

/**
 * Compares a filtered list with the filter applied to the full list. `stable` says which
 * objects of the full list cannot have changed meanwhile (others are not held against
 * completeness); `matches` is the filter as the spec states it.
 */
export function compareFiltered(
  full: readonly Json[],
  filtered: readonly Json[],
  matches: (o: Json) => boolean,
  stable: (o: Json) => boolean = () => true,
): FilterOutcome {
  const key = (o: Json): string => String(o.resource_uri);
  const returned = new Set(filtered.map(key));
  return {
    extra: filtered.filter((o) => !matches(o)),
    missing: full.filter((o) => stable(o) && matches(o) && !returned.has(key(o))),
  };
}

export function expectFilterAgrees(ctx: CloudContext, outcome: FilterOutcome, what: string, requirement: string): void {
  const names = (items: Json[]): string[] => items.slice(0, 5).map((o) => String(o.resource_uri));
  ctx.expect(outcome.extra.length === 0, `${what} returned ${outcome.extra.length} object(s) that do not match`, {
    expected: 'only matching objects',
    actual: names(outcome.extra),
    requirement,
  });
  ctx.expect(outcome.missing.length === 0, `${what} left out ${outcome.missing.length} matching object(s)`, {
    expected: 'every matching object',
    actual: names(outcome.missing),
    requirement,
  });
}

/**
 * A filter can only be judged on data it must split: some objects it must keep and some it must
 * leave out. Without both the check has verified nothing, so it cannot pass.
 */
export function expectDiscriminates(ctx: CloudContext, full: readonly Json[], matches: (o: Json) => boolean, filter: string): void {
  const kept = full.filter(matches).length;
  if (kept === 0 || kept === full.length) {
    ctx.notApplicable(`${kept === 0 ? 'no' : 'every'} object of the list matches ${filter}: the data cannot show whether the filter is applied`);
  }
}

export interface FilterSpec {
  /** The requirement id (also the check id). */
  id: string;
  endpoint: string;
  path: string;
  param: string;
  /** The field the parameter matches (defaults to the parameter). */
  field?: string;
  /** Makes sure the list holds something to filter (e.g. creates a resource); returns nothing. */
  setup?: (ctx: CloudContext) => Promise<void>;
  /**
   * Instead of setup: makes objects of the check and returns their values of the field, the first
   * to filter by. An object of another check, picked from the list, may be removed by that check
   * while this one reads, and a filter that leaves it out then proves nothing.
   */
  ownValues?: (ctx: CloudContext) => Promise<string[]>;
  /** Objects that cannot change during the check (defaults to all). */
  stable?: (o: Json) => boolean;
  /**
   * Judge every value the stable objects hold, not only the rarest: a state filter's documented
   * values are spelled differently (two words, a space to carry), and a target may read some right.
   */
  everyValue?: boolean;
}

/**
 * The list filtered by `param=value` holds exactly the objects of `full` whose field matches, each
 * once. `split` asks that the value keep some objects and leave out others (a value taken from
 * the list); a value made up to probe the filter may match none.
 */
async function judgeFilter(ctx: CloudContext, spec: FilterSpec, full: Json[], field: string, param: string, value: string, split = true): Promise<void> {
  const query: Query = { [param]: value };
  const filtered = await listAll(ctx, spec.path, query);
  const matches = (o: Json): boolean => fieldMatches(o[field], value);
  if (split) expectDiscriminates(ctx, full, matches, `${param}=${value}`);
  const outcome = compareFiltered(full, filtered, matches, spec.stable);
  outcome.missing = await confirmMissing(ctx, spec.path, query, outcome.missing, matches);
  expectFilterAgrees(ctx, outcome, `GET ${spec.path}?${param}=${value}`, spec.id);
  expectEachOnce(ctx, await listPage(ctx, spec.path, query), `GET ${spec.path}?${param}=${value}`, spec.id);
}

/** A name no object has (the run's id in it) filters the list down to an empty list, still a list. */
async function expectNoneNamed(ctx: CloudContext, spec: FilterSpec, param: string): Promise<void> {
  const unknown = ctx.uniqueName('no-such');
  const none = await listAll(ctx, spec.path, { [param]: unknown });
  ctx.expect(none.length === 0, `GET ${spec.path}?${param}=${unknown} (a name no object has) returned ${none.length} object(s)`, {
    expected: 'an empty list',
    actual: none.slice(0, 3).map((o) => o.resource_uri),
    requirement: spec.id,
  });
}

/**
 * A name filter matches the field of the same name, the whole name: a strict beginning of a listed
 * name (up to its last '-', as a container's name is its service's name and a number, else one
 * character shorter) keeps only objects of exactly that name, not every name that starts with it.
 */
async function expectWholeName(ctx: CloudContext, spec: FilterSpec, full: Json[], field: string, param: string, name: string): Promise<void> {
  const dash = name.lastIndexOf('-');
  const start = dash > 0 ? name.slice(0, dash) : name.slice(0, -1);
  if (start !== '') await judgeFilter(ctx, spec, full, field, param, start, false);
}

/**
 * A URI filter given a well-formed URI no object has (the value's last segment replaced by a name
 * of the run) keeps nothing: a target that drops a filter whose URI resolves to nothing answers the
 * whole list. A client error for the unknown URI is a refusal, not a list: observed only.
 */
async function expectNoneAtUnknownUri(ctx: CloudContext, spec: FilterSpec, param: string, uri: string): Promise<void> {
  const unknown = uri.replace(/[^/]+(\/?)$/, `${ctx.uniqueName('no-such')}$1`);
  const res = await ctx.api.get(spec.path, { [param]: unknown });
  if (res.status >= 400 && res.status < 500) return ctx.observe(`GET ${spec.path}?${param}=${unknown} (a URI no object has) answered ${res.status}`);
  ctx.expectStatus(res, 200, `GET ${spec.path}?${param}=${unknown} (a URI no object has)`, spec.id);
  const kept = ctx.listObjects(res, `GET ${spec.path}?${param}=${unknown}`);
  ctx.expect(kept.length === 0, `GET ${spec.path}?${param}=${unknown} (a URI no object has) returned ${kept.length} object(s)`, {
    expected: 'an empty list',
    actual: kept.slice(0, 3).map((o) => o.resource_uri),
    requirement: spec.id,
  });
}

/** A filter check: the value is taken from the list itself; the answer must be the matching objects. */
export function filterCheck(spec: FilterSpec, title: string): CloudCheck {
  return cloudCheck({
    id: spec.id,
    title,
    endpoint: spec.endpoint,
    async run(ctx) {
      await spec.setup?.(ctx);
      const own = (await spec.ownValues?.(ctx)) ?? [];
      const field = ctx.spell(spec.field ?? spec.param);
      const param = ctx.spell(spec.param);
      const full = await listAll(ctx, spec.path);
      // The value is taken among the objects completeness is held against, so that some must come back.
      const stable = spec.stable ? full.filter(spec.stable) : full;
      const value = own[0] ?? pickValue(stable, field);
      if (value === undefined) return ctx.skip(`no object of ${spec.path} has a ${field} to filter by`);
      // A boolean is filtered by both values: a target may read one spelling right and the other wrong.
      const boolean = full.some((o) => typeof o[field] === 'boolean');
      const values = boolean
        ? [value, String(value !== 'true')]
        : listValued(full, field)
          ? memberValues(full, field)
          : spec.everyValue
            ? everyValue(ctx, stable, field)
            : [value];
      for (const v of values) await judgeFilter(ctx, spec, full, field, param, v);
      if (value.startsWith('/api/')) await expectNoneAtUnknownUri(ctx, spec, param, value);
      if (spec.param === 'name') {
        await expectWholeName(ctx, spec, full, field, param, value);
        await expectNoneNamed(ctx, spec, param);
      }
    },
  });
}

/**
 * Of objects missing from a filtered answer, those the filter left out while they matched. Each is
 * asked for three times, a moment apart: the filtered list, then the full list. An object stays
 * missing only while the filtered list leaves it out and the full list read after it still shows it
 * matching: an object another check moves (a node's reachability, a service terminated by a
 * cleanup) may leave the state between any two lists, and a filter that leaves it out is wrong
 * each time.
 */
export async function confirmMissing(ctx: CloudContext, path: string, query: Query, missing: Json[], matches: (o: Json) => boolean): Promise<Json[]> {
  let left = missing;
  for (let attempt = 0; attempt < 3 && left.length; attempt++) {
    if (attempt) await new Promise((resolve) => setTimeout(resolve, 200));
    const again = new Set((await listAll(ctx, path, query)).map((o) => o.resource_uri));
    const now = new Map((await listAll(ctx, path)).map((o) => [o.resource_uri, o]));
    left = left.filter((o) => {
      const fresh = now.get(o.resource_uri);
      return !again.has(o.resource_uri) && fresh !== undefined && matches(fresh);
    });
  }
  return left;
}

/** Whether `field` holds a list (a node type's regions): the filter is membership, not equality. */
const listValued = (objects: readonly Json[], field: string): boolean => objects.some((o) => Array.isArray(o[field]));

/** At most this many values of a list-valued field are filtered by, the rarest first. */
const MAX_MEMBER_VALUES = 12;

/**
 * Each value of a list-valued field, up to MAX_MEMBER_VALUES: a target that reads membership
 * through some wider relation (every region of the node type's provider) is right for the
 * values where the two agree, so one value shows it only by chance.
 */
function memberValues(objects: readonly Json[], field: string): string[] {
  const counts = new Map<string, number>();
  for (const o of objects)
    for (const v of Array.isArray(o[field]) ? (o[field] as unknown[]) : []) if (v !== null && v !== '') counts.set(String(v), (counts.get(String(v)) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => a[1] - b[1])
    .slice(0, MAX_MEMBER_VALUES)
    .map(([v]) => v);
}

/** Each value of `field` the objects hold (observed: which values were there to filter by). */
function everyValue(ctx: CloudContext, objects: readonly Json[], field: string): string[] {
  const values = [...new Set(objects.map((o) => o[field]).filter((v): v is string => typeof v === 'string' && v !== ''))].sort();
  ctx.observe(`filtered by each ${field} held: ${values.join(', ')}`);
  return values;
}

/** A value of the field that some but, preferably, not all objects have. */
function pickValue(objects: readonly Json[], field: string): string | undefined {
  const values = objects
    .flatMap((o) => (Array.isArray(o[field]) ? (o[field] as unknown[]) : [o[field]]))
    .filter((v) => v !== null && v !== undefined && v !== '')
    .map(String);
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  const partial = [...counts.entries()].filter(([, n]) => n < objects.length).sort((a, b) => a[1] - b[1]);
  return partial[0]?.[0] ?? values[0];
}
