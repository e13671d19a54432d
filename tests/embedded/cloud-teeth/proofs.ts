/** Faults that prove the requirements no other fault broke: actions and their list and logs, object fields, repositories. */
import type { CloudTeeth } from './types.ts';

export const proofTeeth: CloudTeeth[] = [
  { fault: 'include-related-always', catches: ['cloud/action/list/include-related-nodecluster'] },
  { fault: 'cancel-canceling-allowed', catches: ['cloud/states/action/canceling-rejects-cancel'] },
  { fault: 'retry-canceling-allowed', catches: ['cloud/states/action/canceling-rejects-cancel'] },
  { fault: 'failed-action-no-logs', catches: ['cloud/actions/failed-has-logs'] },
  { fault: 'failed-call-action-success', catches: ['cloud/actions/header-on-creating-responses'] },
  { fault: 'patch-actions-unlisted', catches: ['cloud/actions/every-call-recorded'] },
  { fault: 'logs-tail-default-0', catches: ['cloud/action/logs/tail-default-300', 'cloud/container/logs/tail-default-300', 'cloud/service/logs/tail-default-300'] },
  { fault: 'container-working-dir-default', catches: ['cloud/container/get/returns-container'] },
  { fault: 'container-node-wrong-uuid', catches: ['cloud/container/get/returns-container'] },
  { fault: 'node-tags-appended', catches: ['cloud/node/update/nickname'] },
  { fault: 'node-region-null', catches: ['cloud/nodecluster/get/nodes-belong'] },
  { fault: 'cluster-current-nodes-zero', catches: ['cloud/nodecluster/get/nodes-belong'] },
  { fault: 'repository-registry-vendor', catches: ['cloud/repository/get/name-with-slashes'] },
  { fault: 'repository-update-refused', catches: ['cloud/repository/credentials-write-only'] },
  { fault: 'repository-delete-kept', catches: ['cloud/repository/delete/removed'] },
  { fault: 'container-service-wrong-uuid', catches: ['cloud/service/get/counters'] },
  { fault: 'service-create-starts', catches: ['cloud/service/create/returns-service'] },
  { fault: 'stack-create-starts', catches: ['cloud/stack/create/returns-stack'] },
  { fault: 'service-name-with-namespace', catches: ['cloud/service/create/default-name-image-without-namespace'] },
  { fault: 'stack-services-null-when-empty', catches: ['cloud/stack/create/default-nickname-name'] },
  { fault: 'stack-link-by-name-dropped', catches: ['cloud/stack/create/services-created'] },
  { fault: 'stack-volumes-from-by-name-dropped', catches: ['cloud/stack/create/services-created'] },
  { fault: 'stack-never-synchronized', catches: ['cloud/stack/get/returns-stack'] },
  { fault: 'image-env-wins', catches: ['cloud/service/overrides-image'] },
];
