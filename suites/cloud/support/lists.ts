import { repeated } from '../../../harness/check/repeated.ts';
import { isJsonObject } from '../../../harness/protocol/json-value.ts';
import { sameShown } from '../../../harness/protocol/same-shown.ts';
import { readPage } from '../../../harness/protocol/cloud-lists.ts';
import type { Query } from '../../../harness/protocol/query.ts';
import { type HttpResponse, isSuccess } from '../../../harness/target/http-transport.ts';
import type { CloudContext } from './context.ts';
import type { CloudViews, ViewName } from './views.generated.ts';

export type Json = Record<string, unknown>;

const MAX_PAGES = 1000;

/**
 * Every object of a list. The envelope and pagination are "not shown" in the spec, so the first
 * request sends no limit or offset: a bare list is taken whole. Only when the target shows a next
 * page (`meta.next` of the facts' envelope, a top-level `next` of another) are further pages read,
 * and a page that then fails ends the listing with an observation instead of failing the check on
 * behaviour the spec does not state.
 */
export async function listAll(ctx: CloudContext, path: string, query: Query = {}): Promise<Json[]> {
  const first = await ctx.api.get(path, query);
  ctx.expectStatus(first, 200, `GET ${path}`);
  const page1 = ctx.listPage(first, `GET ${path}`);
  const objects = [...(page1.objects as Json[])];
  let next = page1.next;
  for (let page = 1; next && page < MAX_PAGES; page++) {
    const res = await ctx.api.get(next);
    const more = res.status === 200 ? readPage(res.text()) : undefined;
    if (!more) {
      ctx.observe(`the next page the target named (${next}) answered ${res.status} without a list: the listing stops there`);
      break;
    }
    objects.push(...(more.objects as Json[]));
    next = more.next;
  }
  return objects;
}

/** Every object of a list, read as `view` (the judge checks each answer against the list's schema). */
export async function listViews<K extends ViewName>(ctx: CloudContext, _view: K, path: string, query: Query = {}): Promise<CloudViews[K][]> {
  return (await listAll(ctx, path, query)) as CloudViews[K][];
}

/** One list request (first page only) as objects. */
export async function listPage(ctx: CloudContext, path: string, query: Query = {}): Promise<Json[]> {
  const res = await ctx.api.get(path, query);
  ctx.expectStatus(res, 200, `GET ${path}`);
  return ctx.listObjects(res, `GET ${path}`);
}

/**
 * A list names each object once. Judged within one page: the pages of a list that changes
 * meanwhile may overlap.
 */
export function expectEachOnce(ctx: CloudContext, page: readonly Json[], what: string, requirement: string): void {
  const uris = page.map((o) => String(o.resource_uri));
  const twice = [...new Set(repeated(uris))];
  ctx.expect(twice.length === 0, `${what} names ${twice.length} object(s) more than once`, {
    expected: 'each object once',
    actual: twice.slice(0, 5),
    requirement,
  });
}

/**
 * A list holds every one of `mine` (objects of the check, several so that a list cut to one
 * object cannot pass), each a valid `view` showing each of `same` as its GET does (a list of X
 * objects shows the objects as they are), and names each object of a page once.
 */
export async function expectListed<K extends ViewName>(
  ctx: CloudContext,
  view: K,
  path: string,
  mine: ReadonlyArray<{ uuid?: unknown; resource_uri?: unknown }>,
  what: string,
  requirement: string,
  same: readonly string[] = [],
): Promise<void> {
  const listed = await listAll(ctx, path);
  for (const own of mine) {
    const found = listed.find((o) => o.uuid === own.uuid);
    ctx.expect(found !== undefined, `${what} ${String(own.uuid)} is not listed`, { expected: mine.map((m) => m.uuid), requirement });
    ctx.expectView(view, found, `the listed ${String(view)}`, requirement);
    if (same.length && found) expectShownAsGot(ctx, found, await ctx.getJson(view, String(own.resource_uri)), same, `GET ${path}`, requirement);
  }
  expectEachOnce(ctx, await listPage(ctx, path), `GET ${path}`, requirement);
}

/**
 * `listed` (an object of a list) shows each of `fields` (a field, or a dotted path into sub-objects) as `got` (its own GET) does. What the spec
 * leaves open changes nothing: fields only one side carries (undocumented ones; a documented one
 * left out is the schema's to report) and the order of lists whose order it does not state.
 */
export function expectShownAsGot(ctx: CloudContext, listed: Json, got: Json, fields: readonly string[], what: string, requirement: string): void {
  const pick = (o: Json): Json => Object.fromEntries(fields.map((f) => [f, valueAt(o, f)]));
  ctx.expect(sameShown(pick(listed), pick(got)), `${what} shows ${String(got.resource_uri)} otherwise than its GET`, {
    expected: pick(got),
    actual: pick(listed),
    requirement,
  });
}

/** The value at a field, or at a dotted path into sub-objects (`provider_options.vpc.id`): a field left out reads undefined. */
function valueAt(o: Json, path: string): unknown {
  return path.split('.').reduce<unknown>((v, key) => (isJsonObject(v) ? v[key] : undefined), o);
}

/** Each of `own` is in `listed` (a list read once) and shown there with the same `fields` as its GET (`view`). */
export async function expectEachListedAsGot(
  ctx: CloudContext,
  listed: readonly Json[],
  own: ReadonlyArray<{ uuid?: unknown; resource_uri: string }>,
  view: ViewName,
  fields: readonly string[],
  what: string,
  requirement: string,
): Promise<void> {
  for (const object of own) {
    const found = listed.find((o) => o.uuid === object.uuid);
    ctx.expect(found !== undefined, `the ${view} ${String(object.uuid)} is not listed`, { requirement });
    if (found) expectShownAsGot(ctx, found, (await ctx.getJson(view, object.resource_uri)) as Json, fields, what, requirement);
  }
}

/** The list at `path` (filtered by uuid) shows the object `got` (its GET) with the same `fields`. */
export async function expectListedAsGot(ctx: CloudContext, path: string, got: Json, fields: readonly string[], requirement: string): Promise<void> {
  const listed = (await listAll(ctx, path, { uuid: String(got.uuid) })).find((o) => o.uuid === got.uuid);
  ctx.expect(listed !== undefined, `GET ${path} does not list ${String(got.resource_uri)}`, { requirement });
  if (listed) expectShownAsGot(ctx, listed, got, fields, `GET ${path}`, requirement);
}

/** The resource_uri of an object read as Json (a view has it typed: read `view.resource_uri`). */
export const uriOf = (o: Json): string => String(o.resource_uri);
export const uuids = (items: readonly Json[]): string[] => items.map((o) => String(o.uuid ?? o.resource_uri));

/** The path part of a URI (the API may return absolute URLs or relative ones). */
export function pathOf(uri: string): string {
  return uri.replace(/^[a-z]+:\/\/[^/]+/i, '');
}

/**
 * Two URIs name the same resource: the same path, ignoring an optional namespace segment and
 * the trailing slash.
 */
export function sameResource(a: unknown, b: unknown): boolean {
  if (typeof a !== 'string' || typeof b !== 'string') return false;
  const norm = (u: string): string => pathOf(u).replace(/\/+$/, '');
  if (norm(a) === norm(b)) return true;
  const strip = (u: string): string =>
    norm(u).replace(/^(\/api\/[a-z]+\/v1\/)[^/]+\/(?=(nodecluster|node|registry|repository|stack|service|container)\/)/, '$1');
  return strip(a) === strip(b);
}

/**
 * The object an operation answered with (the facts: the object in its new state; the spec does
 * not show the body) when it names `uri`; a refusal or an answer without that object is observed
 * and gives undefined.
 */
export function answeredObject(ctx: CloudContext, res: HttpResponse, uri: string, what: string): Json | undefined {
  // A refusal carries no object: whether the operation may be refused is the caller's rule to judge.
  if (!isSuccess(res.status)) {
    ctx.cannotVerify(`${what} answered ${res.status}: no object to compare with its GET`);
    return undefined;
  }
  let body: unknown;
  try {
    body = JSON.parse(res.text());
  } catch {
    body = undefined;
  }
  if (isJsonObject(body) && sameResource(body.resource_uri, uri)) return body;
  ctx.cannotVerify(`${what} answered ${res.status} without the object it applies to (the spec does not show the body)`);
  return undefined;
}

/**
 * The object an operation answered with is the object its resource_uri names (a GET of it returns
 * that object), so it carries that object's uuid and shows each of `fields` (ones the operation
 * does not change) as the GET of that URI does.
 */
export async function expectAnswerAsGot(
  ctx: CloudContext,
  res: HttpResponse,
  view: ViewName,
  uri: string,
  fields: readonly string[],
  what: string,
  requirement: string,
): Promise<void> {
  const body = answeredObject(ctx, res, uri, what);
  if (body) expectShownAsGot(ctx, body, (await ctx.getJson(view, uri)) as Json, ['uuid', ...fields], what, requirement);
}
