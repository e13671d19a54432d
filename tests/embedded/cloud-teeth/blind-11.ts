import type { CloudTeeth } from './types.ts';

/**
 * Eleventh blind batch (reference/cloud/fault-areas/blind-11.ts, catalog/cloud/blind-faults-11.json):
 * each fault with the check a run of the cloud suite under it finds failing, the one naming the
 * fault's requirement.
 */
export const blind11Teeth: CloudTeeth[] = [
  // region sent as null or "" names no region: refused like a missing one, not filled in with the node type's first.
  { fault: 'blind11-cluster-blank-region-defaulted', catches: ['cloud/nodecluster/create/requires-region'] },
  { fault: 'blind11-region-zones-null-when-none', catches: ['cloud/region/get/returns-region', 'cloud/region/list/returns-regions'] },
  { fault: 'blind11-repository-registry-filter-by-host', catches: ['cloud/repository/list/filter-registry'] },
  // The default checked like a sent disk: a provider refusing disk 60 sent refuses a create leaving disk out.
  { fault: 'blind11-cluster-default-disk-validated', catches: ['cloud/nodecluster/create/default-disk-60', 'cloud/nodecluster/create/returns-node-cluster'] },
];
