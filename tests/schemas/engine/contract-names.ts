import type { EngineVersion } from './support.ts';

/** The schema names of the shared engine data contract (.tmp/engine-data-contract.md). */
const BOTH = [
  'container-create-request',
  'container-create-response',
  'container-list',
  'container-list-item',
  'container-inspect',
  'container-config',
  'host-config',
  'container-state',
  'network-settings',
  'container-top',
  'container-changes',
  'container-wait',
  'copy-request',
  'stats',
  'image-list',
  'image-list-item',
  'image-inspect',
  'image-history',
  'image-delete-response',
  'image-search-response',
  'progress-object',
  'build-stream-object',
  'commit-request',
  'commit-response',
  'exec-create-request',
  'exec-create-response',
  'exec-start-request',
  'exec-inspect',
  'auth-request',
  'auth-config',
  'registry-config',
  'info',
  'version',
  'event',
] as const;

const ONLY_1_22 = [
  'endpoint-settings',
  'container-update-request',
  'container-update-response',
  'archive-path-stat',
  'archive-error',
  'volume',
  'volume-list',
  'volume-create-request',
  'network',
  'network-list',
  'network-create-request',
  'network-create-response',
  'network-connect-request',
  'network-disconnect-request',
] as const;

export function contractNames(version: EngineVersion): string[] {
  return version === '1.22' ? [...BOTH, ...ONLY_1_22] : [...BOTH];
}

export const ONLY_IN_1_22: readonly string[] = ONLY_1_22;
