/**
 * The catalog endpoint a request is for, found from the shared catalog data: how the parametrised
 * fault families (answer:, query-ignored:) know which documented rule a request falls under.
 */
import { loadEndpoints, loadRequirements } from '../../../harness/catalog/load.ts';
import type { Endpoint } from '../../../harness/catalog/types.ts';
import { EndpointMatcher } from '../../../harness/judge/endpoint-matcher.ts';

export const CATALOG_ENDPOINTS: readonly Endpoint[] = loadEndpoints('engine');
export const CATALOG_REQUIREMENT_IDS: readonly string[] = loadRequirements('engine').map((r) => r.id);

const MATCHER = new EndpointMatcher([...CATALOG_ENDPOINTS], (path) => path.replace(/^\/v1\.(18|22)(?=\/)/, ''));

export function catalogEndpointOf(method: string, pathname: string): Endpoint | undefined {
  return MATCHER.match(method, pathname);
}

/**
 * The status of a bad parameter at a request's endpoint: 400 (bad parameter) where the endpoint
 * lists it, else 500, the one error code every list has (spec: Endpoints, "Every operation may
 * return 500 (server error) as listed").
 */
export function badParameterStatus(method: string, pathname: string): 400 | 500 {
  const endpoint = catalogEndpointOf(method, pathname);
  return !endpoint || endpoint.responses.some((r) => r.status === 400) ? 400 : 500;
}
