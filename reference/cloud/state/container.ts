/**
 * Containers: the state table and the JSON form. Not shown, chosen here: deployed or started
 * Starting → Running; stop Running → Stopping → Stopped; terminate → Terminating → Terminated;
 * redeploy (an operation the table never names) works in place in Running or Stopped: the
 * container keeps its uuid, takes the service's current definition, and is Starting again.
 */
import type { World } from '../world.ts';
import { resourceUri } from '../uris.ts';
import { basicAuthorization } from '../users.ts';
import { containerLinkVariables, linkEnvFor, linkedToContainer } from './links.ts';
import type { Container, ContainerBinding, ContainerState, EnvVar, Node } from './model.ts';
import { portsJson } from './ports.ts';
import { memTotalKb, type ShellEnv, type ShellProcess } from './shell.ts';
import { hostFilesOf, volumeFilesOf } from './store.ts';
import { cpuWeightOf } from './cpu-weight.ts';
import { imageConfig, programArgv, programName, programOf } from './images.ts';
import { allows, type StateTable } from './states.ts';

export type ContainerOp = 'start' | 'stop' | 'terminate';

export const CONTAINER_OPS: StateTable<ContainerState, ContainerOp> = {
  Starting: [],
  Running: ['stop', 'terminate'],
  Stopping: [],
  Stopped: ['start', 'terminate'],
  Terminating: [],
  Terminated: [],
};

/** States where redeploy (not named by the table) is accepted. */
export const CONTAINER_STABLE: readonly ContainerState[] = ['Running', 'Stopped'];

export const containerAllows = (c: Container, op: ContainerOp): boolean => allows(CONTAINER_OPS, c.state, op);

export const isLiveContainer = (c: Container): boolean => c.state !== 'Terminated';

/** The container's environment: its service's variables, link variables, and VENDOR_AUTH for the global role. */
export function containerEnv(world: World, c: Container): EnvVar[] {
  const service = world.store.services.get(c.serviceUuid);
  const env: EnvVar[] = [...c.config.container_envvars, ...(service ? linkEnvFor(world, service) : [])];
  const global = c.config.roles.includes('global') || world.faults.has('vendor-auth-without-role');
  if (service && global && !world.faults.has('global-role-no-auth-env')) {
    const owner = world.faults.has('vendor-auth-wrong-key') ? { ...service.owner, apiKey: `${service.owner.apiKey}-stale` } : service.owner;
    // Under `blind20-vendor-auth-credentials-only` the value is the header's credentials without its `Basic ` scheme.
    const header = basicAuthorization(owner);
    const value = world.faults.has('blind20-vendor-auth-credentials-only') ? header.replace(/^Basic /, '') : header;
    env.push({ key: world.spell('VENDOR_AUTH'), value });
  }
  return env;
}

export const containerHostname = (c: Container): string => c.config.hostname || c.name;

/** What the container's programs (run_command, exec) see. */
/**
 * The container's parent cgroup, without its slashes. Under `blind22-cgroup-parent-slice-only` a parent is taken as the
 * systemd driver's slice: one not named `*.slice` is dropped without a word and the engine's default parent applies.
 */
function cgroupParent(world: World, parent: string): string {
  const bare: string = parent.replace(/^\/+|\/+$/g, '');
  return world.faults.has('blind22-cgroup-parent-slice-only') && !bare.endsWith('.slice') ? '' : bare;
}

/** States in which a container's network namespace is up: a bridge container's veth is on its node while it runs. */
const NAMESPACE_UP: ReadonlySet<ContainerState> = new Set(['Starting', 'Running', 'Stopping']);

/**
 * The interfaces of the container's network namespace: under net host the node's, the engine bridge among them, and the
 * node's end (veth…) of each bridge container running there, which come and go with those containers; under bridge its
 * own lo and eth0 (its end on the bridge).
 * Under `blind17-net-mode-read-from-pid` the network mode is copied from the line below: the pid field decides it.
 * Under `blind24-net-host-with-ports-bridged` host is dropped when the service maps ports: such containers stay on the bridge.
 * Under `net-modes-swapped` each mode gets the other's stack; under `net-bridge-no-network` a bridge container has lo only.
 */
function interfacesOf(world: World, c: Container): string[] {
  if (onHostStack(world, c)) {
    const bridged = [...world.store.containers.values()].filter((o) => o.nodeUuid === c.nodeUuid && NAMESPACE_UP.has(o.state) && !onHostStack(world, o));
    return ['lo', 'eth0', 'docker0', ...bridged.map((o) => `veth${o.uuid.replace(/-/g, '').slice(0, 7)}`)];
  }
  return world.faults.has('net-bridge-no-network') ? ['lo'] : ['lo', 'eth0'];
}

/** Whether the container runs on its node's network stack (net host, as the faults above apply it) rather than one of its own. */
function onHostStack(world: World, c: Container): boolean {
  const mode = world.faults.has('blind17-net-mode-read-from-pid') ? c.config.pid : c.config.net;
  const host = mode === 'host' && !(c.config.container_ports.length > 0 && world.faults.has('blind24-net-host-with-ports-bridged'));
  return host !== world.faults.has('net-modes-swapped');
}

/**
 * The addresses `ping` reaches from the container: every Running container's private_ip on the overlay network, and the private
 * addresses of the live nodes on its node's private network (its cluster's: from the node's stack, or a bridge through the node).
 * Under `blind21-private-ip-node-local` a private_ip is on the node's local bridge: only containers on the same node reach it.
 */
function reachableFrom(world: World, c: Container, node: Node | undefined): string[] {
  const nodeLocal = world.faults.has('blind21-private-ip-node-local');
  const overlay = [...world.store.containers.values()].filter((o) => o.state === 'Running' && (o.nodeUuid === c.nodeUuid || !nodeLocal));
  const network = [...world.store.nodes.values()].filter((n) => n.state !== 'Terminated' && n.privateSubnet === node?.privateSubnet);
  return [...overlay.map((o) => o.private_ip), ...network.map((n) => n.privateIp)];
}

/**
 * The files a binding mounts: a host path is the node's directory (every container on the node binding it shares its
 * files), a volume its own files. Under `host-path-not-mounted` a host path binding gets an empty directory of the
 * container's own instead (the binding still shows the host path).
 */
function mountedFiles(world: World, c: Container, b: ContainerBinding): Map<string, string> | undefined {
  if (b.host_path) return hostFilesOf(world.store, world.faults.has('host-path-not-mounted') ? c.uuid : c.nodeUuid, b.host_path);
  return b.volume ? volumeFilesOf(world.store, b.volume) : undefined;
}

/**
 * The processes the container sees: its own program (entrypoint, then command) as PID 1, or under pid host the node's
 * processes, its init as PID 1 and the container's program among them.
 */
function processesOf(world: World, c: Container): ShellProcess[] {
  const program = programOf(world, c.config);
  const own = { comm: programName(program), argv: programArgv(program) };
  // Under `blind27-pid-host-only-with-net-host` the PID mode is set where the host network mode is: pid host alone is not applied.
  const pidHost = c.config.pid === 'host' && (c.config.net === 'host' || !world.faults.has('blind27-pid-host-only-with-net-host'));
  return pidHost
    ? [
        { pid: 1, comm: 'systemd', argv: ['/sbin/init'] },
        { pid: 4242, ...own },
      ]
    : [{ pid: 1, ...own }];
}

export function shellEnvFor(world: World, c: Container): ShellEnv {
  const node = world.store.nodes.get(c.nodeUuid);
  const vars = { PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin', HOSTNAME: containerHostname(c), HOME: '/root' };
  const set = Object.fromEntries(containerEnv(world, c).map((e) => [e.key, e.value]));
  // Under `blind30-user-path-joined-to-image-path` a PATH of the service's is merged as a search path, in front of the image's.
  if (set.PATH !== undefined && world.faults.has('blind30-user-path-joined-to-image-path')) set.PATH = `${set.PATH}:${vars.PATH}`;
  // Under `blind13-binding-readonly-host-path-only` only a host bind gets `:ro`: a volume binding stays writable.
  const readOnlyHostOnly = world.faults.has('blind13-binding-readonly-host-path-only');
  return {
    vars: world.faults.has('image-env-wins') ? { ...set, ...vars } : { ...vars, ...set },
    hostname: containerHostname(c),
    workingDir: world.faults.has('working-dir-not-applied') ? '/' : c.config.working_dir || '/',
    // An empty user is root ("root by default"), whatever USER the image sets; under `default-user-from-image` the image's.
    user: c.config.user || (world.faults.has('default-user-from-image') ? imageConfig(c.config.image_name).user : 'root'),
    readOnly: c.bindings.filter((b) => !b.rewritable && b.container_path && (b.host_path || !readOnlyHostOnly)).map((b) => b.container_path as string),
    // Under `blind21-read-only-with-bindings-only` the flag is set where the bindings are mounted: without bindings the root is writable.
    rootReadOnly: c.config.read_only && (c.bindings.length > 0 || !world.faults.has('blind21-read-only-with-bindings-only')),
    writable: c.bindings.filter((b) => b.rewritable && b.container_path).map((b) => b.container_path as string),
    // Under `blind21-cpu-shares-as-weight` the shares are written into cpu.weight as they are (only clamped to its range).
    cpuWeight:
      c.config.cpu_shares && world.faults.has('blind21-cpu-shares-as-weight')
        ? Math.min(10000, Math.max(1, c.config.cpu_shares))
        : cpuWeightOf(c.config.cpu_shares),
    privileged: c.config.privileged,
    // memory is in MB (MiB, as the engine takes it); none or 0 is no limit.
    memoryLimit: c.config.memory ? c.config.memory * 1024 * 1024 : null,
    // memory_swap is memory plus swap: the swap alone is the rest.
    swapLimit:
      c.config.memory && c.config.memory_swap && c.config.memory_swap > c.config.memory ? (c.config.memory_swap - c.config.memory) * 1024 * 1024 : null,
    interfaces: interfacesOf(world, c),
    // The node's hardware, as a program in the container sees it (nproc, /proc/meminfo).
    cpus: node?.cpu ?? 1,
    memTotalKb: memTotalKb(node?.memory ?? 1024),
    // Its stack's address: under net host the node's on its private network, otherwise its own private_ip.
    address: onHostStack(world, c) && node ? node.privateIp : c.private_ip,
    processes: processesOf(world, c),
    // The engine's cgroupfs driver: the container's cgroup under its parent, /docker by default.
    cgroup: `/${cgroupParent(world, c.config.cgroup_parent) || 'docker'}/${c.uuid}`,
    // One overlay network spans the nodes: a Running container's private_ip answers from any other container.
    reachable: reachableFrom(world, c, node),
    // The volumes and host directories the container mounts: what is written there outlives the container when its volume is reused.
    mounts: c.bindings.flatMap((b) => {
      const files = b.container_path ? mountedFiles(world, c, b) : undefined;
      return files && b.container_path ? [{ path: b.container_path, files }] : [];
    }),
  };
}

export function containerPublicDns(world: World, c: Container): string {
  return `${c.name}.${c.scope.namespace}.cont.${world.domain}`;
}

/** A size in MB as a container shows it (in bytes under blind3-container-memory-bytes). */
const megabytes = (world: World, mb: number | null): number => (mb ?? 0) * (world.faults.has('blind3-container-memory-bytes') ? 1024 * 1024 : 1);

/**
 * The container's node URI. Under `blind18-container-node-app-subsystem` it is spelled with the container's own (app)
 * subsystem: `/api/app/v1/node/<uuid>/`, which is no node's URI.
 */
function nodeRef(world: World, c: Container, node: Node | undefined): string | null {
  if (!node) return null;
  if (world.faults.has('container-node-wrong-uuid')) return node.resource_uri.replace(node.uuid, c.uuid);
  return world.faults.has('blind18-container-node-app-subsystem') ? node.resource_uri.replace(/^\/api\/infra\//, '/api/app/') : node.resource_uri;
}

/** A `host:container[:permissions]` device mapping written in the engine's read-back order, container path first. */
const engineDeviceOrder = (mapping: string): string => {
  const [host, inside, ...rest] = mapping.split(':');
  return inside === undefined ? mapping : [inside, host, ...rest].join(':');
};

export function containerJson(world: World, c: Container): Record<string, unknown> {
  const service = world.store.services.get(c.serviceUuid);
  const node = world.store.nodes.get(c.nodeUuid);
  const cfg = c.config;
  const ownDefaults = world.faults.has('container-scalars-own-defaults');
  return {
    uuid: c.uuid,
    resource_uri: c.resource_uri,
    image_name: cfg.image_name,
    name: c.name,
    public_dns: containerPublicDns(world, c),
    state: c.state,
    synchronized: service ? c.revision === service.revision : true,
    node: nodeRef(world, c, node),
    service: (world.faults.has('container-service-wrong-uuid') ? service?.resource_uri.replace(service.uuid, c.uuid) : service?.resource_uri) ?? null,
    // Under `blind7-container-exit-code-zero-while-running` the field is a plain integer, 0 until an exit.
    // Under `blind24-exit-code-zero-null` the code is written with a falsy fallback: an exit code 0 shows as null.
    exit_code: exitCodeShown(
      world,
      world.faults.has('blind24-exit-code-zero-null')
        ? c.exit_code || null
        : (c.exit_code ?? (world.faults.has('blind7-container-exit-code-zero-while-running') ? 0 : null)),
    ),
    exit_code_msg: c.exit_code_msg,
    private_ip: c.private_ip,
    container_envvars: containerEnv(world, c),
    container_ports: portsJson(cfg.container_ports, c.outerPorts, containerPublicDns(world, c), true).map((p) =>
      // Under `container-uri-protocol-transport` the field is filled from the port's transport protocol.
      hostPortAsString(world, world.faults.has('container-uri-protocol-transport') ? { ...p, uri_protocol: p.protocol } : p),
    ),
    // Under `blind23-container-binding-volume-name` volume is written from the engine volume's name, its bare uuid, not its URI.
    bindings: bindingsAsMounted(
      world,
      world.faults.has('blind23-container-binding-volume-name')
        ? c.bindings.map((b) => ({ ...b, volume: b.volume ? (b.volume.split('/').filter(Boolean).at(-1) ?? b.volume) : null }))
        : c.bindings,
    ),
    linked_to_container: world.faults.has('linked-to-container-missing') ? [] : linkedToContainer(world, c),
    labels: cfg.labels,
    // Under `blind10-container-working-dir-from-service` the field is joined from the service row, not the container's own settings.
    working_dir: world.faults.has('container-working-dir-default')
      ? '/'
      : world.faults.has('blind10-container-working-dir-from-service')
        ? (service?.config.working_dir ?? cfg.working_dir)
        : cfg.working_dir,
    user: ownDefaults ? 'root' : cfg.user,
    hostname: containerHostname(c),
    domainname: ownDefaults ? '' : cfg.domainname,
    mac_address: cfg.mac_address,
    cgroup_parent: ownDefaults ? '' : cfg.cgroup_parent,
    tty: cfg.tty,
    // Under `blind24-container-stdin-open-with-tty` stdin_open is set together with tty, as `-it` sets both.
    stdin_open: cfg.stdin_open || (cfg.tty && world.faults.has('blind24-container-stdin-open-with-tty')),
    dns: cfg.dns,
    // Under `blind20-container-dns-search-from-dns` the search domains are copied from the neighbouring dns list.
    dns_search: world.faults.has('blind20-container-dns-search-from-dns') ? cfg.dns : cfg.dns_search,
    cap_add: cfg.cap_add,
    cap_drop: cfg.cap_drop,
    // Under `blind21-container-devices-reversed` each mapping is read back from the engine as container:host.
    devices: world.faults.has('blind21-container-devices-reversed') ? cfg.devices.map(engineDeviceOrder) : cfg.devices,
    extra_hosts: cfg.extra_hosts,
    security_opt: cfg.security_opt,
    entrypoint: cfg.entrypoint,
    run_command: cfg.run_command,
    cpu_shares: cfg.cpu_shares ?? 0,
    cpuset: ownDefaults ? '' : cfg.cpuset,
    memory: megabytes(world, cfg.memory),
    memory_swap: ownDefaults ? 0 : megabytes(world, cfg.memory_swap),
    autorestart: cfg.autorestart,
    autodestroy: cfg.autodestroy,
    roles: cfg.roles,
    link_variables: world.faults.has('link-variables-empty') ? {} : containerLinkVariables(c),
    privileged: cfg.privileged,
    read_only: cfg.read_only,
    // Under `container-net-pid-defaults` the modes are the container's own defaults, whatever it runs in.
    net: world.faults.has('container-net-pid-defaults') ? 'bridge' : cfg.net,
    pid: world.faults.has('container-net-pid-defaults') ? 'none' : cfg.pid,
    deployed_datetime: world.date(c.deployed_datetime),
    started_datetime: world.date(c.started_datetime),
    stopped_datetime: world.date(c.stopped_datetime),
    destroyed_datetime: world.date(c.destroyed_datetime),
  };
}

/**
 * Under `blind34-exit-code-string` the exit code is read back from the engine's status text (`Exited (137) 3 seconds ago`):
 * the captured digits are shown as they are, a string. Null (no exit yet) stays null.
 */
function exitCodeShown(world: World, code: number | null): number | string | null {
  if (code === null || !world.faults.has('blind34-exit-code-string')) return code;
  return String(code);
}

export const volumeUri = (uuid: string, c: Pick<Container, 'scope'>): string => resourceUri('volume', [uuid], c.scope);

/**
 * Under `blind26-container-outer-port-string` a container's allocated outer_port is shown as the
 * engine reports a host port binding (HostPort "32768"): a string, not an integer.
 */
function hostPortAsString(world: World, p: Record<string, unknown>): Record<string, unknown> {
  if (!world.faults.has('blind26-container-outer-port-string') || typeof p.outer_port !== 'number') return p;
  return { ...p, outer_port: String(p.outer_port) };
}

/**
 * The engine mount's Mode of a binding: a host path is bound with its mode written out (`rw` or `ro`), a volume is
 * mounted with the mode `ro` when read-only and none ('') when writable.
 */
const mountMode = (b: ContainerBinding): string => (b.rewritable ? (b.host_path ? 'rw' : '') : 'ro');

/**
 * A container's bindings as shown. Under `blind28-container-volume-binding-rewritable-from-mode` rewritable is read back
 * from the engine mount's Mode (`rw`): a writable volume mount, whose mode is '', shows rewritable false.
 */
function bindingsAsMounted(world: World, bindings: readonly ContainerBinding[]): readonly ContainerBinding[] {
  if (!world.faults.has('blind28-container-volume-binding-rewritable-from-mode')) return bindings;
  return bindings.map((b) => ({ ...b, rewritable: mountMode(b) === 'rw' }));
}
