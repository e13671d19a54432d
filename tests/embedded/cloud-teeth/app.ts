import { loadStateTables, stateSlug } from '../../../catalog/cloud/state-tables.ts';
import type { CloudTeeth } from './types.ts';

/** Every cell of the stack, service and container tables that refuses an operation. */
function refusedCells(): string[] {
  return loadStateTables()
    .filter((t) => ['stack', 'service', 'container'].includes(t.resource))
    .flatMap((t) =>
      t.states.flatMap((row) =>
        Object.keys(t.operations)
          .filter((op) => !row.allowed.includes(op) && !t.ambiguous?.some((a) => a.state === row.state && a.operation === op))
          .map((op) => `cloud/states/${t.resource}/${stateSlug(row.state)}-rejects-${op}`),
      ),
    );
}

const SERVICE_DEFAULTS = [
  'target-num-containers-1',
  'run-command-null',
  'entrypoint-null',
  'container-ports-empty',
  'container-envvars-empty',
  'autorestart-off',
  'autodestroy-off',
  'sequential-deployment-false',
  'roles-empty',
  'privileged-false',
  'deployment-strategy-emptiest-node',
  'tags-empty',
  'autoredeploy-false',
  'net-bridge',
  'pid-none',
  'working-dir-slash',
  'user-root',
  'tty-false',
  'stdin-open-false',
  'read-only-false',
  'name-image-without-namespace',
].map((d) => `cloud/service/create/default-${d}`);

/** The redeploy checks of reuse_volumes, of services, containers and stacks: each catches a fault of the volumes a redeploy keeps. */
const REUSE_VOLUMES_CHECKS = [
  'cloud/service/redeploy/reuse-volumes-default-true',
  'cloud/container/redeploy/reuse-volumes-default-true',
  'cloud/stack/redeploy/reuse-volumes-default-true',
  'cloud/service/redeploy/query-reuse-volumes',
  'cloud/container/redeploy/query-reuse-volumes',
  'cloud/stack/redeploy/query-reuse-volumes',
];

/** Stacks, services, containers, deployment strategies and the Stream API. */
export const appTeeth: CloudTeeth[] = [
  { fault: 'service-default-target-2', catches: ['cloud/service/create/default-target-num-containers-1'] },
  { fault: 'working-dir-default-empty', catches: ['cloud/service/create/default-working-dir-slash'] },
  { fault: 'stopped-service-rejects-start', catches: ['cloud/states/service/stopped-allows-start', 'cloud/states/stack/stopped-allows-start'] },
  { fault: 'running-service-allows-start', catches: ['cloud/states/service/running-rejects-start'] },
  { fault: 'terminate-reversible', catches: ['cloud/service/terminate/not-reversible', 'cloud/states/service/terminated-rejects-start'] },
  { fault: 'container-terminate-reversible', catches: ['cloud/container/terminate/not-reversible', 'cloud/states/container/terminated-rejects-start'] },
  // The sweep's PATCH of a terminated service or stack sent {}, which scales nothing (judge 2150, #25): it now sends a larger target.
  { fault: 'terminated-service-patch-scales', catches: ['cloud/errors/after-terminate/service'] },
  { fault: 'terminated-stack-patch-scales', catches: ['cloud/errors/after-terminate/stack'] },
  { fault: 'container-ops-whole-service', catches: ['cloud/container/start/effect', 'cloud/container/stop/effect', 'cloud/container/terminate/effect'] },
  // Only the containers of a first start were held to their service's labels (judge 2136, #19): one a scale adds is too.
  { fault: 'scaled-container-labels-empty', catches: ['cloud/container/get/inherits-service/scaled'] },
  {
    fault: 'reuse-volumes-ignored',
    catches: REUSE_VOLUMES_CHECKS,
  },
  { fault: 'create-missing-name-accepted', catches: ['cloud/stack/create/requires-name'] },
  { fault: 'tags-string-list-rejected', catches: ['cloud/service/create/tags-as-strings'] },
  {
    fault: 'no-action-header',
    catches: [
      'cloud/service/start/effect',
      'cloud/stack/stop/stops-services',
      'cloud/stream/events/audit-as-actions',
      'cloud/container/stop/effect',
      'cloud/stack/redeploy/redeploys-services',
      'cloud/stack/terminate/terminates-services',
      'cloud/service/terminate/effect',
    ],
  },
  {
    fault: 'async-returns-200',
    catches: [
      // Container redeploy deploys the container again, through Starting (judge 2132, #15): its 202 was only a fact.
      'cloud/container/redeploy/effect',
      'cloud/service/stop/effect',
      'cloud/container/terminate/effect',
      'cloud/stack/start/starts-services',
      'cloud/container/start/effect',
      'cloud/container/stop/effect',
      'cloud/stack/redeploy/redeploys-services',
      'cloud/stack/terminate/terminates-services',
      'cloud/service/terminate/effect',
    ],
  },
  { fault: 'filter-state-ignored', catches: ['cloud/service/list/filter-state', 'cloud/container/list/filter-state'] },
  { fault: 'event-no-parents', catches: ['cloud/stream/events/parents'] },
  { fault: 'event-filters-ignored', catches: ['cloud/stream/events/filters'] },
  { fault: 'stream-auth-not-required', catches: ['cloud/stream/events/endpoint'] },
  {
    fault: 'stream-logs-tail-ignored',
    catches: [
      'cloud/container/logs/tail-default-300',
      'cloud/service/logs/tail-default-300',
      'cloud/container/logs/tail',
      'cloud/service/logs/tail',
      'cloud/action/logs/tail',
    ],
  },
  {
    fault: 'logs-follow-false-ignored',
    catches: ['cloud/container/logs/follow-false-closes', 'cloud/service/logs/follow-false-closes', 'cloud/action/logs/follow-false-closes'],
  },
  { fault: 'exec-no-eof', catches: ['cloud/container/exec/message-shape'] },
  { fault: 'exec-stdin-ignored', catches: ['cloud/container/exec/bidirectional'] },
  { fault: 'placement-first-node', catches: ['cloud/deployment/emptiest-node', 'cloud/deployment/high-availability'] },
  { fault: 'placement-counts-stopped', catches: ['cloud/deployment/emptiest-node', 'cloud/deployment/high-availability/stopped'] },
  { fault: 'placement-ignores-tags', catches: ['cloud/deployment/tags-select-nodes'] },
  // Missed at first: only the containers of a start were compared with the service's tags.
  { fault: 'scale-ignores-tags', catches: ['cloud/deployment/tags-select-nodes/scale'] },
  { fault: 'redeploy-ignores-tags', catches: ['cloud/deployment/tags-select-nodes/redeploy'] },
  // New nodes were judged in every-node-one-per-node; since blind34 in a check of their own, every way a node becomes new.
  { fault: 'every-node-skips-new-nodes', catches: ['cloud/deployment/every-node-new-nodes'] },
  { fault: 'sequential-no-links', catches: ['cloud/deployment/sequential'] },
  { fault: 'sequential-scale-unlinked', catches: ['cloud/deployment/sequential'] },
  // Booting all containers at once passed on the links alone (judge 2136, #6): each must come up after the one before it.
  { fault: 'sequential-boots-all-at-once', catches: ['cloud/deployment/sequential'] },
  // The default shown false but deployed as true: judged by its effect, the containers of a service created without the flag
  // (alone, or as a stack's item) not linked to their siblings.
  {
    fault: 'sequential-default-true-at-deploy',
    catches: ['cloud/service/create/default-sequential-deployment-false', 'cloud/service/create/default-sequential-deployment-false/stack'],
  },
  { fault: 'high-availability-scale-emptiest', catches: ['cloud/deployment/high-availability'] },
  // Missed at first: with two nodes, the busy one first in cluster order, the fourth container of round-robin and the tie of
  // counted Stopped containers both fell on the node the check expected.
  { fault: 'high-availability-round-robin', catches: ['cloud/deployment/high-availability/stopped'] },
  { fault: 'high-availability-counts-stopped-ties-first', catches: ['cloud/deployment/high-availability/stopped'] },
  { fault: 'stack-start-one-container-each', catches: ['cloud/stack/start/starts-services'] },
  { fault: 'autorestart-ignored', catches: ['cloud/service/autorestart-autodestroy-semantics'] },
  {
    fault: 'redeploy-volume-data-dropped',
    catches: REUSE_VOLUMES_CHECKS,
  },
  { fault: 'redeploy-keeps-old-config', catches: ['cloud/service/redeploy/effect', 'cloud/container/redeploy/effect', 'cloud/service/get/synchronized'] },
  { fault: 'redeploy-config-first-container-only', catches: ['cloud/service/redeploy/effect'] },
  { fault: 'link-variables-not-injected', catches: ['cloud/service/link-variables'] },
  { fault: 'linked-from-missing', catches: ['cloud/service/get/linked-from'] },
  { fault: 'stack-export-empty', catches: ['cloud/stack/export/returns-definition'] },
  {
    fault: 'states-not-enforced',
    catches: [...refusedCells(), 'cloud/errors/after-terminate/service', 'cloud/errors/after-terminate/stack', 'cloud/errors/after-terminate/container'],
  },
  {
    fault: 'terminated-not-listed',
    catches: ['cloud/stack/list/recently-terminated', 'cloud/service/list/recently-terminated', 'cloud/container/list/recently-terminated'],
  },
  {
    fault: 'service-create-unvalidated',
    catches: [
      'cloud/service/create/requires-image',
      'cloud/service/create/port-requires-protocol-and-inner-port',
      'cloud/service/create/envvar-requires-key-and-value',
      'cloud/service/create/link-requires-to-service',
      'cloud/service/create/binding-requires-container-path-or-volumes-from',
      'cloud/service/create/enum-other-values-refused',
      'cloud/errors/bad-input-client-error/service/create/body-field-wrong-type',
      'cloud/errors/bad-input-client-error/service/create/body-field-out-of-range',
    ],
  },
  { fault: 'service-update-unvalidated', catches: ['cloud/service/update/value-sets-as-create'] },
  {
    fault: 'item-fields-checked-first-only',
    catches: [
      'cloud/service/create/port-requires-protocol-and-inner-port',
      'cloud/service/create/envvar-requires-key-and-value',
      'cloud/service/create/binding-requires-container-path-or-volumes-from',
      'cloud/service/update/value-sets-as-create',
    ],
  },
  // A second link without to_service, after a valid one (judge 2130, #9): the single-item body alone passed it.
  { fault: 'link-validates-first-only', catches: ['cloud/service/create/link-requires-to-service', 'cloud/service/update/value-sets-as-create'] },
  { fault: 'service-ref-any-kind', catches: ['cloud/service/create/link-to-service-a-service-uri'] },
  { fault: 'service-defaults-off', catches: SERVICE_DEFAULTS },
  {
    fault: 'dates-never-set',
    catches: ['cloud/service/get/datetimes-track-operations', 'cloud/container/get/datetimes-track-operations', 'cloud/stack/get/datetimes-track-operations'],
  },
  {
    fault: 'redeploy-noop',
    catches: [
      'cloud/states/service/running-allows-redeploy',
      'cloud/states/service/partly-running-allows-redeploy',
      'cloud/states/service/stopped-allows-redeploy',
      'cloud/states/stack/running-allows-redeploy',
      'cloud/states/stack/partly-running-allows-redeploy',
      'cloud/states/stack/stopped-allows-redeploy',
    ],
  },
  // A PATCH that scales at once hid a scale that does nothing: scale is judged on a service a terminated container left below its target (judge 2128, #24).
  { fault: 'patch-scales-scale-noop', catches: ['cloud/service/update/target-num-containers'] },
  { fault: 'service-start-date-first-only', catches: ['cloud/service/get/datetimes-track-operations'] },
  { fault: 'stack-services-ignored', catches: ['cloud/stack/create/services-created'] },
  { fault: 'service-counters-stale', catches: ['cloud/service/get/counters'] },
  { fault: 'exit-code-missing', catches: ['cloud/container/get/exit-code'] },
  // Judge 2140: the stack DELETE was judged on the state words alone (#1); a service exposing no variables left the variable
  // half unverified (#17); busybox runs as root by its own default (#18); no container of a net or pid host service was compared (#19).
  { fault: 'stack-terminate-containers-kept', catches: ['cloud/stack/terminate/terminates-services'] },
  { fault: 'link-variables-empty', catches: ['cloud/service/name-in-urls-and-variables'] },
  { fault: 'default-user-from-image', catches: ['cloud/service/create/default-user-root/in-containers'] },
  { fault: 'container-net-pid-defaults', catches: ['cloud/container/get/returns-container'] },
];
