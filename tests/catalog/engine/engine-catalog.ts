/**
 * The engine catalog as the harness loads it, plus the small derived views the lint tests share.
 */
import { loadEndpoints, loadRequirements } from '../../../harness/catalog/load.ts';
import type { Endpoint, Requirement, ResponseSpec } from '../../../harness/catalog/types.ts';

export const ENGINE_VERSIONS = ['1.18', '1.22'] as const;

export const endpoints: Endpoint[] = loadEndpoints('engine');
export const requirements: Requirement[] = loadRequirements('engine');
export const endpointById = new Map(endpoints.map((e) => [e.id, e]));

/** The versions in which a response code exists: its own marker, else the endpoint's. */
export function responseVersions(endpoint: Endpoint, response: ResponseSpec): string[] {
  return response.versions ?? endpoint.versions;
}

/** Requirement ids name the status they are about as their last segment's prefix: '.../404-no-such-container'. */
export function statusOf(requirement: Requirement): number | undefined {
  const match = /^(\d{3})-/.exec(requirement.id.split('/').at(-1) ?? '');
  return match ? Number(match[1]) : undefined;
}

export function isAbsentIn118(requirement: Requirement): boolean {
  return requirement.id.endsWith('/absent-in-1.18');
}

export function duplicates(values: readonly string[]): string[] {
  const seen = new Set<string>();
  return values.filter((v) => {
    if (seen.has(v)) return true;
    seen.add(v);
    return false;
  });
}
