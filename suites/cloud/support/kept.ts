/**
 * Was a value sent on create or update kept? Each field is compared by what the spec says it
 * holds: lists whose order the spec does not state are compared as sets, sub-objects by the
 * fields sent (the target may add its own, such as endpoint_uri), URIs by the resource they name.
 */
import type { CloudContext } from './context.ts';
import { sameResource, type Json } from './lists.ts';

const names = (tags: unknown): string[] => (Array.isArray(tags) ? tags.map((t) => String((t as Json)?.name ?? t)).sort() : []);
const sorted = (items: unknown): string[] => (Array.isArray(items) ? items.map((i) => JSON.stringify(i)).sort() : []);

/**
 * The value carries what was sent: objects by the keys sent, in any order, with any others the
 * target adds (the spec allows undocumented fields); lists item by item, or with `anyOrder` as
 * sets of their items (values whose list order the spec does not state: the provider options'
 * subnets and security groups); scalars as they are.
 */
function holds(got: unknown, sent: unknown, anyOrder = false): boolean {
  if (Array.isArray(sent)) {
    if (anyOrder) return Array.isArray(got) && JSON.stringify(sorted(got)) === JSON.stringify(sorted(sent));
    return Array.isArray(got) && got.length === sent.length && sent.every((v, i) => holds(got[i], v));
  }
  if (sent !== null && typeof sent === 'object') {
    return got !== null && typeof got === 'object' && !Array.isArray(got) && Object.entries(sent).every(([k, v]) => holds((got as Json)[k], v, anyOrder));
  }
  return got === sent;
}

/** Every item sent has a counterpart whose sent fields agree (URIs by resource). */
function itemsKept(sent: unknown, got: unknown): boolean {
  if (!Array.isArray(sent) || !Array.isArray(got) || sent.length !== got.length) return false;
  return (sent as Json[]).every((s) =>
    (got as Json[]).some((g) =>
      Object.entries(s).every(([k, v]) => (typeof v === 'string' && v.startsWith('/api/') ? sameResource(g?.[k], v) : holds(g?.[k], v))),
    ),
  );
}

const IMAGE = (sent: unknown, got: Json): boolean =>
  typeof got.image_name === 'string' && (got.image_name === sent || got.image_name.endsWith(`/${String(sent)}`));

const BY_FIELD: Record<string, (sent: unknown, got: Json, field: string) => boolean> = {
  image: IMAGE,
  tags: (s, g, f) => JSON.stringify(names(s)) === JSON.stringify(names(g[f])),
  roles: (s, g, f) => JSON.stringify(sorted(s)) === JSON.stringify(sorted(g[f])),
  container_envvars: (s, g, f) => itemsKept(s, g[f]),
  container_ports: (s, g, f) => itemsKept(s, g[f]),
  linked_to_service: (s, g, f) => itemsKept(s, g[f]),
  bindings: (s, g, f) => itemsKept(s, g[f]),
  node_type: (s, g, f) => sameResource(g[f], s),
  region: (s, g, f) => sameResource(g[f], s),
  provider_options: (s, g, f) => holds(g[f], s, true),
};

export function keptField(field: string, sent: unknown, got: Json): boolean {
  const compare = BY_FIELD[field];
  return compare ? compare(sent, got, field) : holds(got[field], sent);
}

/** Records a breach of `requirement` for every field of `sent` the object does not carry as sent; the check goes on. */
export function verifyKept(ctx: CloudContext, sent: Json, got: Json, what: string, requirement: string): boolean {
  let all = true;
  for (const field of Object.keys(sent)) {
    const shown = field === 'image' ? got.image_name : got[field];
    all =
      ctx.verify(keptField(field, sent[field], got), `${what}: ${field} is not the value sent`, { requirement, expected: sent[field], actual: shown }) && all;
  }
  return all;
}
