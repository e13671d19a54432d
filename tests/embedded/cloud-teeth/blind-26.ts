import type { CloudTeeth } from './types.ts';

/**
 * Twenty-sixth blind batch (reference/cloud/fault-areas/blind-26.ts, catalog/cloud/blind-faults-26.json).
 */
export const blind26Teeth: CloudTeeth[] = [
  // Missed at first: the EVERY_NODE service was started on nodes that ran nothing else.
  { fault: 'blind26-every-node-skips-busy-nodes', catches: ['cloud/deployment/every-node-one-per-node'] },
  // Missed at first: a 404 for the Terminated node was read as a failed set-up (blocked by the GET's requirement), never as its breach.
  { fault: 'blind26-node-get-terminated-404', catches: ['cloud/errors/after-terminate/node'] },
];
