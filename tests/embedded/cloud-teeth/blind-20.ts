import type { CloudTeeth } from './types.ts';

/**
 * Twentieth blind batch (reference/cloud/fault-areas/blind-20.ts, catalog/cloud/blind-faults-20.json),
 * written on the sentences judge 2112 sampled: each fault with the check a run of the cloud suite
 * under it finds failing.
 */
export const blind20Teeth: CloudTeeth[] = [
  // Missed at first: no container of the related sets had been terminated.
  { fault: 'blind20-related-service-live-containers-only', catches: ['cloud/action/list/include-related-stack'] },
  { fault: 'blind20-region-provider-filter-by-name', catches: ['cloud/region/list/filter-provider'] },
  { fault: 'blind20-vendor-auth-credentials-only', catches: ['cloud/auth/global-role-vendor-auth'] },
  { fault: 'blind20-linked-from-service-reversed', catches: ['cloud/service/get/linked-from'] },
  { fault: 'blind20-container-dns-search-from-dns', catches: ['cloud/container/get/inherits-service/descriptive-lists'] },
];
