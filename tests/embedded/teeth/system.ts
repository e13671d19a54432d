import type { Teeth } from './types.ts';

/** System endpoints, versioning, errors and service-wide rules. */
export const systemTeeth: Teeth[] = [
  { fault: 'ping-json', version: '1.22', catches: ['engine/system/ping/200-ok', 'engine/system/ping/content-type-text-plain'] },
  { fault: 'info-1.22-debug-int', version: '1.22', catches: ['engine/system/info/200-response-schema', 'engine/versioning/shapes-per-version'] },
  { fault: 'version-no-ApiVersion', version: '1.18', catches: ['engine/system/version/200-response-schema', 'engine/versioning/api-version-field'] },
  { fault: 'missing-container-500', version: '1.22', catches: ['engine/errors/404-not-found'] },
  { fault: 'start-running-returns-204', version: '1.18', catches: ['engine/errors/304-already'] },
  { fault: 'name-pattern-unchecked', version: '1.22', catches: ['engine/errors/400-bad-parameter'] },
  { fault: 'hijack-no-101', version: '1.22', catches: ['engine/errors/101-hijack', 'engine/auth/upgrade-hint'] },
  { fault: 'network-delete-predefined-200', version: '1.22', catches: ['engine/errors/403-forbidden'] },
  { fault: 'archive-errors-text', version: '1.22', catches: ['engine/errors/archive-json-body'] },
];
