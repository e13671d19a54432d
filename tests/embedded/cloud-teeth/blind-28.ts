import type { CloudTeeth } from './types.ts';

/**
 * Twenty-eighth blind batch (reference/cloud/fault-areas/blind-28.ts, catalog/cloud/blind-faults-28.json).
 */
export const blind28Teeth: CloudTeeth[] = [
  // Missed at first: the nodes' loads were services whose names no HIGH_AVAILABILITY service's name began; now they extend its name with a dash.
  {
    fault: 'blind28-high-availability-own-by-name-prefix',
    catches: ['cloud/deployment/high-availability', 'cloud/deployment/high-availability/stopped'],
  },
  // Missed at first: an action ended when read at once, in the second of the answer, was only noted; now the answered object
  // already in the state the work ends in (Stopped), its action ended, is the work over at the 202.
  { fault: 'blind28-stop-answered-after-stop', catches: ['cloud/service/stop/effect', 'cloud/container/stop/effect'] },
];
