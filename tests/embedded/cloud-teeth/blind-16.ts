import type { CloudTeeth } from './types.ts';

/**
 * Sixteenth blind batch (reference/cloud/fault-areas/blind-16.ts, catalog/cloud/blind-faults-16.json),
 * written on sentences this batch's reviews had just strengthened: each fault with the check a run
 * of the cloud suite under it finds failing.
 */
export const blind16Teeth: CloudTeeth[] = [
  { fault: 'blind16-cancel-not-seen-by-work', catches: ['cloud/action/cancel/in-progress-to-canceling'] },
  { fault: 'blind16-service-terminate-skips-every-second', catches: ['cloud/service/terminate/effect'] },
  { fault: 'blind16-nodetype-zone-filter-first-zone-only', catches: ['cloud/nodetype/list/filter-availability-zones'] },
  // The retry is sent with a User-Agent of its own: the new action it answers with records that one.
  { fault: 'blind16-retry-keeps-original-user-agent', catches: ['cloud/states/action/success-allows-retry'] },
];
