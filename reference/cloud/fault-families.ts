/**
 * Parametrised fault families: one mechanism that breaks many rules, one named fault per rule.
 *
 * - `filter-ignored:<list>.<param>`: the list ignores that documented query filter.
 * - `filters-first-only:<list>`: the list applies the first of the filters given (in its own order)
 *   and drops the others, as a query builder with one branch per filter (if ... else if ...) does.
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
import { type Fault, keysOf } from '../faults.ts';
import type { CloudFaultName, FaultSet } from './faults.ts';

/** The documented query filters of every list endpoint. */
export const FILTER_PARAMS = {
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
} as const satisfies Readonly<Record<string, readonly string[]>>;

/** The lists with two or more filters whose filters the reference applies in one place (http/filters.ts; not the action list's). */
export const COMBINED_FILTER_LISTS = ['region', 'az', 'nodetype', 'nodecluster', 'node', 'registry', 'repository', 'stack', 'service', 'container'] as const;

/** The optional fields of the create bodies the spec lists. */
export const CREATE_FIELDS = {
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
} as const satisfies Readonly<Record<string, readonly string[]>>;

/** The fields of the service update body. */
export const SERVICE_UPDATE_FIELDS = [
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
] as const;

/** Per resource kind, the documented field the field-missing fault leaves out of its objects. */
export const MISSING_FIELD = {
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
} as const satisfies Readonly<Record<string, string>>;

/** The asynchronous operations of each resource's state table. */
export const OPERATIONS = {
  nodecluster: ['deploy', 'terminate'],
  node: ['terminate', 'vendor-upgrade', 'health-check'],
  stack: ['start', 'stop', 'redeploy', 'terminate'],
  service: ['start', 'stop', 'redeploy', 'terminate', 'scale'],
  container: ['start', 'stop', 'redeploy', 'terminate'],
} as const satisfies Readonly<Record<string, readonly string[]>>;

/**
 * `action-field-wrong:<field>`: every action records that field wrongly (the method as GET, the
 * path as /, another user, another user agent, a non-user action, no IP address, the flags
 * inverted), the rest as it should.
 */
export const ACTION_FIELD_WRONG = {
  method: () => 'GET',
  path: () => '/',
  user: () => 'someone-else',
  user_agent: () => 'unknown',
  is_user_action: () => false,
  ip: () => 'unknown',
  can_be_canceled: (value) => !value,
  can_be_retried: (value) => !value,
} as const satisfies Readonly<Record<string, (value: unknown) => unknown>>;

type FilterParams = typeof FILTER_PARAMS;
type CreateFields = typeof CREATE_FIELDS;
type Operations = typeof OPERATIONS;
type FilterIgnoredOf = { [L in keyof FilterParams]: `filter-ignored:${L}.${FilterParams[L][number]}` };
type FieldIgnoredOf = { [R in keyof CreateFields]: `field-ignored:${R}.${CreateFields[R][number]}` };
type OpRefusedOf = { [K in keyof Operations]: `op-refused:${K}.${Operations[K][number]}` };

export type FilterIgnoredName = FilterIgnoredOf[keyof FilterParams];
export type FiltersFirstOnlyName = `filters-first-only:${(typeof COMBINED_FILTER_LISTS)[number]}`;
export type FieldIgnoredName = FieldIgnoredOf[keyof CreateFields];
export type UpdateIgnoredName = `update-ignored:service.${(typeof SERVICE_UPDATE_FIELDS)[number]}`;
export type OpRefusedName = OpRefusedOf[keyof Operations];
export type FieldMissingName = `field-missing:${keyof typeof MISSING_FIELD}`;
export type ActionFieldWrongName = `action-field-wrong:${keyof typeof ACTION_FIELD_WRONG}`;

/** The name of a member of a parametrised family (`filter-ignored:service.state`). */
export type CloudFamilyFaultName =
  | FilterIgnoredName
  | FiltersFirstOnlyName
  | FieldIgnoredName
  | UpdateIgnoredName
  | OpRefusedName
  | FieldMissingName
  | ActionFieldWrongName;

// The builders take only a (list, param), (resource, field) or (kind, operation) pair of the family,
// so a member named in code is checked; the overload gives each pair its own member type.
export function filterIgnored<L extends keyof FilterParams>(list: L, param: FilterParams[L][number]): FilterIgnoredOf[L];
export function filterIgnored(list: string, param: string): string {
  return `filter-ignored:${list}.${param}`;
}
export function fieldIgnored<R extends keyof CreateFields>(resource: R, field: CreateFields[R][number]): FieldIgnoredOf[R];
export function fieldIgnored(resource: string, field: string): string {
  return `field-ignored:${resource}.${field}`;
}
export function opRefused<K extends keyof Operations>(kind: K, op: Operations[K][number]): OpRefusedOf[K];
export function opRefused(kind: string, op: string): string {
  return `op-refused:${kind}.${op}`;
}
export const filtersFirstOnly = (list: (typeof COMBINED_FILTER_LISTS)[number]): FiltersFirstOnlyName => `filters-first-only:${list}`;
export const updateIgnored = (field: (typeof SERVICE_UPDATE_FIELDS)[number]): UpdateIgnoredName => `update-ignored:service.${field}`;
export const fieldMissing = (kind: keyof typeof MISSING_FIELD): FieldMissingName => `field-missing:${kind}`;
export const actionFieldWrong = (field: keyof typeof ACTION_FIELD_WRONG): ActionFieldWrongName => `action-field-wrong:${field}`;

const FILTER_MEMBERS = keysOf(FILTER_PARAMS).flatMap((list) => FILTER_PARAMS[list].map((param) => ({ list, param, name: filterIgnored(list, param) })));
const CREATE_MEMBERS = keysOf(CREATE_FIELDS).flatMap((resource) =>
  CREATE_FIELDS[resource].map((field) => ({ resource, field, name: fieldIgnored(resource, field) })),
);
const OPERATION_MEMBERS = keysOf(OPERATIONS).flatMap((kind) => OPERATIONS[kind].map((op) => ({ kind, op, name: opRefused(kind, op) })));

// Lookups for names that arrive at run time (a query parameter, a body field, a URI's kind): the
// member of the family, or undefined when the family has none for them.
const byKey = <Name extends string>(entries: ReadonlyArray<readonly [string, Name]>): ReadonlyMap<string, Name> => new Map(entries);
const FILTER_BY_KEY = byKey(FILTER_MEMBERS.map((m) => [`${m.list}.${m.param}`, m.name] as const));
const CREATE_BY_KEY = byKey(CREATE_MEMBERS.map((m) => [`${m.resource}.${m.field}`, m.name] as const));
const UPDATE_BY_KEY = byKey(SERVICE_UPDATE_FIELDS.map((f) => [f, updateIgnored(f)] as const));
const OPERATION_BY_KEY = byKey(OPERATION_MEMBERS.map((m) => [`${m.kind}.${m.op}`, m.name] as const));

/** The filter-ignored member of a list's query parameter, if the family has one. */
export const filterIgnoredFault = (list: string, param: string): FilterIgnoredName | undefined => FILTER_BY_KEY.get(`${list}.${param}`);
/** The filter-ignored members of a list, with the parameter each one makes the list ignore. */
export const filterIgnoredFaults = (list: string): ReadonlyArray<{ param: string; name: FilterIgnoredName }> => FILTER_MEMBERS.filter((m) => m.list === list);
/** The filters-first-only member of a list, if the family has one. */
export const filtersFirstOnlyFault = (list: string): FiltersFirstOnlyName | undefined =>
  COMBINED_FILTER_LISTS.find((l) => l === list) && filtersFirstOnly(list as (typeof COMBINED_FILTER_LISTS)[number]);
/** The field-ignored member of a create body's field, if the family has one. */
export const fieldIgnoredFault = (resource: string, field: string): FieldIgnoredName | undefined => CREATE_BY_KEY.get(`${resource}.${field}`);
/** The update-ignored member of a service update body's field, if the family has one. */
export const updateIgnoredFault = (field: string): UpdateIgnoredName | undefined => UPDATE_BY_KEY.get(field);
/** The op-refused member of an operation of a resource kind, if the family has one. */
export const opRefusedFault = (kind: string, op: string): OpRefusedName | undefined => OPERATION_BY_KEY.get(`${kind}.${op}`);
/** The field-missing member of a resource kind and the field it leaves out, if the family has one. */
export function fieldMissingFault(kind: string): { name: FieldMissingName; field: string } | undefined {
  const known = keysOf(MISSING_FIELD).find((k) => k === kind);
  return known && { name: fieldMissing(known), field: MISSING_FIELD[known] };
}

const family = <Name extends string, Area extends string>(area: Area, members: ReadonlyArray<{ name: Name; description: string }>) =>
  members.map(({ name, description }): Fault<Name, Area> => ({ name, area, description }));

/** Every member of every family, as named faults. */
export const FAMILY_FAULTS = [
  ...family(
    'filters',
    FILTER_MEMBERS.map(({ list, param, name }) => ({ name, description: `the ${list} list ignores the ${param} query filter (answers as if it were absent)` })),
  ),
  ...family(
    'filters',
    COMBINED_FILTER_LISTS.map((list) => ({
      name: filtersFirstOnly(list),
      description: `the ${list} list applies only the first of the filters given (in its own order) and drops the others`,
    })),
  ),
  ...family(
    'create',
    CREATE_MEMBERS.map(({ resource, field, name }) => ({
      name,
      description:
        field === 'image'
          ? `${resource} create drops the tag of image (latest applies)`
          : `${resource} create ignores ${field} in the body (its default applies)`,
    })),
  ),
  ...family(
    'update',
    SERVICE_UPDATE_FIELDS.map((f) => ({ name: updateIgnored(f), description: `service PATCH ignores ${f} in the body` })),
  ),
  ...family(
    'states',
    OPERATION_MEMBERS.map(({ kind, op, name }) => ({
      name,
      description: `${op} of a ${kind} is refused (409) in every state, also where the state table allows it`,
    })),
  ),
  ...family(
    'shapes',
    keysOf(MISSING_FIELD).map((kind) => ({ name: fieldMissing(kind), description: `${kind} objects lack the documented ${MISSING_FIELD[kind]} field` })),
  ),
  ...family(
    'actions',
    keysOf(ACTION_FIELD_WRONG).map((field) => ({ name: actionFieldWrong(field), description: `every action records ${field} wrongly` })),
  ),
];

/** A body without the fields the faults make the target ignore (`faultOf` names a field's fault); image keeps its name. */
export function withoutIgnored<T extends Record<string, unknown>>(faults: FaultSet, body: T, faultOf: (field: string) => CloudFaultName | undefined): T {
  const kept: Record<string, unknown> = { ...body };
  for (const field of Object.keys(body)) {
    const fault = faultOf(field);
    if (fault === undefined || !faults.has(fault)) continue;
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
