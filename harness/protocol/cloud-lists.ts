/**
 * How the cloud API's lists read: a bare array (the spec's words) or the {meta, objects} envelope
 * (facts), further pages named by `meta.next`, and paths in an organization's namespace. Shared by
 * the cloud checks and the sweep at the end of a run.
 */

/** The items of a list body (as sent: read on with care), or undefined when it is neither a list nor an enveloped list. */
export function pageObjects(body: string): unknown[] | undefined {
  try {
    const parsed = JSON.parse(body) as unknown;
    const objects = Array.isArray(parsed) ? parsed : (parsed as { objects?: unknown } | null)?.objects;
    return Array.isArray(objects) ? objects : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The meta.next path of an enveloped list, when it names one under /api/; a `limit` it carries
 * (the target's own parameter, shown in its link) is raised to read fewer pages.
 */
export function nextPage(body: string): string | undefined {
  try {
    const next = (JSON.parse(body) as { meta?: { next?: unknown } } | null)?.meta?.next;
    if (typeof next !== 'string') return undefined;
    const relative = next.replace(/^[a-z]+:\/\/[^/]+/i, '');
    if (!relative.startsWith('/api/')) return undefined;
    return relative.replace(/([?&]limit=)(\d+)/, (_, key: string, n: string) => `${key}${Math.max(Number(n), 100)}`);
  } catch {
    return undefined;
  }
}

/** /api/app/v1/service/ → /api/app/v1/<namespace>/service/ */
export function inNamespace(path: string, namespace: string): string {
  return path.replace(/^(\/api\/[a-z]+\/v1\/)/, `$1${namespace}/`);
}
