import type { CloudTeeth } from './types.ts';

/**
 * Twenty-first blind batch (reference/cloud/fault-areas/blind-21.ts, catalog/cloud/blind-faults-21.json),
 * written on the sentences of the requirements judge 2112 sampled and the session mended: each
 * fault with the check a run of the cloud suite under it finds failing. All seven were caught at first.
 */
export const blind21Teeth: CloudTeeth[] = [
  { fault: 'blind21-private-ip-node-local', catches: ['cloud/container/private-ip-reachable'] },
  { fault: 'blind21-link-variables-image-prefix', catches: ['cloud/service/name-in-urls-and-variables'] },
  { fault: 'blind21-read-only-with-bindings-only', catches: ['cloud/service/read-only-filesystem/root-write'] },
  { fault: 'blind21-cpu-shares-as-weight', catches: ['cloud/service/cpu-shares-relative/cgroup'] },
  { fault: 'blind21-sequential-boot-newest-first', catches: ['cloud/deployment/sequential'] },
  { fault: 'blind21-provider-available-lookup-by-name', catches: ['cloud/provider/available'] },
  { fault: 'blind21-container-devices-reversed', catches: ['cloud/container/get/inherits-service/descriptive-lists'] },
];
