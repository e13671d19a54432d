/**
 * The text of the files a container's programs read about themselves, as Linux and the daemon
 * write them: /proc/mounts, /proc/self/status, /proc/self/limits, /etc/hosts, /etc/resolv.conf.
 * Pure functions of the settings that take effect (see runtime-view.ts), but for what the host's
 * network stack shows (hostInterfaces).
 */
import { networkInterfaces } from 'node:os';

/** A mount as /proc/mounts lists it. */
export interface MountLine {
  source: string;
  target: string;
  fstype: string;
  options: string;
}

/** `shmBytes`: the size of /dev/shm (HostConfig.ShmSize); 0 leaves it unlimited (no size option). */
export function procMounts(readonlyRoot: boolean, shmBytes: number, mounts: readonly MountLine[]): string {
  const base: MountLine[] = [
    { source: 'overlay', target: '/', fstype: 'overlay', options: `${readonlyRoot ? 'ro' : 'rw'},relatime` },
    { source: 'proc', target: '/proc', fstype: 'proc', options: 'rw,nosuid,nodev,noexec,relatime' },
    { source: 'tmpfs', target: '/dev', fstype: 'tmpfs', options: 'rw,nosuid,size=65536k,mode=755' },
    { source: 'devpts', target: '/dev/pts', fstype: 'devpts', options: 'rw,nosuid,noexec,relatime,gid=5,mode=620,ptmxmode=666' },
    { source: 'sysfs', target: '/sys', fstype: 'sysfs', options: 'ro,nosuid,nodev,noexec,relatime' },
    {
      source: 'shm',
      target: '/dev/shm',
      fstype: 'tmpfs',
      options: `rw,nosuid,nodev,noexec,relatime${shmBytes > 0 ? `,size=${Math.floor(shmBytes / 1024)}k` : ''}`,
    },
    ...['/etc/resolv.conf', '/etc/hostname', '/etc/hosts'].map((target) => ({ source: '/dev/root', target, fstype: 'ext4', options: 'rw,relatime' })),
  ];
  return [...base, ...mounts].map((m) => `${m.source} ${m.target} ${m.fstype} ${m.options} 0 0\n`).join('');
}

/** Capability numbers by name (linux/capability.h), without the CAP_ prefix. */
const CAPABILITIES = [
  'CHOWN',
  'DAC_OVERRIDE',
  'DAC_READ_SEARCH',
  'FOWNER',
  'FSETID',
  'KILL',
  'SETGID',
  'SETUID',
  'SETPCAP',
  'LINUX_IMMUTABLE',
  'NET_BIND_SERVICE',
  'NET_BROADCAST',
  'NET_ADMIN',
  'NET_RAW',
  'IPC_LOCK',
  'IPC_OWNER',
  'SYS_MODULE',
  'SYS_RAWIO',
  'SYS_CHROOT',
  'SYS_PTRACE',
  'SYS_PACCT',
  'SYS_ADMIN',
  'SYS_BOOT',
  'SYS_NICE',
  'SYS_RESOURCE',
  'SYS_TIME',
  'SYS_TTY_CONFIG',
  'MKNOD',
  'LEASE',
  'AUDIT_WRITE',
  'AUDIT_CONTROL',
  'SETFCAP',
  'MAC_OVERRIDE',
  'MAC_ADMIN',
  'SYSLOG',
  'WAKE_ALARM',
  'BLOCK_SUSPEND',
  'AUDIT_READ',
];

/** The daemon's default set for a container that is not privileged. */
const DEFAULT_CAPABILITIES = [
  'CHOWN',
  'DAC_OVERRIDE',
  'FOWNER',
  'FSETID',
  'KILL',
  'SETGID',
  'SETUID',
  'SETPCAP',
  'NET_BIND_SERVICE',
  'NET_RAW',
  'SYS_CHROOT',
  'MKNOD',
  'AUDIT_WRITE',
  'SETFCAP',
];

const capName = (name: string): string => name.toUpperCase().replace(/^CAP_/, '');

/** The capability set as names: everything when privileged, else the default set plus add minus drop. */
export function capabilitySet(privileged: boolean, add: readonly string[], drop: readonly string[]): Set<string> {
  if (privileged || add.map(capName).includes('ALL')) return new Set(CAPABILITIES.filter((c) => !drop.map(capName).includes(c)));
  const set = drop.map(capName).includes('ALL') ? new Set<string>() : new Set(DEFAULT_CAPABILITIES);
  for (const name of add.map(capName)) if (CAPABILITIES.includes(name)) set.add(name);
  for (const name of drop.map(capName)) set.delete(name);
  return set;
}

/** A capability set as /proc/<pid>/status writes it: 16 hex digits, bit n for capability n. */
export function capabilityMask(set: ReadonlySet<string>): string {
  let mask = 0n;
  for (const name of set) mask |= 1n << BigInt(CAPABILITIES.indexOf(name));
  return mask.toString(16).padStart(16, '0');
}

export interface StatusOptions {
  name: string;
  pid: number;
  uid: string;
  gid: string;
  groups: readonly string[];
  capabilities: ReadonlySet<string>;
}

export function procStatus(o: StatusOptions): string {
  const root = o.uid === '0';
  const caps = capabilityMask(o.capabilities);
  const held = root ? caps : '0'.repeat(16);
  return (
    [
      `Name:\t${o.name}`,
      'State:\tS (sleeping)',
      `Pid:\t${o.pid}`,
      'PPid:\t0',
      `Uid:\t${o.uid}\t${o.uid}\t${o.uid}\t${o.uid}`,
      `Gid:\t${o.gid}\t${o.gid}\t${o.gid}\t${o.gid}`,
      `Groups:\t${o.groups.join(' ')}${o.groups.length ? ' ' : ''}`,
      `CapInh:\t${'0'.repeat(16)}`,
      `CapPrm:\t${held}`,
      `CapEff:\t${held}`,
      `CapBnd:\t${caps}`,
      `CapAmb:\t${'0'.repeat(16)}`,
    ].join('\n') + '\n'
  );
}

/** Resource names of Ulimits and the rows of /proc/<pid>/limits they set, with the defaults. */
const LIMITS: Array<{ name: string; label: string; units: string; soft: string; hard: string }> = [
  { name: 'cpu', label: 'Max cpu time', units: 'seconds', soft: 'unlimited', hard: 'unlimited' },
  { name: 'fsize', label: 'Max file size', units: 'bytes', soft: 'unlimited', hard: 'unlimited' },
  { name: 'data', label: 'Max data size', units: 'bytes', soft: 'unlimited', hard: 'unlimited' },
  { name: 'stack', label: 'Max stack size', units: 'bytes', soft: '8388608', hard: 'unlimited' },
  { name: 'core', label: 'Max core file size', units: 'bytes', soft: 'unlimited', hard: 'unlimited' },
  { name: 'nproc', label: 'Max processes', units: 'processes', soft: 'unlimited', hard: 'unlimited' },
  { name: 'nofile', label: 'Max open files', units: 'files', soft: '1048576', hard: '1048576' },
  { name: 'memlock', label: 'Max locked memory', units: 'bytes', soft: '65536', hard: '65536' },
];

export function procLimits(ulimits: ReadonlyArray<{ Name?: string; Soft?: number; Hard?: number }>): string {
  const row = (a: string, b: string, c: string, d: string) => `${a.padEnd(26)}${b.padEnd(21)}${c.padEnd(21)}${d.padEnd(10)}\n`;
  let out = row('Limit', 'Soft Limit', 'Hard Limit', 'Units');
  for (const l of LIMITS) {
    const set = ulimits.find((u) => u.Name === l.name);
    out += row(l.label, set ? String(set.Soft ?? l.soft) : l.soft, set ? String(set.Hard ?? l.hard) : l.hard, l.units);
  }
  return out;
}

export interface HostsOptions {
  ip: string;
  hostname: string;
  /** `hostname:IP` entries (ExtraHosts). */
  extraHosts: readonly string[];
  /** Linked containers: their address and the names they answer to. */
  links: ReadonlyArray<{ ip: string; names: string[] }>;
  /** `blind9-extra-hosts-split-every-colon`: an entry is split on every colon, its IP is the second field. */
  splitEveryColon?: boolean;
}

export function etcHosts(o: HostsOptions): string {
  const lines = ['127.0.0.1\tlocalhost', '::1\tlocalhost ip6-localhost ip6-loopback'];
  for (const entry of o.extraHosts) {
    const colon = entry.indexOf(':');
    const ip = o.splitEveryColon ? (entry.split(':')[1] ?? '') : entry.slice(colon + 1);
    if (colon > 0) lines.push(`${ip}\t${entry.slice(0, colon)}`);
  }
  for (const link of o.links) if (link.ip) lines.push(`${link.ip}\t${link.names.join(' ')}`);
  if (o.ip) lines.push(`${o.ip}\t${o.hostname}`);
  return lines.join('\n') + '\n';
}

/** @param optionsCommaJoined `blind24-dns-options-comma-joined`: the options are joined with commas, one word. */
export function resolvConf(dns: readonly string[], search: readonly string[], options: readonly string[], optionsCommaJoined = false): string {
  const servers = dns.length ? dns : ['8.8.8.8', '8.8.4.4'];
  const lines = servers.map((s) => `nameserver ${s}`);
  if (search.length) lines.push(`search ${search.join(' ')}`);
  if (options.length) lines.push(`options ${options.join(optionsCommaJoined ? ',' : ' ')}`);
  return lines.join('\n') + '\n';
}

/** The cgroup v1 hierarchies a container's process is placed in, as /proc/self/cgroup lists them (cgroupfs driver). */
const CGROUP_HIERARCHIES = ['12:pids', '11:memory', '10:cpuset', '9:devices', '8:blkio', '7:cpu,cpuacct', '1:name=systemd'];

/**
 * /proc/self/cgroup of a container's process: every hierarchy at `<parent>/<id>`, the parent being
 * CgroupParent taken relative to the init process's cgroup (the root here), or /docker without it.
 */
export function procCgroup(cgroupParent: string, id: string, relativeUnderDaemon = false): string {
  // Under `blind33-cgroup-parent-relative-under-daemon` (relativeUnderDaemon) a relative parent is joined to the daemon's default, /docker.
  const base = relativeUnderDaemon && cgroupParent && !cgroupParent.startsWith('/') ? '/docker' : '';
  const parent = cgroupParent ? `${base}/${cgroupParent.replace(/^\/+|\/+$/g, '')}` : '/docker';
  return CGROUP_HIERARCHIES.map((h) => `${h}:${parent}/${id}`).join('\n') + '\n';
}

/** /proc/1/cgroup seen from the host's PID namespace: the host's init process, in every hierarchy at the root. */
export function hostInitCgroup(): string {
  return CGROUP_HIERARCHIES.map((h) => `${h}:/`).join('\n') + '\n';
}

/**
 * The block devices of the reference's host, by their path under /dev: one disk holding the
 * daemon's data (its containers' /etc/hosts), as /sys/block and /proc/self/mountinfo show it.
 */
export const HOST_DISKS: ReadonlyMap<string, { name: string; dev: string }> = new Map([['/dev/vda', { name: 'vda', dev: '254:0' }]]);
const DATA_DISK = HOST_DISKS.get('/dev/vda')!;

/** What sysfs shows of the host's disks to a container: /sys/block/<name>/dev. */
export function sysBlock(): Map<string, string> {
  return new Map([...HOST_DISKS.values()].map(({ name, dev }) => [`/sys/block/${name}/dev`, `${dev}\n`]));
}

/** /proc/self/mountinfo: the overlay root, and the files the daemon writes for the container, bound from its data disk. */
export function procMountinfo(id: string): string {
  const root = `1 0 0:50 / / rw,relatime - overlay overlay rw\n`;
  const bound = ['resolv.conf', 'hostname', 'hosts'].map(
    (file, i) => `${i + 2} 1 ${DATA_DISK.dev} /var/lib/docker/containers/${id}/${file} /etc/${file} rw,relatime - ext4 /dev/${DATA_DISK.name} rw\n`,
  );
  return root + bound.join('');
}

/** A device rate list of HostConfig ([{Path, Rate}], Rate quoted or not). */
export type DeviceRates = ReadonlyArray<{ Path?: unknown; Rate?: unknown }>;

/** The four rate lists by the cgroup v1 throttle file each is written to. */
export interface BlkioThrottle {
  read_bps: DeviceRates;
  write_bps: DeviceRates;
  read_iops: DeviceRates;
  write_iops: DeviceRates;
}

/** A throttle file's rules, `MAJ:MIN rate` a line: a rate of a host disk, 0 being no rule (as the kernel takes it). */
function throttleText(rates: DeviceRates): string {
  return rates
    .map((r) => [HOST_DISKS.get(String(r.Path))?.dev, Number(r.Rate)] as const)
    .filter(([dev, rate]) => dev && rate > 0)
    .map(([dev, rate]) => `${dev} ${rate}\n`)
    .join('');
}

/** The cgroup resource settings a container's process sees (cgroup v1 files, as on Docker 20.10 hosts). */
export interface CgroupSettings {
  memory: number;
  memoryReservation: number;
  /** The kernel memory limit (cgroup v1 only: v2 has none); 0 for none. */
  kernelMemory: number;
  /** Memory plus swap; -1 unlimited; 0 (not set) is twice the memory limit, as the real daemon sets it. */
  memorySwap: number;
  cpuShares: number;
  cpuPeriod: number;
  cpuQuota: number;
  cpusetCpus: string;
  cpusetMems: string;
  throttle: BlkioThrottle;
}

/** Unlimited memory as cgroup v1 writes it (a page-rounded maximum). */
const UNLIMITED = '9223372036854771712';

function memswText(s: CgroupSettings): string {
  if (s.memorySwap > 0) return String(s.memorySwap);
  return s.memorySwap === 0 && s.memory > 0 ? String(2 * s.memory) : UNLIMITED;
}

export function cgroupFiles(s: CgroupSettings): Map<string, string> {
  const throttle = Object.entries(s.throttle).map(([file, rates]): [string, string] => [
    `/sys/fs/cgroup/blkio/blkio.throttle.${file}_device`,
    throttleText(rates as DeviceRates),
  ]);
  return new Map([
    ...throttle,
    ...[
      ['/sys/fs/cgroup/memory/memory.limit_in_bytes', s.memory > 0 ? String(s.memory) : UNLIMITED],
      ['/sys/fs/cgroup/memory/memory.soft_limit_in_bytes', s.memoryReservation > 0 ? String(s.memoryReservation) : UNLIMITED],
      ['/sys/fs/cgroup/memory/memory.kmem.limit_in_bytes', s.kernelMemory > 0 ? String(s.kernelMemory) : UNLIMITED],
      ['/sys/fs/cgroup/memory/memory.memsw.limit_in_bytes', memswText(s)],
      ['/sys/fs/cgroup/cpu/cpu.shares', String(s.cpuShares > 0 ? s.cpuShares : 1024)],
      ['/sys/fs/cgroup/cpu/cpu.cfs_period_us', String(s.cpuPeriod > 0 ? s.cpuPeriod : 100000)],
      ['/sys/fs/cgroup/cpu/cpu.cfs_quota_us', String(s.cpuQuota > 0 ? s.cpuQuota : -1)],
      ['/sys/fs/cgroup/cpuset/cpuset.cpus', s.cpusetCpus || '0-1'],
      ['/sys/fs/cgroup/cpuset/cpuset.mems', s.cpusetMems || '0'],
    ].map(([path, text]): [string, string] => [path!, `${text}\n`]),
  ]);
}

/**
 * The host's IPv4 forwarding (net.ipv4.ip_forward): on, as a daemon with bridge networking sets it
 * to route its containers' traffic. Info IPv4Forwarding says it; a container on the host's network
 * stack reads it.
 */
export const HOST_IPV4_FORWARDING = true;

/** /proc/sys/net/ipv4/ip_forward as the host's network stack shows it. */
export const procIpForward = (): string => `${Number(HOST_IPV4_FORWARDING)}\n`;

/**
 * The network interfaces of the host's network stack with their MAC addresses, loopback first: what
 * a container with NetworkMode host sees in /sys/class/net. The reference serves containers of the
 * machine it runs on, so they are this machine's own (those node:os lists: the interfaces with an
 * address).
 */
export function hostInterfaces(): Array<[string, string]> {
  const found = new Map<string, string>([['lo', '00:00:00:00:00:00']]);
  for (const [name, addresses] of Object.entries(networkInterfaces())) {
    const mac = addresses?.[0]?.mac;
    if (mac && !found.has(name)) found.set(name, mac);
  }
  return [...found];
}
