import type { Teeth } from './types.ts';

const I = 'engine/images';
const ECHO = 'engine/containers/inspect/config-echoes-create';

/**
 * The faults of the rules no other fault broke (versioning per path, echoes of create, progress
 * objects, the build body, intermediate containers, the HEAD body, NetworkingConfig).
 */
export const lastRuleTeeth: Teeth[] = [
  { fault: 'v1.22-prefix-refused', version: '1.22', catches: ['engine/versioning/path-prefix'] },
  { fault: 'info-1.18-flags-boolean', version: '1.18', catches: ['engine/versioning/shapes-per-version'] },
  { fault: 'config-image-stored-as-id', version: '1.18', catches: [`${ECHO}/1.18`] },
  { fault: 'config-image-stored-as-id', version: '1.22', catches: [`${ECHO}/1.22`] },
  { fault: 'networking-config-ignored', version: '1.22', catches: ['engine/containers/create/body-networking-config'] },
  { fault: 'archive-head-has-body', version: '1.22', catches: ['engine/containers/archive-head/no-body'] },
  { fault: 'progress-detail-text', version: '1.22', catches: [`${I}/push/200-progress-stream`, `${I}/create/query-from-src-body`] },
  { fault: 'build-x-tar-refused', version: '1.22', catches: [`${I}/build/200-json-stream`] },
  { fault: 'build-identity-context-refused', version: '1.18', catches: [`${I}/build/200-json-stream`] },
  { fault: 'build-rm-default-off', version: '1.22', catches: [`${I}/build/query-rm-default`] },
  { fault: 'build-forcerm-ignored', version: '1.18', catches: [`${I}/build/query-forcerm`] },
  // The output names no intermediate container: the checks find them by the marker their RUN step's command holds.
  { fault: 'build-output-unnamed-intermediates-kept', version: '1.18', catches: [`${I}/build/query-rm-default`, `${I}/build/query-forcerm`] },
];
