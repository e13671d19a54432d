import type { CloudTeeth } from './types.ts';

/**
 * Thirty-third blind batch (reference/cloud/fault-areas/blind-33.ts, catalog/cloud/blind-faults-33.json): 5 of 7 caught by a
 * check of their requirement at first, 1 caught elsewhere, 1 missed (the last two rows, since mended).
 */
export const blind33Teeth: CloudTeeth[] = [
  { fault: 'blind33-worker-ended-action-not-user-action', catches: ['cloud/actions/header-on-creating-responses'] },
  { fault: 'blind33-stack-get-services-embedded', catches: ['cloud/stack/get/returns-stack'] },
  { fault: 'blind33-cluster-uuid-hex', catches: ['cloud/nodecluster/get/returns-node-cluster', 'cloud/nodecluster/list/filter-uuid'] },
  { fault: 'blind33-az-list-available-missing', catches: ['cloud/az/list/returns-azs'] },
  { fault: 'blind33-binding-container-path-from-host-path', catches: ['cloud/service/create/binding-requires-container-path-or-volumes-from'] },
  // Missed at first: the default was judged on services created alone; now on a stack's item too, in the field and in its
  // containers' links once started.
  {
    fault: 'blind33-stack-service-sequential-default-true',
    catches: ['cloud/service/create/default-sequential-deployment-false/stack'],
  },
  // Caught at first by cloud/deployment/high-availability/stopped only: the scale was judged on services whose containers all
  // ran; now also at its target of two with one container Stopped, where the scale must add none.
  { fault: 'blind33-scale-counts-running-only', catches: ['cloud/service/update/target-num-containers'] },
];
