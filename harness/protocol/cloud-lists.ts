/**
 * How the cloud API's lists read: a bare array (the spec's words) or the {meta, objects} envelope
 * (facts), further pages named by `meta.next`, and paths in an organization's namespace. Shared by
 * the cloud checks and the sweep at the end of a run.
 */

/** One page of a list, as sent (its items read on with care). */
export interface ListPage {
  objects: unknown[];
  /** The next page's path (see nextPage); undefined on the last page or a bare list. */
  next: string | undefined;
}

/** A list body parsed once: its items and its next page, or undefined when it is neither a list nor an enveloped list. */
export function readPage(body: string): ListPage | undefined {
  const parsed = parse(body);
  const objects = Array.isArray(parsed) ? parsed : (parsed as { objects?: unknown } | null)?.objects;
  return Array.isArray(objects) ? { objects, next: nextOf(parsed) } : undefined;
}

/**
 * The meta.next path of an enveloped list, when it names one under /api/; a `limit` it carries
 * (the target's own parameter, shown in its link) is raised to read fewer pages.
 */
export function nextPage(body: string): string | undefined {
  return nextOf(parse(body));
}

function parse(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

function nextOf(parsed: unknown): string | undefined {
  const next = (parsed as { meta?: { next?: unknown } } | null | undefined)?.meta?.next;
  if (typeof next !== 'string') return undefined;
  const relative = next.replace(/^[a-z]+:\/\/[^/]+/i, '');
  if (!relative.startsWith('/api/')) return undefined;
  return relative.replace(/([?&]limit=)(\d+)/, (_, key: string, n: string) => `${key}${Math.max(Number(n), 100)}`);
}

/** /api/app/v1/service/ → /api/app/v1/<namespace>/service/ */
export function inNamespace(path: string, namespace: string): string {
  return path.replace(/^(\/api\/[a-z]+\/v1\/)/, `$1${namespace}/`);
}
