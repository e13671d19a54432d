/** The parametrised fault families (reference/cloud/fault-families.ts) and the checks each member breaks. */
import {
  COMBINED_FILTER_LISTS,
  CREATE_FIELDS,
  fieldIgnored,
  fieldMissing,
  FILTER_PARAMS,
  filterIgnored,
  filtersFirstOnly,
  MISSING_FIELD,
  OPERATIONS,
  opRefused,
  SERVICE_UPDATE_FIELDS,
  updateIgnored,
} from '../../../reference/cloud/fault-families.ts';
import { keysOf } from '../../../reference/faults.ts';
import { cloudChecks } from '../../../suites/cloud/all-checks.ts';
import type { CloudTeeth } from './types.ts';

const slug = (param: string): string => param.replace(/__/g, '-').replace(/_/g, '-');

/** Each ignored filter fails the check of that filter (the random combination checks may not draw it). */
const filterTeeth: CloudTeeth[] = keysOf(FILTER_PARAMS).flatMap((list) =>
  FILTER_PARAMS[list].map((param) => ({
    fault: filterIgnored(list, param),
    catches: [`cloud/${list}/list/filter-${slug(param)}`],
  })),
);

/**
 * Filters given together must all apply: a list that applies only the first one given fails the list's
 * combination check, and so does the region list that drops name when provider is given (a named blind
 * fault, whose row lives here beside its family's).
 */
const combinationTeeth: CloudTeeth[] = [
  ...COMBINED_FILTER_LISTS.map((list) => ({ fault: filtersFirstOnly(list), catches: [`cloud/${list}/list/filter-combinations`] })),
];

/** Service create fields whose default check also sends another value. */
const SERVICE_DEFAULT_SLUG: Record<string, string> = {
  target_num_containers: 'target-num-containers-1',
  linked_to_service: 'linked-to-service-empty',
  run_command: 'run-command-null',
  entrypoint: 'entrypoint-null',
  container_ports: 'container-ports-empty',
  container_envvars: 'container-envvars-empty',
  bindings: 'bindings-empty',
  autorestart: 'autorestart-off',
  autodestroy: 'autodestroy-off',
  sequential_deployment: 'sequential-deployment-false',
  roles: 'roles-empty',
  privileged: 'privileged-false',
  deployment_strategy: 'deployment-strategy-emptiest-node',
  tags: 'tags-empty',
  autoredeploy: 'autoredeploy-false',
  net: 'net-bridge',
  pid: 'pid-none',
  working_dir: 'working-dir-slash',
};

/** Fields whose every documented value the enum check sends (the default value too, so ignoring the field fails it). */
const ENUM_FIELDS = ['autorestart', 'autodestroy', 'deployment_strategy', 'net', 'pid', 'roles', 'container_ports'];

/** Node cluster create fields: the echo check, and the check of the field's default (which also sends another value). */
const CLUSTER_DEFAULT_CHECK: Record<string, string> = {
  // Not disk: since f68f9ccf the default-disk check judges only providers that keep a disk sent (takesDisk reads it back),
  // so a target ignoring disk is not judged for its default; the echo check catches it.
  nickname: 'cloud/nodecluster/create/default-nickname-name',
  target_num_nodes: 'cloud/nodecluster/create/default-nickname-name',
  tags: 'cloud/nodecluster/create/default-nickname-name',
};

/** Each ignored create field fails the check that the created object keeps what was sent. */
const createTeeth: CloudTeeth[] = [
  ...CREATE_FIELDS.service.map((f) => ({
    fault: fieldIgnored('service', f),
    catches: [
      'cloud/service/create/returns-service',
      ...(SERVICE_DEFAULT_SLUG[f] ? [`cloud/service/create/default-${SERVICE_DEFAULT_SLUG[f]}`] : []),
      ...(ENUM_FIELDS.includes(f) ? ['cloud/service/create/enum-values-accepted'] : []),
    ],
  })),
  ...CREATE_FIELDS.nodecluster.map((f) => ({
    fault: fieldIgnored('nodecluster', f),
    catches: [
      f === 'provider_options' ? 'cloud/nodecluster/create/echoes-body/provider-options' : 'cloud/nodecluster/create/echoes-body',
      ...(CLUSTER_DEFAULT_CHECK[f] ? [CLUSTER_DEFAULT_CHECK[f]] : []),
    ],
  })),
  { fault: fieldIgnored('stack', 'nickname'), catches: ['cloud/stack/create/default-nickname-name'] },
];

/** Each ignored update field fails the check that PATCH sets what it sends (tags and the scale target have checks of their own). */
const updateTeeth: CloudTeeth[] = SERVICE_UPDATE_FIELDS.map((f) => ({
  fault: updateIgnored(f),
  catches:
    f === 'tags'
      ? ['cloud/service/update/tags-replace']
      : ['cloud/service/update/applies-fields', ...(f === 'target_num_containers' ? ['cloud/service/update/target-num-containers'] : [])],
}));

/** The checks that read objects of each kind against its schema: a documented field missing fails each. */
const SHAPE_CHECKS: Record<keyof typeof MISSING_FIELD, string[]> = {
  provider: ['cloud/provider/list/returns-providers', 'cloud/provider/get/returns-provider'],
  region: ['cloud/region/list/returns-regions', 'cloud/region/get/returns-region'],
  az: ['cloud/az/list/returns-azs', 'cloud/az/get/returns-az'],
  nodetype: ['cloud/nodetype/list/returns-nodetypes', 'cloud/nodetype/get/returns-nodetype'],
  nodecluster: ['cloud/nodecluster/create/returns-node-cluster', 'cloud/nodecluster/list/returns-node-clusters', 'cloud/nodecluster/get/returns-node-cluster'],
  node: ['cloud/node/list/returns-nodes', 'cloud/node/get/returns-node'],
  registry: ['cloud/registry/list/returns-registries', 'cloud/registry/get/returns-registry'],
  repository: [
    'cloud/repository/create/returns-repository',
    'cloud/repository/list/returns-repositories',
    'cloud/repository/get/name-with-slashes',
    'cloud/repository/in-use',
  ],
  stack: ['cloud/stack/create/returns-stack', 'cloud/stack/list/returns-stacks', 'cloud/stack/get/returns-stack'],
  service: ['cloud/service/create/returns-service', 'cloud/service/list/returns-services', 'cloud/service/get/returns-service'],
  container: ['cloud/container/list/returns-containers', 'cloud/container/get/returns-container'],
  action: ['cloud/action/list/returns-actions', 'cloud/actions/header-on-creating-responses'],
};

const shapeTeeth: CloudTeeth[] = keysOf(MISSING_FIELD).map((kind) => ({ fault: fieldMissing(kind), catches: SHAPE_CHECKS[kind] }));

/** The check of each operation's effect. */
const EFFECT_CHECK: Record<string, string> = {
  'nodecluster.deploy': 'cloud/nodecluster/deploy/deploys',
  'nodecluster.terminate': 'cloud/nodecluster/terminate/terminates-nodes',
  'node.terminate': 'cloud/node/terminate/terminates',
  'node.vendor-upgrade': 'cloud/node/vendor-upgrade/upgrades',
  'node.health-check': 'cloud/node/health-check/sets-state',
  'stack.start': 'cloud/stack/start/starts-services',
  'stack.stop': 'cloud/stack/stop/stops-services',
  'stack.redeploy': 'cloud/stack/redeploy/redeploys-services',
  'stack.terminate': 'cloud/stack/terminate/terminates-services',
  'service.start': 'cloud/service/start/effect',
  'service.stop': 'cloud/service/stop/effect',
  'service.redeploy': 'cloud/service/redeploy/effect',
  'service.terminate': 'cloud/service/terminate/effect',
  'service.scale': 'cloud/service/update/target-num-containers',
  'container.start': 'cloud/container/start/effect',
  'container.stop': 'cloud/container/stop/effect',
  'container.redeploy': 'cloud/container/redeploy/effect',
  'container.terminate': 'cloud/container/terminate/effect',
};

/**
 * State rows whose state is reached through the very operation they allow (a stack or service is
 * Stopped, a service Partly running, only after a start): under that operation's refusal their set-up is
 * refused, and they are blocked by the operation's effect check, which catches the fault.
 */
const REACHED_THROUGH_OPERATION = new Set([
  'cloud/states/stack/stopped-allows-start',
  'cloud/states/service/stopped-allows-start',
  'cloud/states/service/partly-running-allows-start',
]);

/** An operation refused everywhere fails every state row that allows it (and is not reached through it), and the check of its effect. */
const refusedTeeth: CloudTeeth[] = keysOf(OPERATIONS).flatMap((kind) =>
  OPERATIONS[kind].map((op) => ({
    fault: opRefused(kind, op),
    catches: [
      ...cloudChecks
        .map((c) => c.id)
        .filter((id) => id.startsWith(`cloud/states/${kind}/`) && id.endsWith(`-allows-${op}`) && !REACHED_THROUGH_OPERATION.has(id)),
      EFFECT_CHECK[`${kind}.${op}`]!,
    ],
  })),
);

export const familyTeeth: CloudTeeth[] = [...filterTeeth, ...combinationTeeth, ...createTeeth, ...updateTeeth, ...shapeTeeth, ...refusedTeeth];
