import type { CloudTeeth } from './types.ts';

/**
 * Eighteenth blind batch (reference/cloud/fault-areas/blind-18.ts, catalog/cloud/blind-faults-18.json),
 * written on the sentences this batch's reviews had just strengthened: each fault with the check a run
 * of the cloud suite under it finds failing.
 */
export const blind18Teeth: CloudTeeth[] = [
  { fault: 'blind18-container-node-app-subsystem', catches: ['cloud/uri/shape'] },
  { fault: 'blind18-stack-export-shared-definition', catches: ['cloud/stack/export/returns-definition'] },
  {
    fault: 'blind18-action-start-date-at-load',
    catches: ['cloud/actions/header-on-creating-responses', 'cloud/actions/async-ends-terminal/end-date-after-work'],
  },
  // The fault's entry names echoes-body; the check of the disk values' own rule (cloud/limits/node-cluster-disk-values) fails.
  { fault: 'blind18-cluster-disk-max-1000', catches: ['cloud/limits/node-cluster-disk-values'] },
  // Missed at first: the logs of a retry's new action held the retried start's lines.
  { fault: 'blind18-retry-logs-to-retried-action', catches: ['cloud/stream/events/audit-as-actions/own-logs/retry'] },
  // Missed at first: the failed rows took a Canceled end for an unmet precondition.
  { fault: 'blind18-failed-work-ends-canceled', catches: ['cloud/states/action/failed-allows-retry', 'cloud/states/action/failed-rejects-cancel'] },
];
