/**
 * Tenth batch of faults written without reading the checks: each one is a bug a real
 * implementation plausibly has, at the point of one rule of the Cloud Orchestration API document
 * (v1), one per sentence given. What each breaks, with the spec sentence, is data in
 * catalog/cloud/blind-faults-10.json.
 */
import { faultArea } from '../../faults.ts';

export const BLIND_10_FAULTS = faultArea('blind', [
  {
    name: 'blind10-cluster-node-count-keeps-terminated',
    description: "a node cluster's current_num_nodes counts every node it ever had: a terminated node is still counted",
  },
  {
    name: 'blind10-container-working-dir-from-service',
    description: "a container's working_dir is read from its service: after a service PATCH of working_dir (no redeploy) the container shows the new one",
  },
  {
    name: 'blind10-emptiest-counts-own-service-only',
    description: "EMPTIEST_NODE counts the running containers of the service being placed only: a node busy with another service's containers looks empty",
  },
  {
    name: 'blind10-container-log-tail-stream-lost',
    description: 'the earlier (tail) lines of a container log stream all carry streamType stdout: only lines followed live keep stderr',
  },
  {
    name: 'blind10-stack-start-skips-added-service',
    description: 'the start of a stack deployed before resumes its Stopped services only: a service added since (Not running) is not started',
  },
  {
    name: 'blind10-scaled-container-cloned-from-first',
    description: "a container added by a scale-up copies the settings of the service's first container, not the service's current ones",
  },
]);
