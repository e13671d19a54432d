/**
 * Services: the state table, building from a create body, updates, the JSON form, and the state
 * a service settles in. Not shown, chosen here: create → Not running; a settled service is
 * Running when all its live containers run, Partly running when some do, Stopped when none do
 * (Not running when it never had any). Scale and PATCH (not named by the table) are accepted in
 * Not running, Running, Partly running and Stopped.
 */
import { badRequest } from '../http/errors.ts';
import { newUuid } from '../ids.ts';
import { parseUri, resourceUri, type UriScope } from '../uris.ts';
import type { CloudUser } from '../users.ts';
import type { World } from '../world.ts';
import { serviceLinkVariables, serviceLinksJson } from './links.ts';
import { LogBook } from './logbook.ts';
import type { Service, ServiceBinding, ServiceConfig, ServiceLink, ServiceLogLine, ServiceState } from './model.ts';
import { announce, setState } from './notify.ts';
import { portsJson } from './ports.ts';
import { liveContainers } from './queries.ts';
import { pick } from './store.ts';
import { type BindingRequest, type LinkRequest, type ServiceSpec, type ServiceUpdateSpec, sequentialUnsent, targetNotStored } from './service-fields.ts';
import { refreshStack } from './stack.ts';
import { flagStackOutOfSync } from './stack-sync-flag.ts';
import { allows, type StateTable } from './states.ts';
import { tagsJson } from './validate.ts';

export type ServiceOp = 'start' | 'stop' | 'redeploy' | 'terminate';

export const SERVICE_OPS: StateTable<ServiceState, ServiceOp> = {
  'Not running': ['start', 'terminate'],
  Starting: [],
  Running: ['stop', 'redeploy', 'terminate'],
  // The table omits start here, but the start operation is described as acting on partly running services.
  'Partly running': ['start', 'stop', 'redeploy', 'terminate'],
  Scaling: [],
  Redeploying: [],
  Stopping: [],
  Stopped: ['start', 'redeploy', 'terminate'],
  Terminating: [],
  Terminated: [],
};

/** States where scale and PATCH are accepted. */
export const SERVICE_STABLE: readonly ServiceState[] = ['Not running', 'Running', 'Partly running', 'Stopped'];

export function serviceAllows(world: World, svc: Service, op: ServiceOp): boolean {
  if (op === 'start') {
    if (svc.state === 'Stopped' && world.faults.has('stopped-service-rejects-start')) return false;
    if (svc.state === 'Running' && world.faults.has('running-service-allows-start')) return true;
    if (svc.state === 'Terminated' && world.faults.has('terminate-reversible')) return true;
    if (svc.state === 'Partly running' && world.faults.has('blind-partly-running-start-refused')) return false;
  }
  if (op === 'redeploy' && svc.state === 'Stopped' && world.faults.has('blind2-stopped-service-redeploy-refused')) return false;
  if (op === 'stop' && svc.state === 'Partly running' && world.faults.has('blind5-service-partly-running-stop-refused')) return false;
  return allows(SERVICE_OPS, svc.state, op);
}

/** Resolves a reference to another service (URI, or a sibling's name in a stack) to its uuid. */
export type ServiceResolver = (ref: string) => string | undefined;

/** URIs of services in the namespace (under `service-ref-any-kind`, a URI of any kind that ends in a service's uuid). */
export function uriResolver(world: World, namespace: string): ServiceResolver {
  return (ref) => {
    const parsed = parseUri(ref);
    const anyKind = world.faults.has('service-ref-any-kind');
    const svc = parsed && (parsed.kind === 'service' || anyKind) ? world.store.services.get(parsed.id) : undefined;
    return svc && svc.scope.namespace === namespace ? svc.uuid : undefined;
  };
}

function resolveOrThrow(resolve: ServiceResolver, ref: string, field: string): string {
  const uuid = resolve(ref);
  if (!uuid) throw badRequest(`${field}: '${ref}' is not a service of this namespace`);
  return uuid;
}

export function resolveLinks(links: readonly LinkRequest[], resolve: ServiceResolver, nameOf: (uuid: string) => string): ServiceLink[] {
  return links.map((l) => {
    const to = resolveOrThrow(resolve, l.ref, 'linked_to_service.to_service');
    return { name: l.name ?? nameOf(to), to };
  });
}

export function resolveBindings(bindings: readonly BindingRequest[], resolve: ServiceResolver): ServiceBinding[] {
  return bindings.map((b) => ({
    host_path: b.host_path,
    container_path: b.container_path,
    rewritable: b.rewritable,
    volumesFrom: b.volumesFromRef ? resolveOrThrow(resolve, b.volumesFromRef, 'bindings.volumes_from') : null,
  }));
}

/** A service object from a create body (not stored yet; links and bindings set by the caller). */
export function buildService(scope: UriScope, spec: ServiceSpec, owner: CloudUser, stackUuid: string | null): Service {
  const uuid = newUuid();
  return {
    kind: 'service',
    uuid,
    resource_uri: resourceUri('service', [uuid], scope),
    scope,
    config: spec.config,
    state: 'Not running',
    stackUuid,
    containers: [],
    links: [],
    bindings: [],
    deployed_datetime: null,
    started_datetime: null,
    stopped_datetime: null,
    destroyed_datetime: null,
    owner,
    logs: new LogBook<ServiceLogLine>(),
    nextNumber: 1,
    revision: 1,
  };
}

export function storeService(world: World, svc: Service): void {
  if (world.faults.has('blind3-service-started-date-at-create')) svc.started_datetime ??= world.clock.now();
  world.store.services.set(svc.uuid, svc);
  announce(world, svc, 'create');
}

/** The target a service showed before a PATCH changed it, while no start, scale or redeploy applied the new one (a blind31 fault). */
export const appliedTarget = new WeakMap<ServiceConfig, number>();

/** Applies a PATCH; EVERY_NODE cannot be switched to or from. */
export function applyServiceUpdate(world: World, svc: Service, update: ServiceUpdateSpec, resolve: ServiceResolver): void {
  const strategy = update.config.deployment_strategy;
  const switchesEveryNode =
    strategy !== undefined && strategy !== svc.config.deployment_strategy && (strategy === 'EVERY_NODE' || svc.config.deployment_strategy === 'EVERY_NODE');
  if (switchesEveryNode && !world.faults.has('every-node-update-allowed'))
    throw badRequest('a service cannot be updated to or from the EVERY_NODE deployment strategy');
  const links = update.links ? resolveLinks(update.links, resolve, (uuid) => world.store.services.get(uuid)?.config.name ?? uuid) : undefined;
  const appendedTags = update.config.tags && world.faults.has('blind-service-tags-appended') ? [...svc.config.tags, ...update.config.tags] : undefined;
  // Under `blind31-target-shown-when-applied` the target shown stays the one last applied (kept here) until a start, scale or redeploy.
  if (update.config.target_num_containers !== undefined && world.faults.has('blind31-target-shown-when-applied') && !appliedTarget.has(svc.config))
    appliedTarget.set(svc.config, svc.config.target_num_containers);
  Object.assign(svc.config, update.config);
  if (update.config.target_num_containers !== undefined) targetNotStored.delete(svc.config);
  if (update.config.sequential_deployment !== undefined) sequentialUnsent.delete(svc.config);
  if (appendedTags) svc.config.tags = appendedTags;
  if (links) svc.links = links;
  // Under `blind12-service-patch-clears-links` the update's nil link list is assigned like a sent one: unsent links are cleared.
  else if (world.faults.has('blind12-service-patch-clears-links')) svc.links = [];
  if (update.config.image_name !== undefined || !world.faults.has('blind3-service-synchronized-image-only')) svc.revision += 1;
  flagStackOutOfSync(world, svc.stackUuid);
  announce(world, svc, 'update');
}

/** A service's container counters as written when its last operation settled (read under `blind32-service-counts-from-service-ops`). */
const countsAtSettle = new WeakMap<Service, { current: number; running: number; stopped: number }>();

/**
 * The state a service settles in from its containers (after its own work, or theirs).
 * @param byContainer a container changed on its own (refreshService): not a service operation settling.
 */
export function settleService(world: World, svc: Service, byContainer = false): void {
  if (!byContainer) {
    const live = liveContainers(world, svc);
    const count = (state: string): number => live.filter((c) => c.state === state).length;
    countsAtSettle.set(svc, { current: live.length, running: count('Running'), stopped: count('Stopped') });
  }
  if (svc.state !== 'Terminated') {
    const live = liveContainers(world, svc);
    const running = live.filter((c) => c.state === 'Running').length;
    const next: ServiceState =
      live.length === 0
        ? svc.deployed_datetime
          ? 'Stopped'
          : 'Not running'
        : running === live.length
          ? 'Running'
          : running > 0
            ? 'Partly running'
            : 'Stopped';
    setState(world, svc, next);
  }
  if (svc.stackUuid) refreshStack(world, svc.stackUuid);
}

/** After a container changed on its own: a service at rest follows its containers. */
export function refreshService(world: World, uuid: string): void {
  const svc = world.store.services.get(uuid);
  if (svc && SERVICE_STABLE.includes(svc.state)) settleService(world, svc, true);
}

export const servicePublicDns = (world: World, svc: Service): string => `${svc.config.name}.${svc.scope.namespace}.svc.${world.domain}`;

/**
 * stopped_num_containers from the live containers' count. `blind19-stopped-count-includes-terminated`
 * takes every container the service ever had that is not Running.
 */
function stoppedCount(world: World, svc: Service, stopped: number): number {
  if (world.faults.has('blind-stopped-count-zero')) return 0;
  if (world.faults.has('blind19-stopped-count-includes-terminated'))
    return pick(world.store.containers, svc.containers).filter((c) => c.state !== 'Running').length;
  return stopped;
}

export function serviceJson(world: World, svc: Service): Record<string, unknown> {
  const cfg = svc.config;
  const live = liveContainers(world, svc);
  const stack = svc.stackUuid ? world.store.stacks.get(svc.stackUuid) : undefined;
  const count = (state: string): number => live.filter((c) => c.state === state).length;
  // Under `blind32-service-counts-from-service-ops` the counters are columns the service's own operations write when they settle.
  const written = world.faults.has('blind32-service-counts-from-service-ops') ? countsAtSettle.get(svc) : undefined;
  return {
    uuid: svc.uuid,
    resource_uri: svc.resource_uri,
    image_name: cfg.image_name,
    name: cfg.name,
    nickname: cfg.nickname,
    public_dns: servicePublicDns(world, svc),
    // Under `blind7-service-not-running-capitalised` the state is written with the stack's spelling.
    state: svc.state === 'Not running' && world.faults.has('blind7-service-not-running-capitalised') ? 'Not Running' : svc.state,
    net: cfg.net,
    pid: cfg.pid,
    synchronized: world.faults.has('blind15-service-synchronized-newest-container')
      ? (live.at(-1)?.revision ?? svc.revision) === svc.revision
      : live.every((c) => c.revision === svc.revision),
    deployed_datetime: world.date(svc.deployed_datetime),
    started_datetime: world.date(svc.started_datetime),
    stopped_datetime: world.date(svc.stopped_datetime),
    destroyed_datetime: world.date(svc.destroyed_datetime),
    target_num_containers: targetNotStored.has(cfg) ? null : (appliedTarget.get(cfg) ?? cfg.target_num_containers),
    current_num_containers: written?.current ?? live.length,
    running_num_containers: written?.running ?? (world.faults.has('service-counters-stale') ? live.length : count('Running')),
    stopped_num_containers: written?.stopped ?? stoppedCount(world, svc, count('Stopped')),
    stack: stack?.resource_uri ?? null,
    containers: svc.containers.map((u) => world.store.containers.get(u)?.resource_uri).filter(Boolean),
    container_ports: portsJson(
      cfg.container_ports,
      cfg.container_ports.map((p) => p.outer_port),
      servicePublicDns(world, svc),
      false,
    ),
    container_envvars: !cfg.container_envvars.length && world.faults.has('blind3-service-envvars-null-when-empty') ? null : cfg.container_envvars,
    labels: cfg.labels,
    working_dir: cfg.working_dir,
    user: cfg.user,
    hostname: cfg.hostname,
    domainname: cfg.domainname,
    mac_address: cfg.mac_address,
    // Under `blind34-service-cgroup-name` the field is written by the attribute table's name (cgroup_name).
    [world.faults.has('blind34-service-cgroup-name') ? 'cgroup_name' : 'cgroup_parent']: cfg.cgroup_parent,
    tty: cfg.tty,
    stdin_open: cfg.stdin_open,
    dns: cfg.dns,
    dns_search: cfg.dns_search,
    cap_add: cfg.cap_add,
    cap_drop: cfg.cap_drop,
    extra_hosts: cfg.extra_hosts,
    security_opt: cfg.security_opt,
    devices: cfg.devices,
    entrypoint: cfg.entrypoint,
    run_command: cfg.run_command,
    sequential_deployment: cfg.sequential_deployment,
    cpu_shares: cfg.cpu_shares ?? 0,
    cpuset: cfg.cpuset,
    memory: cfg.memory ?? 0,
    memory_swap: cfg.memory_swap ?? 0,
    ...serviceLinksJson(world, svc),
    bindings: svc.bindings.map((b) => ({
      host_path: b.host_path,
      container_path: b.container_path,
      rewritable: b.rewritable,
      volumes_from: b.volumesFrom ? (world.store.services.get(b.volumesFrom)?.resource_uri ?? null) : null,
    })),
    autorestart: cfg.autorestart,
    autodestroy: cfg.autodestroy,
    // Under `blind25-service-roles-shown-after-deploy` the field reads the grants of the service's API key, made at its first deploy.
    roles: svc.deployed_datetime === null && world.faults.has('blind25-service-roles-shown-after-deploy') ? [] : cfg.roles,
    link_variables: serviceLinkVariables(world, svc),
    privileged: cfg.privileged,
    read_only: cfg.read_only,
    deployment_strategy: cfg.deployment_strategy,
    tags: tagsJson(cfg.tags),
    autoredeploy: cfg.autoredeploy,
  };
}
