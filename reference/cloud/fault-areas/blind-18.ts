/**
 * Eighteenth batch of faults written without reading the checks: each one is a bug a real
 * implementation plausibly has, at the point of one given rule of the Cloud API spec. What each
 * breaks, with the spec sentence, is data in catalog/cloud/blind-faults-18.json.
 */
import { faultArea } from '../../faults.ts';

export const BLIND_18_FAULTS = faultArea('blind', [
  {
    name: 'blind18-container-node-app-subsystem',
    description: "container objects spell their node URI under the container's own subsystem: /api/app/v1/node/<uuid>/ instead of /api/infra/v1/...",
  },
  {
    name: 'blind18-stack-export-shared-definition',
    description: "stack export builds every service's entry into one shared object: each service shows the image (and settings) of the stack's last service",
  },
  {
    name: 'blind18-action-start-date-at-load',
    description: "an action's start_date comes from a defaults record evaluated once at module load: every action is dated when the server started",
  },
  {
    name: 'blind18-cluster-disk-max-1000',
    description: 'node cluster create checks a 1000 GB upper bound before the list of sizes: the listed sizes 1500 and 2000 are refused',
  },
  {
    name: 'blind18-retry-logs-to-retried-action',
    description: "a retry's new execution writes its log lines into the log of the action it retries: both actions' logs streams read the same lines",
  },
  {
    name: 'blind18-failed-work-ends-canceled',
    description: 'background work that fails aborts its job before its failure is classified: the action ends Canceled, not Failed, though nobody canceled it',
  },
]);
