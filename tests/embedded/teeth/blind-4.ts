import type { Teeth } from './types.ts';

/**
 * The fourth batch of blind faults (reference/engine/fault-areas/blind-4.ts,
 * catalog/engine/blind-faults-4.json): each row names the check that fails under it, naming the
 * fault's requirement (a 1.18 exec refusal the 1.18 list lacks: the listed-codes rule). The die
 * event missing after a signal death is not here: which operation emits which event is not shown,
 * and engine/events/operation-mapping only observes it (teeth-coverage.test.ts lists it).
 */
export const blind4Teeth: Teeth[] = [
  { fault: 'blind4-list-before-inclusive', version: '1.22', catches: ['engine/containers/list/query-before'] },
  { fault: 'blind4-filter-exited-zero-any-code', version: '1.22', catches: ['engine/containers/list/filter-exited'] },
  { fault: 'blind4-wait-signal-exit-zero', version: '1.22', catches: ['engine/containers/wait/200-status-code/killed'] },
  { fault: 'blind4-build-t-repeat-last-only', version: '1.22', catches: ['engine/images/build/query-t-repeatable'] },
  { fault: 'blind4-images-filter-tag-ignored', version: '1.22', catches: ['engine/images/list/query-filter/name-tag'] },
  { fault: 'blind4-exec-1.18-paused-409', version: '1.18', catches: ['engine/errors/listed-codes-only/every-state'] },
  { fault: 'blind4-exec-start-last-frame-lost', version: '1.22', catches: ['engine/exec/start/200-raw-stream'] },
  { fault: 'blind4-logs-follow-last-line-lost', version: '1.22', catches: ['engine/containers/logs/query-follow'] },
  { fault: 'blind4-events-container-filter-id-only', version: '1.22', catches: ['engine/system/events/filter-container/by-name'] },
  { fault: 'blind4-volume-delete-held-by-stopped-204', version: '1.22', catches: ['engine/volumes/delete/409-in-use'] },
  { fault: 'blind4-network-id-filter-exact', version: '1.22', catches: ['engine/networks/list/filter-id'] },
  { fault: 'blind4-network-predefined-by-id-deletable', version: '1.22', catches: ['engine/networks/delete/403-pre-defined-network/by-id'] },
  { fault: 'blind4-info-paused-counted-running', version: '1.22', catches: ['engine/system/info/200-counts/paused'] },
];
