import type { Query } from '../../../harness/protocol/query.ts';
import type { CloudContext } from './context.ts';

export type Json = Record<string, unknown>;

const PAGE_LIMIT = 100;
const MAX_PAGES = 100;

/**
 * Every object of a list, following the facts' relative `meta.next` when the target pages (the
 * envelope itself is "not shown" in the spec: a bare list is taken whole).
 */
export async function listAll(ctx: CloudContext, path: string, query: Query = {}): Promise<Json[]> {
  const objects: Json[] = [];
  let res = await ctx.api.get(path, { limit: PAGE_LIMIT, ...query });
  for (let page = 0; page < MAX_PAGES; page++) {
    ctx.expectStatus(res, 200, `GET ${path}`);
    objects.push(...ctx.listObjects(res, `GET ${path}`));
    const next = nextPage(res.text());
    if (!next) break;
    res = await ctx.api.get(next);
  }
  return objects;
}

/** The meta.next path of an enveloped list, when it names one under /api/. */
function nextPage(body: string): string | undefined {
  try {
    const next = (JSON.parse(body) as { meta?: { next?: unknown } }).meta?.next;
    if (typeof next !== 'string') return undefined;
    const relative = next.replace(/^[a-z]+:\/\/[^/]+/i, '');
    return relative.startsWith('/api/') ? relative : undefined;
  } catch {
    return undefined;
  }
}

/** One list request (first page only) as objects. */
export async function listPage(ctx: CloudContext, path: string, query: Query = {}): Promise<Json[]> {
  const res = await ctx.api.get(path, query);
  ctx.expectStatus(res, 200, `GET ${path}`);
  return ctx.listObjects(res, `GET ${path}`);
}

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
  const strip = (u: string): string => norm(u).replace(/^(\/api\/[a-z]+\/v1\/)[^/]+\/(?=(nodecluster|node|registry|repository|stack|service|container)\/)/, '$1');
  return strip(a) === strip(b);
}
