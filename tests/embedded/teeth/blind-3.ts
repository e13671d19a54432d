import type { Teeth } from './types.ts';

/**
 * The third batch of blind faults (reference/engine/fault-areas/blind-3.ts,
 * catalog/engine/blind-faults-3.json) that the suites' checks did not catch, or caught only by a
 * check naming another requirement: each row lists the checks, naming the fault's requirement,
 * that now fail under it.
 */
export const blind3Teeth: Teeth[] = [
  { fault: 'blind3-stop-paused-304', version: '1.18', catches: ['engine/containers/stop/204-stopped/paused'] },
  { fault: 'blind3-logs-tail-per-stream', version: '1.18', catches: ['engine/containers/logs/query-tail'] },
  { fault: 'blind3-update-swap-unchecked', version: '1.22', catches: ['engine/limits/memory-swap/update'] },
  { fault: 'blind3-events-filters-any-key', version: '1.22', catches: ['engine/system/events/filter-type/with-event'] },
  { fault: 'blind3-filter-status-exited-created', version: '1.22', catches: ['engine/states/status-values-1.22'] },
  {
    fault: 'blind3-volume-held-by-removed-container',
    version: '1.22',
    catches: ['engine/volumes/delete/204-removed/container-removed', 'engine/volumes/list/filter-dangling'],
  },
];
