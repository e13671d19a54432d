/**
 * Eighth batch of faults written without reading the checks: each one is a bug a real
 * implementation plausibly has, at the point of one rule of the Cloud Orchestration API document
 * (v1). What each breaks, with the spec sentence, is data in catalog/cloud/blind-faults-8.json.
 */
import { faultArea } from '../../faults.ts';

export const BLIND_8_FAULTS = faultArea('blind', [
  {
    name: 'blind8-action-end-date-null-refused-call',
    description: 'the action of a call refused with a 4xx ends Failed with end_date null: the end date is written on the success path only',
  },
  {
    name: 'blind8-cluster-scaling-deploy-accepted',
    description: 'deploy of a node cluster in state Scaling is accepted (202): the guard lists the busy states Deploying and Terminating, not Scaling',
  },
  {
    name: 'blind8-action-logs-follow-ended-stays-open',
    description: 'a followed log stream of a finished action sends the tail and stays open: it subscribes to an action that will never end again',
  },
  {
    name: 'blind8-stack-stop-services-not-awaited',
    description: "stack stop ends its action (Success, stack settled) without waiting for its services' stop: the containers are still running",
  },
  {
    name: 'blind8-node-filter-cluster-by-uuid',
    description: "the node list filter node_cluster is compared with the cluster's uuid (the stored key): a resource URI matches no node",
  },
  {
    name: 'blind8-registry-added-port-default',
    description: 'a registry added from a repository name host:port shows port 443: the port is read from the URI but the field keeps the default',
  },
  {
    name: 'blind8-upgrade-starts-stopped-containers',
    description: 'node vendor-upgrade restarts every container on the node, a Stopped one too (it comes back Running), not only those running',
  },
  {
    name: 'blind8-service-image-non-string-coerced',
    description: 'service create with an image that is not a string (a number, a list) turns it into a string and creates the service instead of 400',
  },
  {
    name: 'blind8-cancel-answers-previous-state',
    description: "POST action cancel answers 202 with the action as it was before (state 'In progress'): the body is made before the state changes",
  },
]);
