import type { CloudTeeth } from './types.ts';

/**
 * Fifteenth blind batch (reference/cloud/fault-areas/blind-15.ts, catalog/cloud/blind-faults-15.json):
 * each fault with the check a run of the cloud suite under it finds failing, the one naming the
 * fault's requirement. blind15-stack-sync-restored-by-stack-redeploy-only is behaviour the spec
 * leaves unstated (listed in cloud-teeth-coverage.test.ts).
 */
export const blind15Teeth: CloudTeeth[] = [
  // The action a retry of a Success PATCH answers with is read once it ends.
  { fault: 'blind15-retried-action-not-user-action', catches: ['cloud/states/action/success-allows-retry'] },
  // A running service updated, then scaled to two: its first container still lacks the update.
  { fault: 'blind15-service-synchronized-newest-container', catches: ['cloud/service/get/synchronized'] },
  // The Canceling action of a canceled service start is read beside a second cancel and a retry; a start that ends before the cancel is tried afresh.
  { fault: 'blind15-canceling-shows-retriable', catches: ['cloud/states/action/canceling-rejects-cancel'] },
];
