import type { Endpoint } from '../catalog/types.ts';
import { escapeRegExp } from '../escape-regexp.ts';

/**
 * Finds the catalog endpoint a request was made to, from its method and its path as sent. Literal
 * templates win over templated ones (`/images/json` before `/images/{name}/json`); a placeholder
 * may span slashes, since image names and repository names hold them.
 */
export class EndpointMatcher {
  private readonly routes: Array<{ endpoint: Endpoint; pattern: RegExp }>;

  constructor(
    endpoints: Endpoint[],
    /** The path as the catalog writes it (version prefix removed), or undefined when it is not the suite's. */
    private readonly catalogPath: (path: string) => string | undefined,
  ) {
    this.routes = endpoints
      .map((endpoint) => ({ endpoint, pattern: templatePattern(endpoint) }))
      .sort((a, b) => specificity(b.endpoint.path) - specificity(a.endpoint.path));
  }

  match(method: string, sentPath: string): Endpoint | undefined {
    const path = this.catalogPath(sentPath.split('?')[0]!);
    if (path === undefined) return undefined;
    return this.routes.find((r) => r.endpoint.method === method.toUpperCase() && r.pattern.test(path))?.endpoint;
  }
}

/** Literal characters count: the more of the path is fixed, the more specific the template. */
function specificity(template: string): number {
  return template.replace(/\{[^}]+\}/g, '').length - 1000 * (template.match(/\{/g)?.length ?? 0);
}

function templatePattern(endpoint: Endpoint): RegExp {
  const escaped = endpoint.path
    .replace(/\/$/, '')
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '[^?#]+?' : escapeRegExp(part)))
    .join('');
  // Cloud: the optional namespace segment after /api/<subsystem>/v1/; a trailing slash either way.
  const namespaced = endpoint.namespaced ? escaped.replace(/^(\/api\/[a-z]+\/v1\/)/, '$1(?:[^/]+/)?') : escaped;
  return new RegExp(`^${namespaced}/?$`);
}

/** Engine paths carry the version prefix of the suite: /v1.22/containers/json → /containers/json. */
export function engineCatalogPath(version: string): (path: string) => string | undefined {
  const prefix = `/v${version}/`;
  return (path) => (path.startsWith(prefix) ? path.slice(prefix.length - 1) : undefined);
}

/** Cloud paths are the catalog's paths as they are. */
export const cloudCatalogPath = (path: string): string | undefined => (path.startsWith('/api/') ? path : undefined);
