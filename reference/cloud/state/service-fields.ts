/**
 * Reading service create and update bodies, with the spec's defaults. References to other
 * services (linked_to_service[].to_service, bindings[].volumes_from) are kept as given and
 * resolved by the caller: URIs for a service, URIs or names of sibling services in a stack.
 */
import { fieldIgnoredFault, updateIgnoredFault, withoutIgnored } from '../fault-families.ts';
import { badRequest } from '../http/errors.ts';
import type { World } from '../world.ts';
import type { EnvVar, PortSpec, ServiceConfig } from './model.ts';
import { optBool, optEnum, optInt, optList, optObject, optString, optStringList, optTags, reqString, type Fields } from './validate.ts';

export interface LinkRequest {
  ref: string;
  name?: string;
}

export interface BindingRequest {
  host_path: string | null;
  container_path: string | null;
  rewritable: boolean;
  volumesFromRef: string | null;
}

export interface ServiceSpec {
  config: ServiceConfig;
  links: LinkRequest[];
  bindings: BindingRequest[];
}

export interface ServiceUpdateSpec {
  config: Partial<ServiceConfig>;
  links?: LinkRequest[];
}

type Reader = (body: Fields, world: World) => unknown;

const AUTORESTART = ['OFF', 'ON_FAILURE', 'ALWAYS'] as const;
const AUTODESTROY = ['OFF', 'ON_SUCCESS', 'ALWAYS'] as const;
export const STRATEGIES = ['EMPTIEST_NODE', 'HIGH_AVAILABILITY', 'EVERY_NODE'] as const;

/** Fields both create and update take (update's list in the spec). */
const UPDATE_READERS: Partial<Record<keyof ServiceConfig, Reader>> = {
  autorestart: (b, world) => optEnum(b, 'autorestart', AUTORESTART, world.faults.has('blind6-service-restart-policy-case-insensitive')),
  autodestroy: (b, world) => optEnum(b, 'autodestroy', AUTODESTROY, world.faults.has('blind6-service-restart-policy-case-insensitive')),
  container_envvars: readEnv,
  container_ports: readPorts,
  // Under `blind9-cpu-shares-string-kept` a string value is stored as sent (no type check on this one field).
  cpu_shares: (b, world) =>
    typeof b.cpu_shares === 'string' && world.faults.has('blind9-cpu-shares-string-kept') ? (b.cpu_shares as unknown as number) : optInt(b, 'cpu_shares'),
  entrypoint: (b) => optString(b, 'entrypoint'),
  memory: (b) => optInt(b, 'memory'),
  privileged: (b) => optBool(b, 'privileged'),
  roles: readRoles,
  run_command: (b) => optString(b, 'run_command'),
  sequential_deployment: (b) => optBool(b, 'sequential_deployment'),
  tags: (b, world) => optTags(b, !world.faults.has('tags-string-list-rejected')),
  target_num_containers: (b, world) => optInt(b, 'target_num_containers', world.faults.has('blind2-service-negative-target-accepted') ? -1 : 0),
  deployment_strategy: (b) => optEnum(b, 'deployment_strategy', STRATEGIES),
  autoredeploy: (b) => optBool(b, 'autoredeploy'),
  net: (b) => optEnum(b, 'net', ['bridge', 'host'] as const),
  // Under `blind23-pid-none-refused` the value set is the engine's PidMode one, where only host is a value (none is its absence).
  pid: (b, world) => optEnum(b, 'pid', world.faults.has('blind23-pid-none-refused') ? (['host'] as const) : (['none', 'host'] as const)),
  working_dir: (b) => optString(b, 'working_dir'),
  nickname: (b) => optString(b, 'nickname'),
};

/** Descriptive fields of the service resource that create also takes. */
const CREATE_READERS: Partial<Record<keyof ServiceConfig, Reader>> = {
  ...UPDATE_READERS,
  labels: readLabels,
  user: (b) => optString(b, 'user'),
  hostname: (b) => optString(b, 'hostname'),
  domainname: (b) => optString(b, 'domainname'),
  mac_address: (b) => optString(b, 'mac_address'),
  // Under `blind34-service-cgroup-name` the field is read by the attribute table's name, cgroup_name: cgroup_parent is not read.
  cgroup_parent: (b, world) => optString(b, world.faults.has('blind34-service-cgroup-name') ? 'cgroup_name' : 'cgroup_parent'),
  tty: (b) => optBool(b, 'tty'),
  stdin_open: (b) => optBool(b, 'stdin_open'),
  read_only: (b) => optBool(b, 'read_only'),
  cpuset: (b) => optString(b, 'cpuset'),
  memory_swap: (b) => optInt(b, 'memory_swap'),
  ...Object.fromEntries(
    ['dns', 'dns_search', 'cap_add', 'cap_drop', 'extra_hosts', 'security_opt', 'devices'].map((k) => [k, (b: Fields) => optStringList(b, k)]),
  ),
};

function readValues(world: World, body: Fields, readers: Partial<Record<keyof ServiceConfig, Reader>>): Partial<ServiceConfig> {
  const values: Record<string, unknown> = {};
  for (const [field, read] of Object.entries(readers)) {
    const v = read(body, world);
    if (v !== undefined) values[field] = v;
  }
  return values as Partial<ServiceConfig>;
}

/** `image` with the tag `latest` when it names none (`portIsTag`, the fault image-registry-port-read-as-tag: any colon names one). */
export function normalizeImage(image: string, portIsTag = false): string {
  const last = portIsTag ? image : image.slice(image.lastIndexOf('/') + 1);
  return last.includes(':') || last.includes('@') ? image : `${image}:latest`;
}

/** The fault image-registry-port-read-as-tag: the image is cut at its first colon, a registry's port too. */
const portIsTag = (world: World): boolean => world.faults.has('image-registry-port-read-as-tag');

/**
 * The image name without registry, namespace and tag: `quay.io/org/app:1` → `app` (with
 * `keepNamespace`, the fault service-name-with-namespace: `org-app`; with `keepTag`, the fault
 * blind2-service-name-keeps-tag: `app-1`).
 */
export function defaultServiceName(image: string, keepNamespace = false, keepTag = false): string {
  const parts = image.split('/');
  const last = (keepTag ? parts.at(-1)!.replace(/[:@]/g, '-') : parts.at(-1)!.split(/[:@]/)[0]) ?? image;
  const path = parts.length > 1 && /[.:]/.test(parts[0]!) ? parts.slice(1) : parts;
  return keepNamespace ? [...path.slice(0, -1), last].join('-') : last;
}

const NAME_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9_.-]*$/;

/** The required image; under `blind8-service-image-non-string-coerced` a value of another type is turned into a string. */
function imageOf(world: World, body: Fields): string {
  const raw = body.image;
  const coerced = world.faults.has('blind8-service-image-non-string-coerced') && raw !== undefined && raw !== null && typeof raw !== 'string';
  return coerced ? String(raw) : reqString(body, 'image');
}

/**
 * Under `blind28-service-target-default-shown-null` a service created without target_num_containers stores none (null):
 * the deploy takes 1 in its place, and the service shows null until an update (or EVERY_NODE) writes a target.
 */
export const targetNotStored = new WeakSet<ServiceConfig>();
/** Configs of services created without sequential_deployment, under `sequential-default-true-at-deploy` (until a PATCH sends it). */
export const sequentialUnsent = new WeakSet<ServiceConfig>();
/** Whether the service's containers deploy in sequence: under `sequential-default-true-at-deploy` an unsent flag deploys as true. */
export const deploysInSequence = (cfg: ServiceConfig): boolean => cfg.sequential_deployment || sequentialUnsent.has(cfg);

export function readServiceCreate(world: World, sent: Fields): ServiceSpec {
  const body = withoutIgnored(world.faults, sent, (f) => fieldIgnoredFault('service', f));
  const sentImage = world.faults.has('service-image-empty-accepted') && 'image' in body ? String(body.image ?? '') : imageOf(world, body);
  const image = world.faults.has('create-image-tag-not-defaulted') ? sentImage : normalizeImage(sentImage, portIsTag(world));
  const named = portIsTag(world) ? image.split(':')[0]! : image;
  // Under `blind25-service-name-second-segment` the image is read as namespace/name: the name is its second path segment.
  const pathName = world.faults.has('blind25-service-name-second-segment') ? (named.split('/')[1] ?? named) : named;
  // Under `blind32-service-name-digest-kept` the tag is cut at the first ':' of the last segment (`split(':')[0]`), which keeps a
  // digest's algorithm: busybox@sha256:… gives busybox@sha256, made a valid name busybox-sha256.
  const digestKept = world.faults.has('blind32-service-name-digest-kept') && pathName.includes('@');
  const name =
    optString(body, 'name') ??
    (digestKept
      ? (pathName.split('/').at(-1) ?? pathName).split(':')[0]!.replace(/@/g, '-')
      : defaultServiceName(pathName, world.faults.has('service-name-with-namespace'), world.faults.has('blind2-service-name-keeps-tag')));
  if (!NAME_PATTERN.test(name)) throw badRequest(`name '${name}' must match ${NAME_PATTERN.source}`);
  const sentValues = readValues(world, body, CREATE_READERS);
  const config: ServiceConfig = {
    ...defaultConfig(world, image, name),
    ...sentValues,
  };
  if (sentValues.target_num_containers === undefined && world.faults.has('blind28-service-target-default-shown-null')) targetNotStored.add(config);
  // Under `sequential-default-true-at-deploy` the deployer reads an unsent sequential_deployment as true; the service still shows false.
  if (sentValues.sequential_deployment === undefined && world.faults.has('sequential-default-true-at-deploy')) sequentialUnsent.add(config);
  return { config, links: readLinks(body, world) ?? [], bindings: readBindings(body, world) };
}

export function readServiceUpdate(world: World, sent: Fields): ServiceUpdateSpec {
  const body = withoutIgnored(world.faults, sent, updateIgnoredFault);
  const config = readValues(world, body, UPDATE_READERS);
  const image = optString(body, 'image');
  if (image !== undefined) config.image_name = world.faults.has('image-tag-not-defaulted') ? image : normalizeImage(image, portIsTag(world));
  return { config, links: readLinks(body, world) };
}

function defaultConfig(world: World, image: string, name: string): ServiceConfig {
  return {
    image_name: image,
    name,
    nickname: name,
    net: 'bridge',
    pid: 'none',
    target_num_containers: world.faults.has('service-default-target-2') ? 2 : 1,
    container_ports: [],
    container_envvars: [],
    labels: {},
    working_dir: world.faults.has('working-dir-default-empty') ? '' : '/',
    // Under `default-user-from-image` no user is set ('', the engine's default): the containers run as the image's USER.
    user: world.faults.has('default-user-from-image') ? '' : 'root',
    hostname: '',
    domainname: '',
    mac_address: '',
    cgroup_parent: '',
    tty: false,
    stdin_open: false,
    dns: [],
    dns_search: [],
    cap_add: [],
    cap_drop: [],
    extra_hosts: [],
    security_opt: [],
    devices: [],
    entrypoint: null,
    run_command: null,
    sequential_deployment: false,
    cpu_shares: null,
    cpuset: '',
    memory: null,
    memory_swap: null,
    autorestart: 'OFF',
    autodestroy: 'OFF',
    roles: [],
    privileged: false,
    read_only: false,
    deployment_strategy: 'EMPTIEST_NODE',
    tags: [],
    autoredeploy: false,
    ...(world.faults.has('service-defaults-off') ? OFF_DEFAULTS : {}),
  };
}

/** What the service-defaults-off fault puts in place of every documented default. */
const OFF_DEFAULTS: Partial<ServiceConfig> = {
  nickname: 'off',
  net: 'host',
  pid: 'host',
  target_num_containers: 3,
  container_ports: [{ protocol: 'tcp', inner_port: 1, outer_port: null, published: true }],
  container_envvars: [{ key: 'OFF', value: 'off' }],
  working_dir: '/off',
  user: 'nobody',
  tty: true,
  stdin_open: true,
  entrypoint: 'off',
  run_command: 'off',
  sequential_deployment: true,
  autorestart: 'ALWAYS',
  autodestroy: 'ALWAYS',
  roles: ['global'],
  privileged: true,
  read_only: true,
  deployment_strategy: 'HIGH_AVAILABILITY',
  tags: ['off'],
  autoredeploy: true,
};

/** Fault item-fields-checked-first-only: the required sub-fields of list items are checked in the first item alone. */
const unchecked = (world: World, index: number): boolean => index > 0 && world.faults.has('item-fields-checked-first-only');

function readPorts(body: Fields, world: World): PortSpec[] | undefined {
  return optList(body, 'container_ports')?.map((p, i) => {
    const protocol = optEnum(p, 'protocol', ['tcp', 'udp'] as const) ?? (unchecked(world, i) ? 'tcp' : undefined);
    if (!protocol) throw badRequest(`container_ports[${i}].protocol is required (tcp or udp)`);
    const inner = optInt(p, 'inner_port', 1) ?? (unchecked(world, i) ? 0 : undefined);
    if (inner === undefined || inner > 65535) throw badRequest(`container_ports[${i}].inner_port is required (1-65535)`);
    const outer = optInt(p, 'outer_port', 1);
    if (outer !== undefined && outer > 65535) throw badRequest(`container_ports[${i}].outer_port must be 1-65535`);
    return { protocol, inner_port: inner, outer_port: outer ?? null, published: optBool(p, 'published') ?? world.faults.has('port-published-default-true') };
  });
}

function readEnv(body: Fields, world: World): EnvVar[] | undefined {
  return optList(body, 'container_envvars')?.flatMap((e, i) => {
    if (unchecked(world, i)) return [{ key: String(e.key ?? ''), value: String(e.value ?? '') }];
    // Under `blind30-envvar-keyless-item-dropped` the list is read as a key→value map: an item without key is skipped, not refused.
    if ((e.key === undefined || e.key === null || e.key === '') && world.faults.has('blind30-envvar-keyless-item-dropped')) return [];
    if (typeof e.key !== 'string' || !e.key) throw badRequest(`container_envvars[${i}].key is required`);
    // Under `blind29-envvar-missing-value-empty` an item without value (or value null) is taken as KEY= (an empty value), as `-e KEY=` is.
    if ((e.value === undefined || e.value === null) && world.faults.has('blind29-envvar-missing-value-empty')) return [{ key: e.key, value: '' }];
    if (typeof e.value !== 'string') throw badRequest(`container_envvars[${i}].value is required (a string)`);
    return [{ key: e.key, value: e.value }];
  });
}

function readRoles(body: Fields): string[] | undefined {
  const roles = optStringList(body, 'roles');
  if (roles?.some((r) => r !== 'global')) throw badRequest("roles may only hold 'global'");
  return roles;
}

function readLabels(body: Fields): Record<string, string> | undefined {
  const labels = optObject(body, 'labels');
  if (labels && Object.values(labels).some((v) => typeof v !== 'string')) throw badRequest('labels values must be strings');
  return labels as Record<string, string> | undefined;
}

function readLinks(body: Fields, world: World): LinkRequest[] | undefined {
  return optList(body, 'linked_to_service')?.flatMap((l, i) => {
    if (typeof l.to_service !== 'string' || !l.to_service) {
      // Under `link-validates-first-only` only the first item is held to it: a later one without it is dropped.
      if (i > 0 && world.faults.has('link-validates-first-only')) return [];
      throw badRequest(`linked_to_service[${i}].to_service is required`);
    }
    // Under `blind22-link-name-required` the name is checked like to_service: a link without one is refused.
    if (world.faults.has('blind22-link-name-required') && (typeof l.name !== 'string' || !l.name)) throw badRequest(`linked_to_service[${i}].name is required`);
    return [{ ref: l.to_service, name: optString(l, 'name') }];
  });
}

function readBindings(body: Fields, world: World): BindingRequest[] {
  return (optList(body, 'bindings') ?? []).map((b, i) => {
    // Under `blind33-binding-container-path-from-host-path` a host path alone is bound at the same path inside (as `-v /srv:/srv`).
    const samePath = world.faults.has('blind33-binding-container-path-from-host-path') ? optString(b, 'host_path') : undefined;
    const container_path = optString(b, 'container_path') ?? samePath ?? null;
    const volumesFromRef = optString(b, 'volumes_from') ?? null;
    if (!container_path && !volumesFromRef && !unchecked(world, i)) throw badRequest(`bindings[${i}] needs container_path or volumes_from`);
    return {
      host_path: optString(b, 'host_path') ?? null,
      container_path,
      rewritable: optBool(b, 'rewritable') ?? !world.faults.has('binding-rewritable-default-false'),
      volumesFromRef,
    };
  });
}
