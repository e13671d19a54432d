import type { CloudTeeth } from './types.ts';

/**
 * Seventeenth blind batch (reference/cloud/fault-areas/blind-17.ts, catalog/cloud/blind-faults-17.json):
 * each fault with the check a run of the cloud suite under it finds failing.
 */
export const blind17Teeth: CloudTeeth[] = [
  { fault: 'blind17-repository-update-echoes-body', catches: ['cloud/repository/credentials-write-only'] },
  { fault: 'blind17-nodetype-name-filter-reads-label', catches: ['cloud/nodetype/list/filter-name'] },
  { fault: 'blind17-net-mode-read-from-pid', catches: ['cloud/service/net-pid-modes/net-host-interfaces'] },
  // Missed at first: the audit check only opened the logs stream; it now reads an ended start's logs again after a stop.
  { fault: 'blind17-action-logs-by-object', catches: ['cloud/stream/events/audit-as-actions/own-logs'] },
  { fault: 'blind17-linked-to-service-omitempty', catches: ['cloud/service/create/default-linked-to-service-empty'] },
  // Caught elsewhere at first (the failed rows' waits named no requirement): they now name the async rule.
  { fault: 'blind17-failed-work-left-in-progress', catches: ['cloud/states/action/failed-allows-retry', 'cloud/states/action/failed-rejects-cancel'] },
];
