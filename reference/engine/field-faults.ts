/**
 * The parametrised fault family `field-ignored:<Field>`: the target stores the create field as
 * sent (inspect echoes it) but the container runs as if it had not been given. Each member breaks
 * exactly the effect the spec states for that one field, so a check that only reads the echo
 * back cannot catch it and a check that observes the effect inside the container must.
 */
import { type Fault, keysOf } from '../faults.ts';
import type { FaultSet } from './faults.ts';

/** Create fields (top level or HostConfig) whose effect the reference's runtime models. */
export const EFFECT_FIELDS = [
  'Hostname',
  'Domainname',
  'User',
  'Env',
  'WorkingDir',
  'Volumes',
  'MacAddress',
  'NetworkDisabled',
  'Binds',
  'Tmpfs',
  'Links',
  'VolumesFrom',
  'Privileged',
  'ReadonlyRootfs',
  'PidMode',
  'Dns',
  'DnsSearch',
  'DnsOptions',
  'ExtraHosts',
  'CapAdd',
  'CapDrop',
  'Devices',
  'Ulimits',
  'OomScoreAdj',
  'OomKillDisable',
  'GroupAdd',
  'Memory',
  'MemoryReservation',
  'KernelMemory',
  'MemorySwap',
  'CpuShares',
  'CpuPeriod',
  'CpuQuota',
  'CpusetCpus',
  'PortBindings',
  'PublishAllPorts',
  'ExposedPorts',
  'NetworkMode',
  'ShmSize',
  'BlkioDeviceReadBps',
  'BlkioDeviceWriteBps',
  'BlkioDeviceReadIOps',
  'BlkioDeviceWriteIOps',
] as const;

export type EffectField = (typeof EFFECT_FIELDS)[number];

export type FieldIgnoredName = `field-ignored:${EffectField}`;

export const FIELD_IGNORED_FAULTS: ReadonlyArray<Fault<FieldIgnoredName, 'containers'>> = EFFECT_FIELDS.map((field) => ({
  name: fieldIgnored(field),
  area: 'containers',
  description: `create stores ${field} (inspect echoes it) but the container runs without its effect`,
}));

export function fieldIgnored(field: EffectField): FieldIgnoredName {
  return `field-ignored:${field}`;
}

/** The value a field takes effect with: the default (`fallback`) when its fault is on. */
export function effective<T>(faults: FaultSet, field: EffectField, value: T, fallback: T): T {
  return faults.has(fieldIgnored(field)) ? fallback : value;
}

/**
 * The family `field-not-stored:<Field>`: create ignores that one field of the request (Config or
 * HostConfig), so inspect shows the default. Each member breaks the rule "the field is stored as
 * sent" of exactly one field.
 */
export const STORED_FIELDS = {
  Config: [
    'Hostname',
    'Domainname',
    'User',
    'AttachStdin',
    'AttachStdout',
    'AttachStderr',
    'Tty',
    'OpenStdin',
    'StdinOnce',
    'Env',
    'Labels',
    'Cmd',
    'Entrypoint',
    'Volumes',
    'WorkingDir',
    'NetworkDisabled',
    'MacAddress',
    'ExposedPorts',
    'StopSignal',
  ],
  HostConfig: [
    'Binds',
    'Links',
    'Memory',
    'MemorySwap',
    'CpuShares',
    'CpusetCpus',
    'PidMode',
    'PortBindings',
    'PublishAllPorts',
    'Privileged',
    'ReadonlyRootfs',
    'Dns',
    'DnsSearch',
    'ExtraHosts',
    'VolumesFrom',
    'CapAdd',
    'CapDrop',
    'NetworkMode',
    'Devices',
    'Ulimits',
    'SecurityOpt',
    'CgroupParent',
    'LxcConf',
    'Tmpfs',
    'MemoryReservation',
    'KernelMemory',
    'CpuPeriod',
    'CpuQuota',
    'CpusetMems',
    'BlkioWeightDevice',
    'BlkioDeviceReadBps',
    'BlkioDeviceWriteBps',
    'BlkioDeviceReadIOps',
    'BlkioDeviceWriteIOps',
    'OomKillDisable',
    'OomScoreAdj',
    'DnsOptions',
    'GroupAdd',
    'VolumeDriver',
    'LogConfig',
  ],
} as const;

/** A create field (Config or HostConfig) that the request stores as sent. */
export type StoredField = (typeof STORED_FIELDS)[keyof typeof STORED_FIELDS][number];

export type FieldNotStoredName = `field-not-stored:${StoredField}`;

export function fieldNotStored(field: StoredField): FieldNotStoredName {
  return `field-not-stored:${field}`;
}

export const FIELD_NOT_STORED_FAULTS: ReadonlyArray<Fault<FieldNotStoredName, 'containers'>> = keysOf(STORED_FIELDS).flatMap((where) =>
  STORED_FIELDS[where].map((field) => ({
    name: fieldNotStored(field),
    area: 'containers',
    description: `create ignores ${where}.${field} of the request: inspect shows the default`,
  })),
);

const STORED: ReadonlySet<string> = new Set(keysOf(STORED_FIELDS).flatMap((where) => STORED_FIELDS[where]));
const isStoredField = (key: string): key is StoredField => STORED.has(key);

/** The request without the fields whose `field-not-stored` fault is on. */
export function withoutUnstored(faults: FaultSet, fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([k]) => !(isStoredField(k) && faults.has(fieldNotStored(k)))));
}
