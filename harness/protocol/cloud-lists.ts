/**
 * How the cloud API's lists read. Their envelope is "not shown" in the spec, so a list is taken as:
 * a bare array; the facts' {meta, objects} envelope (further pages named by `meta.next`); or any
 * other object with exactly one property holding an array of objects (further pages named by a
 * top-level `next`, as in {count, next, results}). Also paths in an organization's namespace.
 * Shared by the cloud checks, the exchange judge and the sweep at the end of a run.
 */

/** One page of a list, as sent (its items read on with care). */
export interface ListPage {
  objects: unknown[];
  /** The next page's path (see nextPage); undefined on the last page or a bare list. */
  next: string | undefined;
}

/** An object sent for a list whose list cannot be told apart: why (arrays, but none or several of objects). */
export interface UnidentifiedList {
  unidentified: string;
}

/**
 * A parsed list body: its page, an UnidentifiedList for an object whose list cannot be told (arrays,
 * but not exactly one of objects), or undefined when the value holds no list at all: neither an
 * array nor an object with an array (an envelope may be anything, but a list answer carries a list).
 */
export function readList(value: unknown): ListPage | UnidentifiedList | undefined {
  if (Array.isArray(value)) return { objects: value, next: undefined };
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  if (Array.isArray(record.objects)) return { objects: record.objects, next: relativeNext((record.meta as { next?: unknown } | null)?.next) };
  const arrays = Object.keys(record).filter((key) => Array.isArray(record[key]));
  if (!arrays.length) return undefined;
  const lists = arrays.filter((key) => isArrayOfObjects(record[key]));
  if (lists.length !== 1) {
    return {
      unidentified: lists.length
        ? `the list answer holds several arrays of objects (${lists.join(', ')}): which is the list cannot be told`
        : `the list answer holds arrays (${arrays.join(', ')}) but none of objects: its list cannot be told`,
    };
  }
  return { objects: record[lists[0]!] as unknown[], next: relativeNext(record.next) };
}

/** A list body parsed once: its items and its next page, or undefined when it is not JSON or its list cannot be found. */
export function readPage(body: string): ListPage | undefined {
  const read = readList(parse(body));
  return read && 'objects' in read ? read : undefined;
}

function isArrayOfObjects(value: unknown): boolean {
  return Array.isArray(value) && value.every((item) => typeof item === 'object' && item !== null && !Array.isArray(item));
}

function parse(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The next page's path an enveloped list names, when it is under /api/ (a full URL is read as its
 * path); a `limit` it carries (the target's own parameter, shown in its link) is raised to read fewer pages.
 */
function relativeNext(next: unknown): string | undefined {
  if (typeof next !== 'string') return undefined;
  const relative = next.replace(/^[a-z]+:\/\/[^/]+/i, '');
  if (!relative.startsWith('/api/')) return undefined;
  return relative.replace(/([?&]limit=)(\d+)/, (_, key: string, n: string) => `${key}${Math.max(Number(n), 100)}`);
}

/** /api/app/v1/service/ → /api/app/v1/<namespace>/service/ */
export function inNamespace(path: string, namespace: string): string {
  return path.replace(/^(\/api\/[a-z]+\/v1\/)/, `$1${namespace}/`);
}
