/**
 * Parametrised fault families: one mechanism that breaks many rules, one named fault per rule.
 *
 * - `filter-ignored:<list>.<param>`: the list ignores that documented query filter.
 * - `field-ignored:<resource>.<field>`: create ignores that field of the body (its default applies;
 *   for `service.image` the tag is dropped, so `latest` applies).
 * - `update-ignored:service.<field>`: service PATCH ignores that field.
 * - `op-refused:<kind>.<operation>`: the operation is refused (409) in every state, also where the
 *   state table allows it.
 * - `field-missing:<kind>`: every object of that kind the API answers lacks one documented field
 *   (MISSING_FIELD), which the flows of the checks do not need.
 *
 * Names use the spec's neutral spelling (`vendor_version`, `is_vendor_registry`).
 */
import type { CloudFault, FaultSet } from './faults.ts';

/** The documented query filters of every list endpoint. */
export const FILTER_PARAMS: Readonly<Record<string, readonly string[]>> = {
  provider: ['name'],
  region: ['name', 'provider'],
  az: ['name', 'region'],
  nodetype: ['name', 'regions', 'availability_zones'],
  nodecluster: ['uuid', 'state', 'name', 'region', 'node_type'],
  node: ['uuid', 'state', 'node_cluster', 'node_type', 'region', 'vendor_version'],
  registry: ['uuid', 'name', 'host', 'is_vendor_registry'],
  repository: ['name', 'registry'],
  stack: ['uuid', 'name'],
  service: ['uuid', 'state', 'name', 'stack'],
  container: ['uuid', 'state', 'name', 'service', 'node'],
  action: ['uuid', 'state', 'start_date__gte', 'start_date__lte', 'end_date__gte', 'end_date__lte'],
};

/** The optional fields of the create bodies the spec lists. */
export const CREATE_FIELDS: Readonly<Record<string, readonly string[]>> = {
  service: [
    'image',
    'name',
    'target_num_containers',
    'run_command',
    'entrypoint',
    'container_ports',
    'container_envvars',
    'linked_to_service',
    'bindings',
    'autorestart',
    'autodestroy',
    'sequential_deployment',
    'roles',
    'privileged',
    'deployment_strategy',
    'tags',
    'autoredeploy',
    'net',
    'pid',
    'working_dir',
    'nickname',
  ],
  nodecluster: ['disk', 'nickname', 'target_num_nodes', 'tags', 'provider_options'],
  stack: ['nickname'],
};

/** The fields of the service update body. */
export const SERVICE_UPDATE_FIELDS: readonly string[] = [
  'autorestart',
  'autodestroy',
  'container_envvars',
  'container_ports',
  'cpu_shares',
  'entrypoint',
  'image',
  'linked_to_service',
  'memory',
  'privileged',
  'roles',
  'run_command',
  'sequential_deployment',
  'tags',
  'target_num_containers',
  'deployment_strategy',
  'autoredeploy',
  'net',
  'pid',
  'working_dir',
  'nickname',
];

/** Per resource kind, the documented field the field-missing fault leaves out of its objects. */
export const MISSING_FIELD: Readonly<Record<string, string>> = {
  provider: 'label',
  region: 'label',
  az: 'available',
  nodetype: 'label',
  nodecluster: 'current_num_nodes',
  node: 'vendor_graphdriver',
  registry: 'is_ssl',
  repository: 'in_use',
  stack: 'synchronized',
  service: 'public_dns',
  container: 'private_ip',
  action: 'user_agent',
};

/** The asynchronous operations of each resource's state table. */
export const OPERATIONS: Readonly<Record<string, readonly string[]>> = {
  nodecluster: ['deploy', 'terminate'],
  node: ['terminate', 'vendor-upgrade', 'health-check'],
  stack: ['start', 'stop', 'redeploy', 'terminate'],
  service: ['start', 'stop', 'redeploy', 'terminate', 'scale'],
  container: ['start', 'stop', 'redeploy', 'terminate'],
};

/**
 * `action-field-wrong:<field>`: every action records that field wrongly (the method as GET, the
 * path as /, another user, another user agent, a non-user action, no IP address, the flags
 * inverted), the rest as it should.
 */
export const ACTION_FIELD_WRONG: Readonly<Record<string, (value: unknown) => unknown>> = {
  method: () => 'GET',
  path: () => '/',
  user: () => 'someone-else',
  user_agent: () => 'unknown',
  is_user_action: () => false,
  ip: () => 'unknown',
  can_be_canceled: (value) => !value,
  can_be_retried: (value) => !value,
};

export const filterIgnored = (list: string, param: string): string => `filter-ignored:${list}.${param}`;
export const actionFieldWrong = (field: string): string => `action-field-wrong:${field}`;
export const fieldIgnored = (resource: string, field: string): string => `field-ignored:${resource}.${field}`;
export const updateIgnored = (field: string): string => `update-ignored:service.${field}`;
export const fieldMissing = (kind: string): string => `field-missing:${kind}`;
export const opRefused = (kind: string, op: string): string => `op-refused:${kind}.${op}`;

/** Every member of every family, as named faults. */
export const FAMILY_FAULTS: ReadonlyArray<CloudFault> = [
  ...Object.entries(FILTER_PARAMS).flatMap(([list, params]) =>
    params.map((p) => ({
      name: filterIgnored(list, p),
      area: 'filters',
      description: `the ${list} list ignores the ${p} query filter (answers as if it were absent)`,
    })),
  ),
  ...Object.entries(CREATE_FIELDS).flatMap(([resource, fields]) =>
    fields.map((f) => ({
      name: fieldIgnored(resource, f),
      area: 'create',
      description:
        f === 'image' ? `${resource} create drops the tag of image (latest applies)` : `${resource} create ignores ${f} in the body (its default applies)`,
    })),
  ),
  ...SERVICE_UPDATE_FIELDS.map((f) => ({ name: updateIgnored(f), area: 'update', description: `service PATCH ignores ${f} in the body` })),
  ...Object.entries(OPERATIONS).flatMap(([kind, ops]) =>
    ops.map((op) => ({
      name: opRefused(kind, op),
      area: 'states',
      description: `${op} of a ${kind} is refused (409) in every state, also where the state table allows it`,
    })),
  ),
  ...Object.entries(MISSING_FIELD).map(([kind, field]) => ({
    name: fieldMissing(kind),
    area: 'shapes',
    description: `${kind} objects lack the documented ${field} field`,
  })),
  ...Object.keys(ACTION_FIELD_WRONG).map((field) => ({ name: actionFieldWrong(field), area: 'actions', description: `every action records ${field} wrongly` })),
];

/** A body without the fields the faults make the target ignore (`faultOf` names a field's fault); image keeps its name. */
export function withoutIgnored<T extends Record<string, unknown>>(faults: FaultSet, body: T, faultOf: (field: string) => string): T {
  const kept: Record<string, unknown> = { ...body };
  for (const field of Object.keys(body)) {
    if (!faults.has(faultOf(field))) continue;
    if (field === 'image' && typeof body.image === 'string') kept.image = withoutTag(body.image);
    else delete kept[field];
  }
  return kept as T;
}

/** `host/org/app:1.2` → `host/org/app` (a digest stays). */
function withoutTag(image: string): string {
  const slash = image.lastIndexOf('/');
  const colon = image.lastIndexOf(':');
  return colon > slash ? image.slice(0, colon) : image;
}
