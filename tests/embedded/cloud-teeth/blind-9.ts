import type { CloudTeeth } from './types.ts';

/**
 * Ninth blind batch (reference/cloud/fault-areas/blind-9.ts, catalog/cloud/blind-faults-9.json):
 * each fault with the checks a run of the cloud suite under it finds failing, those naming the
 * fault's requirement first. One has none, its behaviour being unstated (see
 * cloud-teeth-coverage.test.ts): a lower-case `basic` scheme on the events upgrade.
 */
export const blind9Teeth: CloudTeeth[] = [
  { fault: 'blind9-stack-empty-terminate-no-destroyed-date', catches: ['cloud/stack/get/datetimes-track-operations'] },
  // The catalog of providers names the unavailable one; its regions and node types name it too.
  {
    fault: 'blind9-provider-list-available-only',
    catches: ['cloud/provider/list/returns-providers', 'cloud/region/get/returns-region', 'cloud/nodetype/get/returns-nodetype'],
  },
  // The variables of a container a scale adds: its fields (recommended) and its environment (required).
  { fault: 'blind9-scaled-container-envvars-dropped', catches: ['cloud/container/get/additional-fields-from-service/scaled'] },
  // The Canceling event is the facts' (informational): the teeth grade it as required.
  { fault: 'blind9-canceling-not-announced', catches: ['cloud/action/cancel/in-progress-to-canceling'] },
  { fault: 'blind9-cpu-shares-string-kept', catches: ['cloud/errors/bad-input-client-error/service/integer-as-digit-string'] },
  // That each container has a volume of its own is not stated; with reuse_volumes=false a redeployed container keeps a sibling's.
  {
    fault: 'blind9-binding-volume-shared-by-containers',
    catches: ['cloud/service/redeploy/query-reuse-volumes', 'cloud/container/redeploy/query-reuse-volumes', 'cloud/stack/redeploy/query-reuse-volumes'],
  },
  { fault: 'blind9-repository-name-filter-path-only', catches: ['cloud/repository/list/filter-name', 'cloud/repository/credentials-write-only'] },
];
