import { inBothVersions as both, type Teeth } from './types.ts';

/**
 * The fourteenth batch of blind faults (reference/engine/fault-areas/blind-14.ts,
 * catalog/engine/blind-faults-14.json): each row names the check that fails under it. A fault of
 * both versions has a row per version where each suite's check catches it.
 */
export const blind14Teeth: Teeth[] = [
  { fault: 'blind14-version-experimental-omitted-false', version: '1.22', catches: ['engine/system/version/200-response-schema'] },
  ...both('blind14-version-api-version-v-prefix', 'engine/versioning/api-version-field'),
  ...both('blind14-create-registry-port-ref-404', 'engine/service/typical-run-flow'),
  ...both('blind14-restart-t-zero-default', 'engine/containers/restart/query-t'),
  ...both('blind14-bool-False-is-true', 'engine/query/boolean-false-spellings'),
  // The state table's 409 names attach, not one of its two endpoints: the WebSocket attach is refused too (Docker 20.10 answers 409).
  { fault: 'blind14-attach-ws-paused-allowed', version: '1.22', catches: ['engine/states/paused-attach-exec-409/attach-ws'] },
  ...both('blind14-logs-follow-running-no-backlog', 'engine/containers/logs/query-follow'),
];
