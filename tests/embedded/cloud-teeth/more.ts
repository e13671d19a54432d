/** Defaults of ports and bindings, node and cluster updates, stack updates, the general HTTP rules. */
import type { CloudTeeth } from './types.ts';

export const moreTeeth: CloudTeeth[] = [
  { fault: 'port-published-default-true', catches: ['cloud/service/create/default-port-published-false'] },
  { fault: 'outer-port-not-allocated', catches: ['cloud/service/create/default-port-outer-port-dynamic'] },
  { fault: 'binding-rewritable-default-false', catches: ['cloud/service/create/default-port-published-false'] },
  { fault: 'image-tag-not-defaulted', catches: ['cloud/service/update/image-tag-latest'] },
  { fault: 'create-image-tag-not-defaulted', catches: ['cloud/service/create/image-name-tag-latest'] },
  {
    fault: 'image-registry-port-read-as-tag',
    catches: [
      'cloud/service/create/image-name-tag-latest',
      'cloud/service/create/default-name-image-without-namespace',
      'cloud/service/update/image-tag-latest',
    ],
  },
  { fault: 'cluster-default-target-deploys-two', catches: ['cloud/nodecluster/create/default-nickname-name'] },
  { fault: 'node-nickname-update-ignored', catches: ['cloud/node/update/nickname'] },
  { fault: 'node-patch-resets-omitted', catches: ['cloud/node/update/nickname'] },
  { fault: 'cluster-scale-ignored', catches: ['cloud/nodecluster/update/scale-target'] },
  { fault: 'nodes-without-cluster', catches: ['cloud/nodecluster/get/nodes-belong'] },
  { fault: 'stack-update-ignored', catches: ['cloud/stack/update/updates-services'] },
  { fault: 'node-container-count-stale', catches: ['cloud/node/get/returns-node'] },
  { fault: 'node-nickname-default-empty', catches: ['cloud/node/get/returns-node'] },
  { fault: 'linked-to-container-missing', catches: ['cloud/container/get/linked-to-container'] },
  { fault: 'linked-to-container-first-only', catches: ['cloud/container/get/inherits-service/descriptive-lists'] },
  { fault: 'link-endpoints-all-tcp', catches: ['cloud/container/get/linked-to-container'] },
  {
    fault: 'logs-follow-default-false',
    catches: ['cloud/container/logs/follow-default-true', 'cloud/service/logs/follow-default-true', 'cloud/action/logs/follow-default-true'],
  },
  {
    fault: 'log-lines-without-timestamp',
    catches: ['cloud/container/logs/message-shape', 'cloud/service/logs/message-shape', 'cloud/action/logs/message-shape'],
  },
  { fault: 'service-uri-unversioned', catches: ['cloud/uri/shape'] },
  { fault: 'content-type-text', catches: ['cloud/http/json-responses'] },
  { fault: 'client-uuid-kept', catches: ['cloud/uuid/generated-on-create'] },
  { fault: 'stack-client-uuid-kept', catches: ['cloud/uuid/generated-on-create'] },
  { fault: 'unknown-uuid-200', catches: ['cloud/errors/appropriate-code'] },
];

/** Validation of required fields, the disk sizes, the effect of an upgrade, retry and cancel of finished actions. */
export const validationTeeth: CloudTeeth[] = [
  { fault: 'create-missing-node-type-accepted', catches: ['cloud/nodecluster/create/requires-node-type'] },
  { fault: 'create-missing-region-accepted', catches: ['cloud/nodecluster/create/requires-region'] },
  { fault: 'repository-missing-name-accepted', catches: ['cloud/repository/create/requires-name'] },
  { fault: 'disk-any-value', catches: ['cloud/limits/node-cluster-disk-values'] },
  { fault: 'upgrade-no-restart', catches: ['cloud/node/vendor-upgrade/containers-restart'] },
  { fault: 'upgrade-restarts-first-container-only', catches: ['cloud/node/vendor-upgrade/containers-restart'] },
  { fault: 'service-image-empty-accepted', catches: ['cloud/service/create/requires-image'] },
  {
    fault: 'retry-refused',
    catches: ['cloud/states/action/canceled-allows-retry', 'cloud/states/action/failed-allows-retry', 'cloud/states/action/success-allows-retry'],
  },
  { fault: 'vendor-auth-without-role', catches: ['cloud/auth/no-global-role-no-vendor-auth'] },
  { fault: 'cluster-create-not-init', catches: ['cloud/nodecluster/create/not-deployed'] },
  { fault: 'service-logs-first-container-only', catches: ['cloud/service/logs/aggregated'] },
  { fault: 'service-logs-source-next-container', catches: ['cloud/service/logs/aggregated'] },
  { fault: 'stack-update-drops-unlisted', catches: ['cloud/stack/update/default-services-empty'] },
  { fault: 'cancel-canceled-allowed', catches: ['cloud/states/action/canceled-rejects-cancel'] },
];
