import type { Teeth } from './types.ts';

/**
 * The sixth batch of blind faults (reference/engine/fault-areas/blind-6.ts,
 * catalog/engine/blind-faults-6.json): each row names the check that fails under it. The stats of
 * a container that never ran are asked at 1.18 by not-running-readings: every-state, which catches
 * the fault at 1.22, cannot ask that endpoint at 1.18 (no `stream=0`).
 */
export const blind6Teeth: Teeth[] = [
  { fault: 'blind6-logs-tail-all-empty', version: '1.22', catches: ['engine/limits/logs-tail'] },
  {
    fault: 'blind6-rename-old-name-kept',
    version: '1.22',
    catches: ['engine/containers/create/409-name-conflict/name-freed', 'engine/containers/rename/409-name-already-assigned/name-freed'],
  },
  { fault: 'blind6-create-name-slash-doubled', version: '1.22', catches: ['engine/containers/create/query-name/leading-slash'] },
  { fault: 'blind6-filter-status-unknown-accepted', version: '1.22', catches: ['engine/containers/list/400-bad-parameter'] },
  { fault: 'blind6-stats-created-409', version: '1.18', catches: ['engine/containers/stats/not-running-readings'] },
  { fault: 'blind6-exec-cmd-string-refused', version: '1.22', catches: ['engine/exec/create/body-cmd'] },
  { fault: 'blind6-image-removed-found-by-name', version: '1.22', catches: ['engine/errors/404-after-delete/image'] },
  { fault: 'blind6-volume-name-reuse-refused', version: '1.22', catches: ['engine/volumes/create/201-response-schema/name-of-removed'] },
  { fault: 'blind6-network-removed-found-by-name', version: '1.22', catches: ['engine/errors/404-after-delete/network'] },
  { fault: 'blind6-events-image-filter-from-only', version: '1.22', catches: ['engine/system/events/filter-image/image-events'] },
  { fault: 'blind6-info-count-keeps-removed', version: '1.22', catches: ['engine/system/info/200-counts/removed-not-counted'] },
  { fault: 'blind6-attach-stream-last-frame-lost', version: '1.22', catches: ['engine/containers/attach/query-stream'] },
];
