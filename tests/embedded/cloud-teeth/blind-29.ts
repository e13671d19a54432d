import type { CloudTeeth } from './types.ts';

/**
 * Twenty-ninth blind batch (reference/cloud/fault-areas/blind-29.ts, catalog/cloud/blind-faults-29.json):
 * 5 of 7 caught at first; all 7 now.
 */
export const blind29Teeth: CloudTeeth[] = [
  { fault: 'blind29-service-redeploy-reuse-default-false', catches: ['cloud/service/redeploy/reuse-volumes-default-true'] },
  { fault: 'blind29-service-state-filter-title-case', catches: ['cloud/service/list/filter-state'] },
  { fault: 'blind29-sequential-links-previous-only', catches: ['cloud/deployment/sequential'] },
  {
    fault: 'blind29-envvar-missing-value-empty',
    catches: ['cloud/service/create/envvar-requires-key-and-value', 'cloud/service/update/value-sets-as-create'],
  },
  {
    fault: 'blind29-tags-match-cluster-tags',
    catches: ['cloud/deployment/tags-select-nodes', 'cloud/deployment/tags-select-nodes/scale', 'cloud/deployment/tags-select-nodes/redeploy'],
  },
  // Missed at first: the stack stopped was Running, each service Running; now one of its services is Partly running (a container
  // stopped by its own stop) beside a Running one, and every container of each must end Stopped.
  { fault: 'blind29-stack-stop-running-services-only', catches: ['cloud/stack/stop/stops-services'] },
  // Missed at first: the user was read by exec only; now each container's own program (run_command whoami) logs it too.
  { fault: 'blind29-user-program-runs-as-root', catches: ['cloud/service/create/default-user-root/given-user-in-containers'] },
];
