import type { CloudTeeth } from './types.ts';

/**
 * Thirty-first blind batch (reference/cloud/fault-areas/blind-31.ts, catalog/cloud/blind-faults-31.json):
 * 3 of 7 caught at first by a check of their requirement (a fourth only by other checks); all 7 now.
 */
export const blind31Teeth: CloudTeeth[] = [
  { fault: 'blind31-az-get-by-zone-name', catches: ['cloud/az/get/returns-az'] },
  // Caught at first by the state table's row only: the terminate check's stack had no service that never ran; now one of three is Not running.
  {
    fault: 'blind31-stack-terminate-skips-undeployed',
    catches: ['cloud/stack/terminate/terminates-services', 'cloud/states/stack/not-running-allows-terminate'],
  },
  { fault: 'blind31-link-endpoints-published-only', catches: ['cloud/container/get/linked-to-container'] },
  {
    fault: 'blind31-target-shown-when-applied',
    catches: [
      'cloud/service/update/target-num-containers',
      'cloud/namespaces/optional-segment/service-writes',
      'cloud/service/update/applies-fields',
      'cloud/stack/update/updates-services',
    ],
  },
  // Missed at first: the two nodes pinged each other were deployed together; now a node a scale of the cluster adds must reach an earlier one too.
  { fault: 'blind31-scaled-nodes-new-network', catches: ['cloud/nodecluster/nodes-one-private-network'] },
  // Missed at first: every upgrade sent Connection: Upgrade (ws's); now also `keep-alive, Upgrade` and `upgrade` (RFC 6455 4.1: includes the token).
  { fault: 'blind31-stream-connection-upgrade-exact', catches: ['cloud/stream/events/endpoint'] },
  // Missed at first: every scale had containers to add or remove; now a scale of a service already at its target must answer 202 too.
  { fault: 'blind31-noop-scale-answered-200', catches: ['cloud/service/update/target-num-containers'] },
];
