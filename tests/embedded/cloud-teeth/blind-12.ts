import type { CloudTeeth } from './types.ts';

/**
 * Twelfth blind batch (reference/cloud/fault-areas/blind-12.ts, catalog/cloud/blind-faults-12.json):
 * each fault with the check a run of the cloud suite under it finds failing, the one naming the
 * fault's requirement.
 */
export const blind12Teeth: CloudTeeth[] = [
  {
    fault: 'blind12-stream-key-prefix-accepted',
    catches: ['cloud/auth/stream-without-credentials-refused', 'cloud/auth/stream-without-credentials-refused/every-endpoint'],
  },
  { fault: 'blind12-service-patch-clears-links', catches: ['cloud/service/update/applies-fields'] },
  // The seeded third-party registry takes a repository added as third-party: its flag must read false, and the filter must agree.
  { fault: 'blind12-registry-vendor-means-seeded', catches: ['cloud/registry/vendor-flag-third-party', 'cloud/registry/list/filter-is-vendor-registry'] },
  { fault: 'blind12-scale-emptiest-among-service-nodes', catches: ['cloud/deployment/emptiest-node/scale'] },
  { fault: 'blind12-private-ip-per-service-pool', catches: ['cloud/container/private-ip-address'] },
];
