/**
 * The parametrised fault family `query-ignored:<endpoint>:<param>`: the endpoint acts as if the
 * documented query parameter had not been sent (its default applies). One member per parameter
 * that a requirement states a rule about (`engine/containers/top/query-ps-args`).
 */
import type { Fault } from '../faults.ts';
import type { FaultSet } from './faults.ts';
import { CATALOG_ENDPOINTS, CATALOG_REQUIREMENT_IDS, catalogEndpointOf } from './http/catalog-endpoint.ts';

/**
 * `query-ignored:<endpoint>:<param>`: the parameters are catalog data (read at run time), so the
 * type is a pattern and `parseEngineFaults` checks the members.
 */
export type QueryIgnoredFaultName = `query-ignored:${string}:${string}`;

export function queryIgnoredFault(endpoint: string, param: string): QueryIgnoredFaultName {
  return `query-ignored:${endpoint}:${param}`;
}

const squash = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The documented parameter a requirement `<endpoint>/query-<param>[-more]` is about, or undefined.
 * Rules about a parameter's default are not broken by ignoring it and name none.
 */
export function queryParamOfRequirement(requirementId: string): { endpoint: string; param: string } | undefined {
  const m = /^(.*)\/query-([^/]+)$/.exec(requirementId);
  if (!m || m[2]!.includes('default')) return undefined;
  const endpoint = CATALOG_ENDPOINTS.find((e) => e.id === m[1]);
  const wanted = squash(m[2]!);
  const params = (endpoint?.query ?? []).map((q) => q.name).filter((name) => wanted.startsWith(squash(name)));
  const param = params.sort((a, b) => squash(b).length - squash(a).length)[0];
  return endpoint && param ? { endpoint: endpoint.id, param } : undefined;
}

export const QUERY_IGNORED_FAULTS: ReadonlyArray<Fault<QueryIgnoredFaultName, 'query'>> = [
  ...new Map(
    CATALOG_REQUIREMENT_IDS.flatMap((id) => {
      const found = queryParamOfRequirement(id);
      return found ? [[queryIgnoredFault(found.endpoint, found.param), found] as const] : [];
    }),
  ).entries(),
].map(([name, { endpoint, param }]) => ({
  name,
  area: 'query',
  description: `${endpoint} ignores its documented query parameter '${param}' (as if it had not been sent)`,
}));

/**
 * Removes the query parameters that an active `query-ignored:` fault of the request's endpoint
 * names (`spell` gives a parameter's name as the server's profile spells it: vendorfile).
 */
export function applyQueryFaults(faults: FaultSet, method: string, url: URL, spell: (name: string) => string): void {
  const endpoint = catalogEndpointOf(method, url.pathname);
  if (!endpoint) return;
  for (const q of endpoint.query) if (faults.has(queryIgnoredFault(endpoint.id, q.name))) url.searchParams.delete(spell(q.name));
}
