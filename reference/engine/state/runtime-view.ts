/**
 * A running container as its programs see it: the settings that take effect (hostname, env, user,
 * working directory) and what the runtime mounts over its filesystem (/proc, /sys, /dev, /etc/hosts,
 * /etc/resolv.conf, volumes, binds, tmpfs; binds and volumes show storage every container mounting it
 * shares, mount-storage.ts). Built at start; its exec instances share it. Each
 * create field goes through `effective`, so `field-ignored:<Field>` drops exactly its effect.
 */
import { ContainerSockets } from '../runtime/sockets.ts';
import type { MemoryCgroup } from '../runtime/program.ts';
import { emptyLayer, type ContainerFs, type FsNode, type Layer } from '../fs/filesystem.ts';
import { ancestors, dirname, isWithin, normalize } from '../fs/paths.ts';
import { effective, type EffectField } from '../field-faults.ts';
import type { Container, MountPoint } from './container.ts';
import type { Engine } from './engine.ts';
import { mountField, sharedMounts } from './mount-storage.ts';
import {
  capabilitySet,
  cgroupFiles,
  etcHosts,
  hostInterfaces,
  procCgroup,
  hostInitCgroup,
  procIpForward,
  procLimits,
  procMounts,
  procMountinfo,
  procStatus,
  resolvConf,
  sysBlock,
  type BlkioThrottle,
  type DeviceRates,
  type MountLine,
} from './runtime-files.ts';
import type { FaultSet } from '../faults.ts';

export interface RuntimeView {
  fs: ContainerFs;
  /** The same view for a privileged exec (exec create Privileged: every capability). */
  privilegedFs: ContainerFs;
  hostname: string;
  env: string[];
  workingDir: string;
  user: string;
  /** The ports the run published: `port/proto` → host bindings, or null for an exposed port not published. */
  ports: Record<string, PortBinding[] | null>;
  /** The ports the run's programs listen on, which its published TCP ports reach. */
  sockets: ContainerSockets;
  /** The memory cgroup of the container's command: Memory as its limit, OomKillDisable. */
  memory: MemoryCgroup;
}

export interface PortBinding {
  HostIp: string;
  HostPort: string;
}

const views = new WeakMap<Container, RuntimeView>();
/** The runtime layers of the container's current run (plain and privileged exec): an update rewrites their cgroup files. */
const runtimeLayers = new WeakMap<Container, Layer[]>();

/** The view of the container's current run (undefined before its first start). */
export function runtimeViewOf(c: Container): RuntimeView | undefined {
  return views.get(c);
}

type Settings = <T>(field: EffectField, value: T, fallback: T) => T;

/**
 * A bind or volume as /proc/mounts shows it: a volume of the local driver created with DriverOpts
 * `type` (and `device`, `o`) is a mount of that file system type, as the local driver mounts it.
 */
function mountLine(engine: Engine, m: MountPoint): MountLine {
  const mode = `${m.RW ? 'rw' : 'ro'},relatime`;
  const opts = m.Name ? (engine.volumes.get(m.Name)?.DriverOpts ?? {}) : {};
  if (!opts.type) return { source: m.Name ? '/dev/root' : m.Source, target: m.Destination, fstype: 'ext4', options: mode };
  return { source: opts.device || opts.type, target: m.Destination, fstype: opts.type, options: [mode, opts.o].filter(Boolean).join(',') };
}

/**
 * The Env entries the process gets. Under `blind20-env-value-cut-at-second-equals` each entry is
 * split at every `=` and rebuilt from its first two parts, so a value holding `=` is cut there.
 */
function processEnv(entries: string[], cutAtSecondEquals: boolean): string[] {
  if (!cutAtSecondEquals) return entries;
  return entries.map((entry) => {
    const [name, value] = entry.split('=');
    return value === undefined ? entry : `${name}=${value}`;
  });
}

/**
 * The hostname the container runs with, and a domain taken from it (none).
 * @param atDot `blind24-hostname-split-at-dot`: a dotted name is cut at its first dot, the rest being the domain.
 */
function splitHostname(name: string, atDot: boolean): [string, string] {
  const dot = name.indexOf('.');
  return atDot && dot > 0 ? [name.slice(0, dot), name.slice(dot + 1)] : [name, ''];
}

/** The /dev/shm a container gets without ShmSize (64 MB): what a target ignoring ShmSize mounts. */
const DEFAULT_SHM_BYTES = 64 * 1024 * 1024;

export function buildRuntimeView(engine: Engine, c: Container): RuntimeView {
  const set: Settings = (field, value, fallback) => effective(engine.faults, field, value, fallback);
  const hc = c.hostConfig as Record<string, unknown>;
  const list = (field: EffectField): string[] => set(field, (hc[field] as string[] | null) ?? [], []);
  // Under `blind24-hostname-split-at-dot` a dotted Hostname is split at its first dot (as a client's --hostname parsing does): the rest is the domain.
  const [hostname, hostDomain] = splitHostname(set('Hostname', c.config.Hostname, c.shortId), engine.faults.has('blind24-hostname-split-at-dot'));
  const user = set('User', c.config.User, '');
  const mounts = effectiveMounts(c, set);
  const tmpfs = set('Tmpfs', (hc.Tmpfs as Record<string, string> | null) ?? {}, {});
  const readonlyRoot = set('ReadonlyRootfs', c.hostConfig.ReadonlyRootfs === true, false);
  // Under `blind10-oom-kill-disable-first-start-only` the cgroup's oom_control is written at the first start only
  // (a container that ran before has a start date).
  const restartedWithoutOomSetting = engine.faults.has('blind10-oom-kill-disable-first-start-only') && c.state.startedAt !== undefined;
  const files = new Map<string, string>();
  files.set('/etc/hostname', `${hostname}\n`);
  files.set('/proc/sys/kernel/hostname', `${hostname}\n`);
  files.set('/proc/sys/kernel/domainname', `${set('Domainname', c.config.Domainname, '') || hostDomain || '(none)'}\n`);
  files.set(
    '/etc/hosts',
    etcHosts({
      ip: primaryAddress(c),
      hostname,
      // Under `blind10-extra-hosts-first-only` the list is read like a single value: its first entry only.
      extraHosts: list('ExtraHosts').slice(0, engine.faults.has('blind10-extra-hosts-first-only') ? 1 : undefined),
      links: links(engine, list('Links'), engine.faults.has('blind16-link-alias-not-in-hosts')),
      splitEveryColon: engine.faults.has('blind9-extra-hosts-split-every-colon'),
    }),
  );
  // Under `dns-first-entry-only` the Dns and DnsSearch lists are read like single values: their first entry only.
  const resolverList = (field: EffectField): string[] => list(field).slice(0, engine.faults.has('dns-first-entry-only') ? 1 : undefined);
  // Under `blind24-dns-options-comma-joined` the DnsOptions are joined with commas (like a mount's options), not spaces.
  files.set(
    '/etc/resolv.conf',
    resolvConf(resolverList('Dns'), resolverList('DnsSearch'), list('DnsOptions'), engine.faults.has('blind24-dns-options-comma-joined')),
  );
  const mountLines: MountLine[] = [
    ...mounts.map((m) => mountLine(engine, m)),
    ...Object.entries(tmpfs).map(([target, options]) => ({
      source: 'tmpfs',
      target,
      fstype: 'tmpfs',
      // Under `blind9-tmpfs-options-dropped` the map is read like Volumes ({path:{}}): its values are not passed on.
      options: ['rw', 'nosuid', 'nodev', 'noexec', 'relatime', engine.faults.has('blind9-tmpfs-options-dropped') ? '' : options].filter(Boolean).join(','),
    })),
  ];
  files.set('/proc/self/mountinfo', procMountinfo(c.id));
  for (const [path, text] of sysBlock()) files.set(path, text);
  files.set('/proc/mounts', procMounts(readonlyRoot, set('ShmSize', Number(hc.ShmSize ?? 0), DEFAULT_SHM_BYTES), mountLines));
  const [uid = '0', gid = '0'] = (user || '0').split(':');
  // Under `blind12-group-add-dropped-with-user` a container with a User takes that user's groups alone, not GroupAdd's.
  const groupsDropped = Boolean(user) && engine.faults.has('blind12-group-add-dropped-with-user');
  const groups = groupsDropped ? [] : list('GroupAdd').filter((g) => /^\d+$/.test(g));
  // Under `blind10-cap-drop-case-sensitive` only upper-case CapDrop names are known (the CapAdd ones are upper-cased, these are not).
  const drop = engine.faults.has('blind10-cap-drop-case-sensitive') ? list('CapDrop').filter((n) => n === n.toUpperCase()) : list('CapDrop');
  const capabilities = capabilitySet(set('Privileged', hc.Privileged === true, false), list('CapAdd'), drop);
  const status = (caps: ReadonlySet<string>) => procStatus({ name: c.argv[0] ?? 'sh', pid: 1, uid, gid, groups, capabilities: caps });
  files.set('/proc/self/status', status(capabilities));
  files.set('/proc/self/limits', procLimits(set('Ulimits', (hc.Ulimits as Array<{ Name?: string }> | null) ?? [], [])));
  const ownCgroup = (x: Container): string =>
    procCgroup(String(x.hostConfig.CgroupParent ?? ''), x.id, engine.faults.has('blind33-cgroup-parent-relative-under-daemon'));
  files.set('/proc/self/cgroup', ownCgroup(c));
  files.set('/proc/1/cgroup', pidOneCgroup(engine, c, set('PidMode', String(hc.PidMode ?? ''), ''), ownCgroup));
  files.set('/proc/self/oom_score_adj', `${set('OomScoreAdj', Number(hc.OomScoreAdj ?? 0), 0)}\n`);
  files.set('/proc/1/cmdline', `${pidOneArgv(engine, c, set('PidMode', String(hc.PidMode ?? ''), '')).join('\0')}\0`);
  for (const [name, address] of interfaces(engine, c, set)) files.set(`/sys/class/net/${name}/address`, `${address}\n`);
  // A container on the host's network stack reads the host's own sysctls.
  if (onHostStack(engine, set('NetworkMode', c.hostConfig.NetworkMode, 'default'))) files.set('/proc/sys/net/ipv4/ip_forward', procIpForward());
  const hostDevices = !engine.faults.has('blind15-privileged-host-devices-missing');
  for (const [device, data] of devices(hc, set, engine.faults.has('blind8-devices-node-from-container-path'), hostDevices)) files.set(device, data);
  for (const [path, text] of cgroups(hc, set, engine.faults, memoryLimit(engine, hc, set))) files.set(path, text);
  const dirs = [...mounts.map((m) => m.Destination), ...Object.keys(tmpfs), '/dev/pts', '/dev/shm', '/proc/self/fd', '/tmp'];
  const writableMounts = [
    ...mounts.map((m) => ({ target: m.Destination, rw: m.RW })),
    ...Object.keys(tmpfs).map((target) => ({ target, rw: true })),
    { target: '/dev', rw: true },
    { target: '/proc', rw: false },
    { target: '/sys', rw: false },
  ];
  const writable = (path: string) => writableAt(path, writableMounts, !readonlyRoot);
  const shared = sharedMounts(engine, c, mounts);
  const layer = layerOf(files, dirs);
  const privilegedLayer = layerOf(new Map([...files, ['/proc/self/status', status(capabilitySet(true, [], []))]]), dirs);
  runtimeLayers.set(c, [layer, privilegedLayer]);
  const fs = c.fs.withRuntime({ layer, writable, shared });
  const privilegedFs = c.fs.withRuntime({ layer: privilegedLayer, writable, shared });
  const view: RuntimeView = {
    ports: publishedPorts(c, set, engine.faults.has('blind8-port-bindings-first-only'), engine.images.get(c.imageId)?.config.ExposedPorts),
    sockets: new ContainerSockets(),
    fs,
    privilegedFs,
    hostname,
    env: processEnv(set('Env', c.config.Env ?? [], []), engine.faults.has('blind20-env-value-cut-at-second-equals')),
    workingDir: set('WorkingDir', c.config.WorkingDir, '') || '/',
    user,
    memory: {
      limit: memoryLimit(engine, hc, set),
      oomKillDisabled: set('OomKillDisable', hc.OomKillDisable === true, false) && !restartedWithoutOomSetting,
    },
  };
  views.set(c, view);
  return view;
}

/**
 * A resource update of a running container takes effect in its cgroup: the cgroup files its processes
 * (and its exec instances) read are rewritten from the updated HostConfig, the memory limit too.
 */
export function applyResourceUpdate(engine: Engine, c: Container): void {
  const view = views.get(c);
  const layers = runtimeLayers.get(c);
  if (!view || !layers) return;
  const set: Settings = (field, value, fallback) => effective(engine.faults, field, value, fallback);
  const hc = c.hostConfig as Record<string, unknown>;
  const mtime = new Date();
  // Under `update-cgroup-memory-quota-only` the update reaches the cgroup's memory limit and CPU quota files only.
  const partial = engine.faults.has('update-cgroup-memory-quota-only');
  // Under `update-cgroup-shares-swap-kept` it reaches every file but cpu.shares and the swap limit.
  const kept = engine.faults.has('update-cgroup-shares-swap-kept') ? /cpu\.shares$|memory\.memsw\.limit_in_bytes$/ : undefined;
  for (const [path, text] of cgroups(hc, set, engine.faults, memoryLimit(engine, hc, set)))
    if ((!partial || /memory\.limit_in_bytes$|cpu\.cfs_quota_us$/.test(path)) && !kept?.test(path))
      for (const layer of layers) layer.entries.set(path, { type: 'file', data: Buffer.from(text), mode: 0o644, mtime });
  view.memory = { ...view.memory, limit: memoryLimit(engine, hc, set) };
}

/** The memory limit the container's cgroup enforces: HostConfig.Memory (0 for none). */
function memoryLimit(engine: Engine, hc: Record<string, unknown>, set: Settings): number {
  const memory = set('Memory', Number(hc.Memory ?? 0), 0);
  // Under `blind23-memory-reservation-hard-limit` a MemoryReservation without Memory is taken as the limit (the soft limit enforced as the hard one).
  if (memory > 0 || !engine.faults.has('blind23-memory-reservation-hard-limit')) return memory;
  return set('MemoryReservation', Number(hc.MemoryReservation ?? 0), 0);
}

/**
 * PortBindings as given, and with PublishAllPorts every other exposed port. An empty HostPort is
 * left for publishPorts (published-ports.ts) to fill with the free host port it binds.
 * @param firstOnly `blind8-port-bindings-first-only`: each port publishes its first binding only.
 * @param imageExposed the image's ExposedPorts: under `field-ignored:ExposedPorts` the only exposed ports (the create's are stored, not used).
 */
function publishedPorts(c: Container, set: Settings, firstOnly: boolean, imageExposed?: Record<string, object> | null): Record<string, PortBinding[] | null> {
  const given = set('PortBindings', (c.hostConfig.PortBindings ?? {}) as Record<string, Array<{ HostIp?: string; HostPort?: string }> | null>, {});
  const publishAll = set('PublishAllPorts', c.hostConfig.PublishAllPorts === true, false);
  const exposed = set('ExposedPorts', c.config.ExposedPorts ?? {}, imageExposed ?? {});
  const ports: Record<string, PortBinding[] | null> = {};
  for (const port of Object.keys(exposed)) ports[port] = publishAll ? [{ HostIp: '0.0.0.0', HostPort: '' }] : null;
  for (const [port, list] of Object.entries(given)) {
    ports[port] = (firstOnly ? (list ?? []).slice(0, 1) : (list ?? [])).map((b) => ({ HostIp: b.HostIp || '0.0.0.0', HostPort: b.HostPort ?? '' }));
  }
  return ports;
}

/** The mount points that take effect: those of Binds, Volumes and VolumesFrom, each unless its field is ignored. */
function effectiveMounts(c: Container, set: Settings): MountPoint[] {
  return c.mounts.filter((m) => set(mountField(c, m), true, false));
}

function writableAt(path: string, mounts: ReadonlyArray<{ target: string; rw: boolean }>, rootWritable: boolean): boolean {
  const covering = mounts.filter((m) => isWithin(path, m.target)).sort((a, b) => b.target.length - a.target.length)[0];
  return covering ? covering.rw : rootWritable;
}

function primaryAddress(c: Container): string {
  return [...c.networks.values()].find((e) => e.IPAddress)?.IPAddress ?? '';
}

/**
 * Links `name:alias`: the linked container's address under its alias and its name.
 * @param aliasLost `blind16-link-alias-not-in-hosts`: the hosts line is written from the resolved container (its name), not the link's alias.
 */
function links(engine: Engine, entries: readonly string[], aliasLost = false): Array<{ ip: string; names: string[] }> {
  return entries.map((entry) => {
    const [name = '', alias = name] = entry.split(':');
    const target = engine.containers.resolve(name);
    const bare = (n: string) => n.slice(n.lastIndexOf('/') + 1);
    const names = aliasLost ? [bare(name)] : [bare(alias), bare(name)];
    return { ip: target ? primaryAddress(target) : '', names: [...names, ...(target ? [target.shortId] : [])] };
  });
}

/** PID 1 of the container's PID namespace: its own command, the host's init, or another container's command. */
function pidOneArgv(engine: Engine, c: Container, mode: string): string[] {
  if (mode === 'host') return ['/sbin/init'];
  if (mode.startsWith('container:')) {
    const ref = mode.slice('container:'.length);
    const named = engine.containers.resolve(ref);
    // The fault joins the first running container the daemon holds, whichever the mode named.
    const other = engine.faults.has('pid-mode-joins-first-running') ? (engine.containers.all().find((x) => x !== c && x.isActive) ?? named) : named;
    if (other && engine.faults.has('pid-mode-by-id-only') && !other.id.startsWith(ref)) return c.argv;
    return other?.argv ?? c.argv;
  }
  return c.argv;
}

/** /proc/1/cgroup: the host's init with PidMode host, the first process of the container whose PID namespace is joined, or the container's own. */
function pidOneCgroup(engine: Engine, c: Container, mode: string, ownCgroup: (x: Container) => string): string {
  if (mode === 'host') return hostInitCgroup();
  const joined = mode.startsWith('container:') ? engine.containers.resolve(mode.slice('container:'.length)) : undefined;
  return ownCgroup(joined ?? c);
}

/**
 * Network interfaces and their MAC addresses: lo, then eth0.. for each addressed endpoint; with
 * NetworkMode container:<id>, those of that container (one network namespace); with host, the
 * host's own.
 */
function interfaces(engine: Engine, c: Container, set: Settings): Array<[string, string]> {
  const mode = set('NetworkMode', c.hostConfig.NetworkMode, 'default');
  if (onHostStack(engine, mode)) return hostInterfaces();
  const out: Array<[string, string]> = [['lo', '00:00:00:00:00:00']];
  const owner = mode.startsWith('container:') ? (namespaceOwner(engine, mode.slice('container:'.length)) ?? c) : c;
  const addressed = [...owner.networks.values()].filter((e) => e.IPAddress);
  const ignoredNone = (c.config.NetworkDisabled && !set('NetworkDisabled', true, false)) || (c.hostConfig.NetworkMode === 'none' && mode !== 'none');
  if (!addressed.length && ignoredNone) out.push(['eth0', '02:42:ac:11:00:fe']);
  addressed.forEach((e, i) => out.push([`eth${i}`, e.MacAddress]));
  return out;
}

/** Whether the container shares the host's network stack (NetworkMode host). */
function onHostStack(engine: Engine, mode: string): boolean {
  // Under `blind22-network-mode-host-own-namespace` host is taken for the name of a network (one without addresses): the container gets its own namespace.
  return mode === 'host' && !engine.faults.has('blind22-network-mode-host-own-namespace');
}

/** The container whose network stack `container:<ref>` joins; under `blind18-network-mode-container-by-name-only` looked up by name only. */
function namespaceOwner(engine: Engine, ref: string): Container | undefined {
  if (!engine.faults.has('blind18-network-mode-container-by-name-only')) return engine.containers.resolve(ref);
  const name = ref.startsWith('/') ? ref : `/${ref}`;
  return engine.containers.all().find((x) => x.name === name);
}

/**
 * The device rates the runtime is given. Under `blkio-throttle-not-applied` none: the lists are
 * stored (inspect echoes them) but never reach the container's cgroup.
 */
function throttle(hc: Record<string, unknown>, set: Settings, faults: FaultSet): BlkioThrottle {
  const rates = (field: EffectField): DeviceRates => (faults.has('blkio-throttle-not-applied') ? [] : set(field, (hc[field] as DeviceRates | null) ?? [], []));
  return {
    read_bps: rates('BlkioDeviceReadBps'),
    write_bps: rates('BlkioDeviceWriteBps'),
    read_iops: rates('BlkioDeviceReadIOps'),
    write_iops: rates('BlkioDeviceWriteIOps'),
  };
}

/**
 * Under `blind15-cpu-shares-capped-1024` shares are taken as a fraction of one CPU (1024), larger weights capped to it.
 * Under `blind32-cpu-quota-default-period` a CpuQuota given with a CpuPeriod is rescaled to the default 100 ms period.
 * @param memory the enforced memory limit (memoryLimit).
 */
function cgroups(hc: Record<string, unknown>, set: Settings, faults: FaultSet, memory: number): Map<string, string> {
  const num = (field: EffectField) => set(field, Number(hc[field] ?? 0), 0);
  const shares = num('CpuShares');
  const sharesCapped = faults.has('blind15-cpu-shares-capped-1024');
  const str = (field: EffectField) => set(field, String(hc[field] ?? ''), '');
  const period = num('CpuPeriod');
  const quota = num('CpuQuota');
  // Under `blind32-cpu-quota-default-period` the quota is taken as a share of the given period and written per the default 100 ms period.
  const quotaPerDefault = faults.has('blind32-cpu-quota-default-period') && period > 0 && quota > 0;
  return cgroupFiles({
    memory,
    memoryReservation: num('MemoryReservation'),
    kernelMemory: num('KernelMemory'),
    memorySwap: num('MemorySwap'),
    cpuShares: sharesCapped ? Math.min(shares, 1024) : shares,
    cpuPeriod: period,
    cpuQuota: quotaPerDefault ? Math.round((quota / period) * 100_000) : quota,
    cpusetCpus: str('CpusetCpus'),
    cpusetMems: String(hc.CpusetMems ?? ''),
    throttle: throttle(hc, set, faults),
  });
}

/**
 * What a bounded read of a device gives, for the devices whose data tells them apart: zeros from
 * /dev/zero and /dev/full (a stand-in of 4 KiB for an endless stream), nothing from the others.
 */
function deviceData(hostPath: string): string {
  return hostPath === '/dev/zero' || hostPath === '/dev/full' ? '\0'.repeat(4096) : '';
}

/**
 * The device nodes of the container, each with deviceData of the host device it is.
 * @param fromContainerPath `blind8-devices-node-from-container-path`: the node is made from its path in the container.
 * @param hostDevices false under `blind15-privileged-host-devices-missing`: Privileged grants every capability but keeps the default device list.
 */
function devices(hc: Record<string, unknown>, set: Settings, fromContainerPath: boolean, hostDevices: boolean): Array<[string, string]> {
  const base = ['/dev/null', '/dev/zero', '/dev/full', '/dev/random', '/dev/urandom', '/dev/tty', '/dev/console'].map((p): [string, string] => [p, p]);
  const given = set('Devices', (hc.Devices as Array<{ PathOnHost?: string; PathInContainer?: string }> | null) ?? [], []);
  const mapped = given
    .map((d): [string, string] => [d.PathInContainer || d.PathOnHost || '', d.PathOnHost ?? ''])
    .map(([path, hostPath]): [string, string] => [path, fromContainerPath ? path : hostPath])
    .filter(([p]) => p.startsWith('/'));
  const host =
    set('Privileged', hc.Privileged === true, false) && hostDevices ? ['/dev/kmsg', '/dev/mem', '/dev/loop0'].map((p): [string, string] => [p, p]) : [];
  return [...base, ...mapped, ...host].map(([path, hostPath]) => [path, deviceData(hostPath)]);
}

function layerOf(files: ReadonlyMap<string, string>, dirs: readonly string[]): Layer {
  const layer = emptyLayer('runtime');
  const mtime = new Date();
  const dir: FsNode = { type: 'dir', mode: 0o755, mtime };
  const addDir = (path: string) => {
    for (const a of [...ancestors(path), path]) if (a !== '/' && !layer.entries.has(a)) layer.entries.set(a, dir);
  };
  for (const d of dirs) addDir(normalize(d));
  for (const [path, text] of files) {
    addDir(dirname(path));
    layer.entries.set(path, { type: 'file', data: Buffer.from(text), mode: 0o644, mtime });
  }
  return layer;
}
