import type { CloudTeeth } from './types.ts';

/**
 * Nineteenth blind batch (reference/cloud/fault-areas/blind-19.ts, catalog/cloud/blind-faults-19.json),
 * written on the sentences review 2110 sampled: each fault with the check a run of the cloud suite
 * under it finds failing.
 */
export const blind19Teeth: CloudTeeth[] = [
  { fault: 'blind19-related-container-no-stack', catches: ['cloud/action/list/include-related-stack'] },
  // Missed at first: the tags were replaced with other tags only, never with the empty list.
  { fault: 'blind19-node-patch-empty-tags-kept', catches: ['cloud/node/update/nickname'] },
  { fault: 'blind19-provider-options-groups-from-subnets', catches: ['cloud/nodecluster/create/echoes-body/provider-options'] },
  { fault: 'blind19-end-date-lte-milliseconds', catches: ['cloud/action/list/filter-end-date-lte'] },
  // Missed at first: every repository of the check was on a registry without a port.
  { fault: 'blind19-repository-in-use-port-host', catches: ['cloud/repository/in-use'] },
  { fault: 'blind19-stopped-count-includes-terminated', catches: ['cloud/service/get/counters'] },
];
