import type { CloudTeeth } from './types.ts';

/**
 * Tenth blind batch (reference/cloud/fault-areas/blind-10.ts, catalog/cloud/blind-faults-10.json):
 * each fault with the check a run of the cloud suite under it finds failing, the one naming the
 * fault's requirement.
 */
export const blind10Teeth: CloudTeeth[] = [
  // A terminated node of a Partly deployed cluster is still counted in its current_num_nodes.
  { fault: 'blind10-cluster-node-count-keeps-terminated', catches: ['cloud/nodecluster/get/nodes-belong'] },
  { fault: 'blind10-emptiest-counts-own-service-only', catches: ['cloud/deployment/emptiest-node'] },
  { fault: 'blind10-container-log-tail-stream-lost', catches: ['cloud/container/logs/message-shape'] },
  // A Stopped stack deployed before, one of whose services never ran: the start leaves that one Not running.
  { fault: 'blind10-stack-start-skips-added-service', catches: ['cloud/stack/start/starts-services/never-started-service'] },
  // A variable PATCHed into the service before a scale: the added container, a copy of the first, lacks it.
  { fault: 'blind10-scaled-container-cloned-from-first', catches: ['cloud/container/get/additional-fields-from-service/scaled'] },
  // After a service PATCH of working_dir without redeploy the field shows the new directory, exec still starts in the old one.
  { fault: 'blind10-container-working-dir-from-service', catches: ['cloud/container/get/inherits-service/working-dir-runs-in'] },
];
