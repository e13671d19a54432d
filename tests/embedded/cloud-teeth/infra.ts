import { cloudChecks } from '../../../suites/cloud/all-checks.ts';
import type { CloudTeeth } from './types.ts';

/** Every refusal row of the node and node cluster state tables (the action table refuses on its own terms). */
const refusedInfraRows = (): string[] => cloudChecks.map((c) => c.id).filter((id) => /^cloud\/states\/(node|nodecluster)\/.*-rejects-/.test(id));

/** Actions, auth, namespaces, general rules, catalog, node clusters, nodes, registries, repositories, limits. */
export const infraTeeth: CloudTeeth[] = [
  {
    fault: 'no-action-header',
    catches: ['cloud/actions/header-on-creating-responses', 'cloud/actions/async-202-in-progress', 'cloud/nodecluster/deploy/deploys'],
  },
  { fault: 'async-returns-200', catches: ['cloud/actions/async-202-in-progress', 'cloud/nodecluster/terminate/terminates-nodes'] },
  { fault: 'action-stuck-in-progress', catches: ['cloud/actions/async-202-in-progress', 'cloud/states/action/success-allows-retry'] },
  { fault: 'async-call-recorded-twice', catches: ['cloud/actions/every-call-recorded'] },
  { fault: 'action-end-date-is-start', catches: ['cloud/actions/async-ends-terminal/end-date-after-work'] },
  {
    fault: 'app-action-created-success',
    catches: [
      'cloud/service/start/effect',
      'cloud/service/stop/effect',
      'cloud/stack/start/starts-services',
      'cloud/container/stop/effect',
      // Container redeploy, asynchronous too (judge 2132, #15): its action was read only once ended.
      'cloud/container/redeploy/effect',
    ],
  },
  { fault: 'cancel-finished-action-allowed', catches: ['cloud/states/action/success-rejects-cancel', 'cloud/states/action/failed-rejects-cancel'] },
  { fault: 'retry-in-progress-allowed', catches: ['cloud/states/action/in-progress-rejects-retry'] },
  { fault: 'action-missing-fields', catches: ['cloud/actions/header-on-creating-responses', 'cloud/action/list/returns-actions'] },
  { fault: 'auth-not-required', catches: ['cloud/auth/rest-without-credentials-refused', 'cloud/auth/rest-wrong-key-refused'] },
  { fault: 'stream-auth-not-required', catches: ['cloud/auth/stream-without-credentials-refused'] },
  { fault: 'stream-logs-auth-not-required', catches: ['cloud/auth/stream-without-credentials-refused/every-endpoint'] },
  { fault: 'stream-query-auth-rejected', catches: ['cloud/auth/stream-query-credentials'] },
  { fault: 'global-role-no-auth-env', catches: ['cloud/auth/global-role-vendor-auth'] },
  { fault: 'namespace-leak', catches: ['cloud/namespaces/identifies-owner', 'cloud/namespaces/identifies-owner/every-endpoint'] },
  { fault: 'disk-default-100', catches: ['cloud/nodecluster/create/default-disk-60'] },
  { fault: 'create-missing-name-accepted', catches: ['cloud/nodecluster/create/requires-name'] },
  { fault: 'deployed-node-allows-health-check', catches: ['cloud/states/node/deployed-rejects-health-check'] },
  { fault: 'every-node-scalable', catches: ['cloud/limits/every-node-no-manual-scaling'] },
  { fault: 'every-node-update-allowed', catches: ['cloud/limits/every-node-no-update-to', 'cloud/limits/every-node-no-update-from'] },
  { fault: 'date-iso8601', catches: ['cloud/dates/rfc2822'] },
  { fault: 'list-no-meta', catches: ['cloud/list/envelope'] },
  { fault: 'next-absolute-url', catches: ['cloud/list/envelope'] },
  // A legal variation: only the facts' informational check sees it; every list check of the spec passes (their envelope is "not shown").
  { fault: 'list-envelope-results', catches: ['cloud/list/envelope'] },
  { fault: 'actions-newest-first', catches: ['cloud/action/list/returns-actions'] },
  { fault: 'include-related-ignored', catches: ['cloud/action/list/include-related-nodecluster', 'cloud/action/list/include-related-stack'] },
  {
    fault: 'filter-state-ignored',
    catches: [
      'cloud/nodecluster/list/filter-state',
      'cloud/action/list/filter-state',
      'cloud/action/list/filter-combinations',
      'cloud/nodecluster/list/filter-combinations',
    ],
  },
  // The filter checks' own Not running service, and their cluster whose node is gone (Empty cluster on the reference).
  { fault: 'state-filter-first-word', catches: ['cloud/nodecluster/list/filter-state', 'cloud/service/list/filter-state'] },
  // A service deployed in sequence caught Starting, Scaling, Redeploying, Stopping and Terminating (and its last container Starting,
  // Stopping, Terminating): the value-by-value checks ask the settled states only.
  {
    fault: 'state-filter-settled-only',
    catches: ['cloud/container/list/filter-state/transitional', 'cloud/service/list/filter-state/transitional'],
  },
  // A cluster and a node caught Deploying, Scaling, Upgrading or Terminating, each asked by that state.
  {
    fault: 'infra-state-filter-settled-only',
    catches: [
      'cloud/node/list/filter-state/transitional/deploying',
      'cloud/node/list/filter-state/transitional/upgrading',
      'cloud/node/list/filter-state/transitional/terminating',
      'cloud/nodecluster/list/filter-state/transitional/deploying',
      'cloud/nodecluster/list/filter-state/transitional/scaling',
      'cloud/nodecluster/list/filter-state/transitional/terminating',
    ],
  },
  // The action list's state of two words: a deploy In progress asked by uuid and state (judge 2126, #17).
  { fault: 'action-state-filter-split-on-space', catches: ['cloud/action/list/filter-state'] },
  { fault: 'repository-returns-password', catches: ['cloud/repository/credentials-write-only'] },
  { fault: 'repository-returns-auth', catches: ['cloud/repository/credentials-write-only'] },
  { fault: 'repository-in-use-by-prefix', catches: ['cloud/repository/in-use'] },
  { fault: 'repository-in-use-any-user', catches: ['cloud/repository/in-use/callers-only'] },
  { fault: 'repository-delete-200', catches: ['cloud/repository/delete/removed'] },
  {
    fault: 'date-filter-exclusive',
    catches: [
      'cloud/action/list/filter-start-date-gte',
      'cloud/action/list/filter-start-date-lte',
      'cloud/action/list/filter-end-date-gte',
      'cloud/action/list/filter-end-date-lte',
    ],
  },
  { fault: 'cluster-tags-not-propagated', catches: ['cloud/nodecluster/update/tags-replace'] },
  { fault: 'cluster-tags-first-node-only', catches: ['cloud/nodecluster/update/tags-replace'] },
  { fault: 'cluster-patch-resets-absent', catches: ['cloud/nodecluster/update/tags-replace', 'cloud/nodecluster/update/scale-target'] },
  // A count a PATCH scale never updates (judge 2132, #2): only the deploy and node-termination counts were read before.
  { fault: 'current-num-nodes-not-updated', catches: ['cloud/nodecluster/update/scale-target'] },
  { fault: 'states-not-enforced', catches: refusedInfraRows() },
  { fault: 'dates-never-set', catches: ['cloud/nodecluster/get/datetimes-track-operations'] },
  {
    fault: 'async-returns-200',
    catches: [
      'cloud/node/vendor-upgrade/upgrades',
      'cloud/node/terminate/terminates',
      'cloud/nodecluster/deploy/deploys',
      'cloud/node/health-check/sets-state',
      // The PATCH that scales goes through Scaling (judge 2132, #15): its 202 was only a fact.
      'cloud/nodecluster/update/scale-target',
    ],
  },
  { fault: 'cluster-update-action-created-success', catches: ['cloud/nodecluster/update/scale-target'] },
  {
    fault: 'no-action-header',
    catches: ['cloud/node/vendor-upgrade/upgrades', 'cloud/node/terminate/terminates', 'cloud/action/cancel/in-progress-to-canceling'],
  },
  { fault: 'terminated-cluster-deployable', catches: ['cloud/states/nodecluster/terminated-rejects-deploy'] },
  // "not reversible" was held only by a refused deploy, the sweep's PATCH sent {} (judge 2150, #25): it now sends a larger target_num_nodes.
  { fault: 'terminated-cluster-patch-scales', catches: ['cloud/errors/after-terminate/nodecluster'] },
  { fault: 'node-state-filter-deployed-ignored', catches: ['cloud/node/list/filter-state'] },
  { fault: 'registry-host-with-port', catches: ['cloud/registry/host-fqdn'] },
  { fault: 'action-end-date-at-read', catches: ['cloud/actions/async-ends-terminal/end-date-after-work'] },
  { fault: 'action-logs-follow-false-tail-dropped', catches: ['cloud/action/logs/follow-false-closes'] },
  // The default tail read on an action log of ~5 lines passed any default (judge 2134, #5): it now reads one of 311 lines.
  { fault: 'action-logs-tail-default-100', catches: ['cloud/action/logs/tail-default-300'] },
  // The cluster's disk only echoed passed (judge 2134, #14): its nodes must get it.
  { fault: 'node-disk-fixed-20', catches: ['cloud/nodecluster/get/nodes-disk'] },
  // A node's cpu, memory and public_ip were held to their types only (judge 2148, #18): now to what a container on the node sees.
  { fault: 'node-memory-in-bytes', catches: ['cloud/node/get/memory-mb'] },
  { fault: 'node-cpu-as-shares', catches: ['cloud/node/get/cpu-number-of-cpus'] },
  { fault: 'node-public-ip-fqdn', catches: ['cloud/node/get/public-ip-address'] },
  // A node disk of its own at or above 100 GB passed when only 60 and 100 were sent (judge 2142, #6): the largest listed size taken is sent.
  { fault: 'node-disk-fixed-250', catches: ['cloud/nodecluster/get/nodes-disk'] },
  // "on one private network" had no requirement (judge 2138, #8): nodes of one cluster must reach each other's private address.
  { fault: 'cluster-nodes-separate-networks', catches: ['cloud/nodecluster/nodes-one-private-network'] },
  {
    fault: 'cluster-terminate-aborts-work',
    catches: ['cloud/states/nodecluster/deploying-rejects-terminate', 'cloud/states/nodecluster/scaling-rejects-terminate'],
  },
];
