import type { CloudTeeth } from './types.ts';

/**
 * Thirty-third blind batch (reference/cloud/fault-areas/blind-33.ts, catalog/cloud/blind-faults-33.json): the rows of the two
 * faults no check of their requirement caught at first.
 */
export const blind33Teeth: CloudTeeth[] = [
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
