import type { CloudTeeth } from './types.ts';

/**
 * Twenty-fourth blind batch (reference/cloud/fault-areas/blind-24.ts, catalog/cloud/blind-faults-24.json):
 * 4 of 7 caught at first.
 */
export const blind24Teeth: CloudTeeth[] = [
  // Missed at first: the net host check's service had no container_ports.
  { fault: 'blind24-net-host-with-ports-bridged', catches: ['cloud/service/net-pid-modes/net-host-interfaces'] },
  // Missed at first: no check's service had tty and stdin_open set apart.
  { fault: 'blind24-container-stdin-open-with-tty', catches: ['cloud/container/get/returns-container'] },
  { fault: 'blind24-exit-code-zero-null', catches: ['cloud/container/get/exit-code'] },
  { fault: 'blind24-service-log-source-engine-name', catches: ['cloud/service/logs/message-shape'] },
  { fault: 'blind24-cluster-tags-merged-into-nodes', catches: ['cloud/nodecluster/update/tags-replace'] },
  // Missed at first by its own check (caught only by state-table checks): the redeployed service had no Stopped container.
  { fault: 'blind24-redeploy-skips-stopped-containers', catches: ['cloud/service/redeploy/effect'] },
  { fault: 'blind24-container-state-filter-live-only', catches: ['cloud/container/list/filter-state'] },
];
