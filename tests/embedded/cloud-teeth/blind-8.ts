import type { CloudTeeth } from './types.ts';

/**
 * Eighth blind batch (reference/cloud/fault-areas/blind-8.ts, catalog/cloud/blind-faults-8.json):
 * each fault with the checks a run of the cloud suite under it finds failing, those naming the
 * fault's requirement first. Three have none, their behaviour being unstated (see
 * cloud-teeth-coverage.test.ts): when a followed stream ends, whether a container the user stopped
 * restarts on an upgrade, and the body of a cancel answer.
 */
export const blind8Teeth: CloudTeeth[] = [
  // The refused call's action is read by the check of the action header, which holds sync-terminal.
  { fault: 'blind8-action-end-date-null-refused-call', catches: ['cloud/actions/header-on-creating-responses'] },
  { fault: 'blind8-cluster-scaling-deploy-accepted', catches: ['cloud/states/nodecluster/scaling-rejects-deploy'] },
  // The containers stop for a moment shorter than a few requests: the event order shows the action ended first.
  { fault: 'blind8-stack-stop-services-not-awaited', catches: ['cloud/stack/stop/stops-services'] },
  { fault: 'blind8-node-filter-cluster-by-uuid', catches: ['cloud/node/list/filter-node-cluster'] },
  { fault: 'blind8-service-image-non-string-coerced', catches: ['cloud/service/create/requires-image'] },
  { fault: 'blind8-registry-added-port-default', catches: ['cloud/registry/host-fqdn'] },
];
