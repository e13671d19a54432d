/**
 * The list envelope the clients read: `{meta: {limit, next, offset, previous, total_count},
 * objects}`; `limit` (default 25, 0 = the maximum) and `offset`; `next`/`previous` are relative
 * paths starting with `/api/` that keep the other query parameters.
 */
import { badRequest } from './errors.ts';
import type { CallContext, Reply } from './types.ts';

export const DEFAULT_LIMIT = 25;
const MAX_LIMIT = 1000;

function nonNegativeInt(query: URLSearchParams, name: string, fallback: number, negativeAccepted = false): number {
  const raw = query.get(name);
  if (raw === null || raw === '') return fallback;
  if (negativeAccepted && /^-\d+$/.test(raw)) return Number(raw);
  if (!/^\d+$/.test(raw)) throw badRequest(`${name} must be a non-negative integer`);
  return Number(raw);
}

/**
 * One page of `objects` in the envelope; `toJson` renders only the page's objects (the action
 * list grows with every call of a run: rendering all of it for each page cost ~0.8 s of CPU in a
 * cloud suite run).
 */
export function listReply<T>(ctx: CallContext, objects: readonly T[], toJson: (object: T) => unknown = (object) => object): Reply {
  const { req, world } = ctx;
  const requested = nonNegativeInt(req.query, 'limit', DEFAULT_LIMIT);
  const limit = requested === 0 ? MAX_LIMIT : Math.min(requested, MAX_LIMIT);
  const offset = nonNegativeInt(req.query, 'offset', 0, world.faults.has('blind5-list-negative-offset-from-end'));
  const start = offset > 0 && world.faults.has('blind-list-offset-skips-one') ? offset + 1 : offset;
  // A negative start (only under blind5-list-negative-offset-from-end) counts from the end, as a negative slice index does.
  const page = (start < 0 ? objects.slice(start).slice(0, limit) : objects.slice(start, start + limit)).map((object) => toJson(object));
  if (world.faults.has('list-no-meta')) return { status: 200, body: { objects: page } };
  // Django REST framework's envelope, its links full URLs: a legal variation (the spec does not show the envelope).
  const results = world.faults.has('list-envelope-results');
  const link = (at: number): string => {
    const query = new URLSearchParams(req.query);
    query.set('limit', String(limit));
    query.set('offset', String(at));
    const relative = `${req.path}?${query.toString()}`;
    return world.faults.has('next-absolute-url') || results ? `http://${req.host}${relative}` : relative;
  };
  const meta = {
    limit,
    // Under `blind7-list-next-on-full-last-page` the comparison is off by one: an exactly full last page still has a next.
    next:
      offset + limit < objects.length || (offset + limit === objects.length && world.faults.has('blind7-list-next-on-full-last-page'))
        ? link(offset + limit)
        : null,
    offset,
    previous: offset > 0 ? link(Math.max(0, offset - limit)) : null,
    total_count: world.faults.has('blind4-list-total-count-page-size') ? page.length : objects.length,
  };
  if (results) return { status: 200, body: { count: meta.total_count, next: meta.next, previous: meta.previous, results: page } };
  return { status: 200, body: { meta, objects: page } };
}
