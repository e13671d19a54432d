import { inBothVersions as both, type Teeth } from './types.ts';

/**
 * The twenty-fourth batch of blind faults (reference/engine/fault-areas/blind-24.ts,
 * catalog/engine/blind-faults-24.json): each row names the check that fails under it (3 of 7
 * caught at first, 6 now). blind24-history-size-image-total breaks no stated rule (the spec gives a
 * history item's Size as I and nothing more): its verdict is in the catalog, and no check can fail on it.
 */
export const blind24Teeth: Teeth[] = [
  // Missed at first: the check's Hostname had no dot.
  ...both('blind24-hostname-split-at-dot', 'engine/containers/create/body-hostname'),
  { fault: 'blind24-dns-options-comma-joined', version: '1.22', catches: ['engine/containers/create/host-config-dns-options'] },
  ...both('blind24-stats-failcnt-omitted-zero', 'engine/containers/stats/200-stats-stream'),
  // Missed at first: only a non-zero exit's die event was read.
  { fault: 'blind24-events-die-exit-code-zero-omitted', version: '1.22', catches: ['engine/events/attributes-die-exit-code'] },
  ...both('blind24-rename-conflict-running-only', 'engine/containers/rename/409-name-already-assigned'),
  // Missed at first: only an attach with stream=1 was sent to the paused container.
  { fault: 'blind24-attach-paused-logs-only-allowed', version: '1.22', catches: ['engine/containers/attach/409-container-paused'] },
];
