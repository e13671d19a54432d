import type { CloudTeeth } from './types.ts';

/**
 * Fourteenth blind batch (reference/cloud/fault-areas/blind-14.ts, catalog/cloud/blind-faults-14.json):
 * each fault with the check a run of the cloud suite under it finds failing, the one naming the
 * fault's requirement. blind14-repository-patch-requires-both is not here: the spec leaves a
 * repository PATCH of one field unstated (see cloud-teeth-coverage.test.ts).
 */
export const blind14Teeth: CloudTeeth[] = [
  // A container of a two-container service is terminated and another service started: the Running containers are listed.
  { fault: 'blind14-private-ip-count-reused-after-terminate', catches: ['cloud/container/private-ip-address'] },
  { fault: 'blind14-service-stack-filter-last-segment', catches: ['cloud/service/list/filter-stack'] },
  { fault: 'blind14-action-logs-sync-404', catches: ['cloud/stream/events/audit-as-actions'] },
];
