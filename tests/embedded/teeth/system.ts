import type { Teeth } from './types.ts';

/** System endpoints, versioning, errors and service-wide rules. */
export const systemTeeth: Teeth[] = [
  { fault: 'ping-json', version: '1.22', catches: ['engine/system/ping/200-ok', 'engine/system/ping/content-type-text-plain'] },
  { fault: 'info-1.22-debug-int', version: '1.22', catches: ['engine/system/info/200-response-schema', 'engine/versioning/shapes-per-version'] },
  { fault: 'version-no-ApiVersion', version: '1.18', catches: ['engine/system/version/200-response-schema', 'engine/versioning/api-version-field'] },
  { fault: 'version-api-version-release', version: '1.22', catches: ['engine/versioning/api-version-field'] },
  { fault: 'info-system-time-go-string', version: '1.18', catches: ['engine/resources/timestamps/system-time'] },
  { fault: 'missing-container-500', version: '1.22', catches: ['engine/errors/404-not-found'] },
  { fault: 'start-running-returns-204', version: '1.18', catches: ['engine/containers/start/304-already-started'] },
  { fault: 'name-pattern-unchecked', version: '1.22', catches: ['engine/errors/400-bad-parameter'] },
  { fault: 'hijack-no-101', version: '1.22', catches: ['engine/auth/upgrade-hint'] },
  { fault: 'create-name-conflict-201', version: '1.18', catches: ['engine/containers/create/409-name-conflict'] },
  { fault: 'create-returns-200', version: '1.22', catches: ['engine/errors/success-codes'] },
  { fault: 'missing-container-418', version: '1.22', catches: ['engine/errors/listed-codes-only', 'engine/errors/404-not-found'] },
  // service-wide rules
  { fault: 'json-labelled-text-plain', version: '1.22', catches: ['engine/service/json-bodies'] },
  { fault: 'json-stream-sse', version: '1.22', catches: ['engine/service/json-object-streams', 'engine/system/events/200-event-stream'] },
  { fault: 'container-name-unresolved', version: '1.18', catches: ['engine/service/container-id-or-name'] },
  { fault: 'exec-create-returns-other-id', version: '1.22', catches: ['engine/service/exec-id'] },
  { fault: 'create-missing-image-500', version: '1.22', catches: ['engine/service/typical-run-flow'] },
  { fault: 'inspect-created-no-fraction', version: '1.22', catches: ['engine/resources/timestamps'] },
  { fault: 'list-item-created-iso', version: '1.18', catches: ['engine/resources/timestamps'] },
  { fault: 'v1.18-prefix-refused', version: '1.18', catches: ['engine/versioning/path-prefix'] },
  // auth
  { fault: 'auth-login-refused', version: '1.22', catches: ['engine/system/auth/200-credentials-accepted'] },
  { fault: 'auth-any-password', version: '1.18', catches: ['engine/system/auth/checks-credentials', 'engine/system/auth/body-serveraddress'] },
  { fault: 'auth-serveraddress-ignored', version: '1.22', catches: ['engine/system/auth/body-serveraddress'] },
  { fault: 'push-registry-auth-refused', version: '1.22', catches: ['engine/auth/x-registry-auth', 'engine/auth/x-registry-auth-registrytoken'] },
  { fault: 'build-registry-config-rejected', version: '1.18', catches: ['engine/auth/x-registry-config', 'engine/auth/x-registry-config-host-key'] },
  { fault: 'cors-allow-all', version: '1.22', catches: ['engine/auth/cors-default-disabled'] },
];
