/**
 * The HostConfig of a container: defaults for every documented field, the checks create and update
 * make (400 on a bad value), and which fields each version shows.
 */
import { HttpError, type ApiVersion } from '../http/router.ts';
import type { FaultSet } from '../faults.ts';
import type { HostConfig } from './container.ts';

const COMMON_DEFAULTS = {
  Binds: null,
  ContainerIDFile: '',
  LxcConf: [],
  Memory: 0,
  MemorySwap: 0,
  CpuShares: 0,
  CpusetCpus: '',
  PidMode: '',
  IpcMode: '',
  PortBindings: {},
  PublishAllPorts: false,
  Privileged: false,
  ReadonlyRootfs: false,
  Dns: [],
  DnsSearch: [],
  ExtraHosts: null,
  VolumesFrom: null,
  CapAdd: null,
  CapDrop: null,
  Links: null,
  RestartPolicy: { Name: 'no', MaximumRetryCount: 0 },
  NetworkMode: 'default',
  Devices: [],
  Ulimits: null,
  SecurityOpt: null,
  LogConfig: { Type: 'json-file', Config: {} },
  CgroupParent: '',
} as const;

const V122_DEFAULTS = {
  Tmpfs: null,
  MemoryReservation: 0,
  KernelMemory: 0,
  CpuPeriod: 0,
  CpuQuota: 0,
  CpusetMems: '',
  BlkioWeight: 0,
  BlkioWeightDevice: null,
  BlkioDeviceReadBps: null,
  BlkioDeviceWriteBps: null,
  BlkioDeviceReadIOps: null,
  BlkioDeviceWriteIOps: null,
  MemorySwappiness: -1,
  OomKillDisable: false,
  OomScoreAdj: 0,
  DnsOptions: [],
  GroupAdd: null,
  VolumeDriver: '',
  ShmSize: 67108864,
  ConsoleSize: [0, 0],
  Isolation: '',
  CgroupParent: '',
} as const;

export const HOST_CONFIG_FIELDS: Record<ApiVersion, string[]> = {
  '1.18': Object.keys(COMMON_DEFAULTS),
  '1.22': [...Object.keys(COMMON_DEFAULTS), ...Object.keys(V122_DEFAULTS)],
};

const LOG_DRIVERS: Record<ApiVersion, string[]> = {
  '1.18': ['json-file', 'syslog', 'journald', 'none'],
  '1.22': ['json-file', 'syslog', 'journald', 'gelf', 'awslogs', 'splunk', 'none'],
};

const RESTART_POLICIES: Record<ApiVersion, string[]> = {
  '1.18': ['', 'no', 'always', 'on-failure'],
  '1.22': ['', 'no', 'always', 'on-failure', 'unless-stopped'],
};

/** The stored HostConfig: every documented field with its default, overlaid by the request's. */
/** The named fault blkio-rate-quoted-zero: a device Rate given as a quoted number kept as 0. */
function quotedRatesZero(stored: Record<string, unknown>): void {
  for (const field of ['BlkioDeviceReadBps', 'BlkioDeviceWriteBps', 'BlkioDeviceReadIOps', 'BlkioDeviceWriteIOps']) {
    const devices = stored[field];
    if (Array.isArray(devices)) stored[field] = devices.map((d: Record<string, unknown>) => (typeof d?.Rate === 'string' ? { ...d, Rate: 0 } : d));
  }
}

/** Under `blind19-port-bindings-host-port-integer`: each given HostPort kept as the number it was checked as. */
function hostPortsAsNumbers(stored: Record<string, unknown>): void {
  const bindings = (stored.PortBindings ?? {}) as Record<string, Array<{ HostPort?: unknown }> | null>;
  for (const list of Object.values(bindings)) for (const b of list ?? []) if (b?.HostPort) b.HostPort = Number(b.HostPort);
}

/** A JSON object that is not a list (`blind29-lxc-conf-map-undecodable`). */
function isMap(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Under `blind31-cap-drop-1.18-prose-key` a 1.18 HostConfig's drops are read from the key the 1.18 prose spells, `Capdrop`:
 * a `CapDrop` list (the sample's spelling) is not read. 1.22 and CapAdd are unchanged.
 */
function proseCapDrop(version: ApiVersion, given: Record<string, unknown>, faults: FaultSet): Record<string, unknown> {
  if (version !== '1.18' || !faults.has('blind31-cap-drop-1.18-prose-key')) return given;
  const { Capdrop, CapDrop: _sampleSpelling, ...rest } = given;
  return { ...rest, CapDrop: Capdrop ?? null };
}

export function buildHostConfig(version: ApiVersion, requested: Record<string, unknown> | undefined, faults: FaultSet): HostConfig {
  const given = proseCapDrop(version, faults.has('host-config-fields-dropped') ? {} : (requested ?? {}), faults);
  // Under `blind29-lxc-conf-map-undecodable` a 1.18 LxcConf is decoded into a list of {Key, Value} only: the map form fails to decode.
  if (version === '1.18' && faults.has('blind29-lxc-conf-map-undecodable') && isMap(given.LxcConf))
    throw new HttpError(500, 'json: cannot unmarshal object into Go value of type []utils.KeyValuePair');
  checkResources(given, faults);
  checkRestartPolicy(version, given.RestartPolicy);
  if (faults.has('restart-unless-stopped-rejected') && (given.RestartPolicy as { Name?: string } | undefined)?.Name === 'unless-stopped')
    throw new HttpError(400, 'invalid restart policy unless-stopped');
  const logType = (given.LogConfig as { Type?: string } | undefined)?.Type;
  if (logType && !LOG_DRIVERS[version].includes(logType)) throw new HttpError(400, `unknown log driver ${logType}`);
  const stored = JSON.parse(JSON.stringify({ ...COMMON_DEFAULTS, ...V122_DEFAULTS })) as Record<string, unknown>;
  for (const [key, value] of Object.entries(given)) if (value !== undefined && value !== null) stored[key] = value;
  const policy = stored.RestartPolicy as { Name?: string; MaximumRetryCount?: number };
  stored.RestartPolicy = { Name: policy.Name || 'no', MaximumRetryCount: policy.MaximumRetryCount ?? 0 };
  // Under `shm-size-zero-unlimited` a ShmSize 0 given is kept: /dev/shm is then mounted without a size (unlimited).
  // Under `blind25-shm-size-default-decimal-mb` the 64 MB default is counted in decimal megabytes (64 * 1000 * 1000).
  if (!stored.ShmSize && !(faults.has('shm-size-zero-unlimited') && given.ShmSize === 0)) stored.ShmSize = V122_DEFAULTS.ShmSize;
  if (!given.ShmSize && faults.has('blind25-shm-size-default-decimal-mb')) stored.ShmSize = 64 * 1000 * 1000;
  if (faults.has('shm-size-default-zero') && given.ShmSize === undefined) stored.ShmSize = 0;
  if (faults.has('blkio-rate-quoted-zero')) quotedRatesZero(stored);
  if (faults.has('blind19-port-bindings-host-port-integer')) hostPortsAsNumbers(stored);
  if (!stored.NetworkMode) stored.NetworkMode = 'default';
  // Under `blind8-swappiness-zero-unset` a zero is taken for an absent value.
  if (stored.MemorySwappiness === 0 && faults.has('blind8-swappiness-zero-unset')) stored.MemorySwappiness = -1;
  return stored as HostConfig;
}

/** Resource limits shared by create and update. */
export function checkResources(given: Record<string, unknown>, faults: FaultSet): void {
  const num = (key: string): number | undefined => (typeof given[key] === 'number' ? (given[key] as number) : undefined);
  const blkio = num('BlkioWeight');
  // Under `blind25-blkio-weight-bfq-range` the lower bound is BFQ's (1), not CFQ's (10): weights 1 to 9 pass.
  const lowest = faults.has('blind25-blkio-weight-bfq-range') ? 1 : 10;
  if (blkio && (blkio < lowest || blkio > 1000) && !faults.has('blkioweight-unchecked')) {
    throw new HttpError(400, `Range of blkio weight is from ${lowest} to 1000`);
  }
  const swappiness = num('MemorySwappiness');
  if (swappiness !== undefined && swappiness !== -1 && (swappiness < 0 || swappiness > 100) && !faults.has('swappiness-unchecked')) {
    throw new HttpError(400, `Invalid value: ${swappiness}, valid memory swappiness range is 0-100`);
  }
  const shm = num('ShmSize');
  if (shm !== undefined && shm < 0 && !faults.has('shm-size-unchecked')) throw new HttpError(400, 'SHM size must be greater than 0');
  const memory = num('Memory') ?? 0;
  const swap = num('MemorySwap') ?? 0;
  if (memory > 0 && memory < 4 * 1024 * 1024) throw new HttpError(400, 'Minimum memory limit allowed is 4MB');
  if (faults.has('memory-swap-unchecked')) return;
  if (swap > 0 && memory === 0) throw new HttpError(400, 'You should always set the Memory limit when using Memoryswap limit');
  // The spec's "larger than Memory": the daemon of the time let an equal value through (its test was <).
  // Under `blind26-memory-swap-unlimited-refused` every non-zero value is compared, -1 (unlimited) too: it is refused with a Memory.
  const compared = faults.has('blind26-memory-swap-unlimited-refused') ? swap !== 0 : swap > 0;
  if (compared && swap <= memory) throw new HttpError(400, 'Minimum memoryswap limit should be larger than memory limit, see usage');
}

function checkRestartPolicy(version: ApiVersion, raw: unknown): void {
  if (raw === undefined || raw === null) return;
  const policy = raw as { Name?: string; MaximumRetryCount?: number };
  const name = policy.Name ?? '';
  if (!RESTART_POLICIES[version].includes(name)) throw new HttpError(400, `invalid restart policy ${name}`);
  const retries = policy.MaximumRetryCount ?? 0;
  if (retries < 0) throw new HttpError(400, 'maximum restart count must be a positive integer');
  if (retries > 0 && name !== 'on-failure') throw new HttpError(400, `maximum restart count not valid with restart policy of '${name}'`);
}
