import type { EngineVersion } from '../../../harness/catalog/types.ts';
import { keysOf } from '../../../reference/faults.ts';
import { type EffectField, fieldIgnored, fieldNotStored, STORED_FIELDS, type StoredField } from '../../../reference/engine/field-faults.ts';
import { type StorageField, storageDetached } from '../../../reference/engine/mount-faults.ts';
import type { Teeth } from './types.ts';

const CREATE = 'engine/containers/create/';

/** field-ignored:<Field> → the checks that observe that field's effect inside the container (every field of the family). */
const EFFECT_CHECKS: Record<EffectField, { checks: string[]; versions?: EngineVersion[] }> = {
  Hostname: { checks: [`${CREATE}body-hostname`] },
  Domainname: { checks: [`${CREATE}body-domainname`] },
  User: { checks: [`${CREATE}body-user`] },
  Env: { checks: [`${CREATE}body-env`] },
  WorkingDir: { checks: [`${CREATE}body-working-dir`] },
  Volumes: { checks: [`${CREATE}body-volumes/mounted-inside`] },
  MacAddress: { checks: [`${CREATE}body-mac-address`] },
  NetworkDisabled: { checks: [`${CREATE}body-network-disabled`] },
  Binds: { checks: [`${CREATE}host-config-binds/mounted-inside`, `${CREATE}host-config-binds/host-directory`] },
  Tmpfs: { checks: [`${CREATE}host-config-tmpfs`], versions: ['1.22'] },
  Links: { checks: [`${CREATE}host-config-links`] },
  VolumesFrom: { checks: [`${CREATE}host-config-volumes-from/mounted-inside`, `${CREATE}host-config-volumes-from/same-volume`] },
  Privileged: { checks: [`${CREATE}host-config-privileged`] },
  ReadonlyRootfs: { checks: [`${CREATE}host-config-readonly-rootfs`] },
  PidMode: {
    checks: [
      `${CREATE}host-config-pid-mode/host-inside`,
      `${CREATE}host-config-pid-mode/container-inside`,
      `${CREATE}host-config-pid-mode/container-name-inside`,
    ],
  },
  Dns: { checks: [`${CREATE}host-config-dns`] },
  DnsSearch: { checks: [`${CREATE}host-config-dns-search`] },
  DnsOptions: { checks: [`${CREATE}host-config-dns-options`], versions: ['1.22'] },
  ExtraHosts: { checks: [`${CREATE}host-config-extra-hosts`] },
  CapAdd: { checks: [`${CREATE}host-config-cap-add-drop`] },
  CapDrop: { checks: [`${CREATE}host-config-cap-add-drop`] },
  Devices: { checks: [`${CREATE}host-config-devices`] },
  Ulimits: { checks: [`${CREATE}host-config-ulimits`] },
  OomScoreAdj: { checks: [`${CREATE}host-config-oom-score-adj`], versions: ['1.22'] },
  OomKillDisable: { checks: [`${CREATE}host-config-oom-kill-disable/effect`], versions: ['1.22'] },
  GroupAdd: { checks: [`${CREATE}host-config-group-add`], versions: ['1.22'] },
  Memory: { checks: [`${CREATE}host-config-memory/cgroup`, `${CREATE}host-config-memory/oom-killed`] },
  MemoryReservation: { checks: [`${CREATE}host-config-memory-reservation/cgroup`], versions: ['1.22'] },
  // Stored and echoed, never the limit of the cgroup: the echo check alone passed it (judge 2129, S21).
  KernelMemory: { checks: [`${CREATE}host-config-kernel-memory/cgroup`], versions: ['1.22'] },
  MemorySwap: { checks: [`${CREATE}host-config-memory-swap-needs-memory/cgroup`, 'engine/limits/memory-swap/cgroup'] },
  CpuShares: { checks: [`${CREATE}host-config-cpu-shares/cgroup`] },
  CpuPeriod: { checks: [`${CREATE}host-config-cpu-period/cgroup`], versions: ['1.22'] },
  CpuQuota: { checks: [`${CREATE}host-config-cpu-quota/cgroup`], versions: ['1.22'] },
  CpusetCpus: { checks: [`${CREATE}host-config-cpuset-cpus/cgroup`] },
  PortBindings: { checks: [`${CREATE}host-config-port-bindings/published`, `${CREATE}host-config-port-bindings/reaches-container`] },
  PublishAllPorts: { checks: [`${CREATE}host-config-publish-all-ports/published`] },
  // The create's ExposedPorts stored but not exposed: PublishAllPorts publishes none of them (judge 2127, sentence 19).
  ExposedPorts: { checks: [`${CREATE}host-config-publish-all-ports/published`] },
  NetworkMode: {
    checks: [
      `${CREATE}host-config-network-mode/none-inside`,
      `${CREATE}host-config-network-mode/host-inside`,
      `${CREATE}host-config-network-mode/container-inside`,
    ],
  },
  ShmSize: { checks: ['engine/limits/shm-size-positive/inside'], versions: ['1.22'] },
  BlkioDeviceReadBps: { checks: [`${CREATE}host-config-blkio-device-rates/cgroup`], versions: ['1.22'] },
  BlkioDeviceWriteBps: { checks: [`${CREATE}host-config-blkio-device-rates/cgroup`], versions: ['1.22'] },
  BlkioDeviceReadIOps: { checks: [`${CREATE}host-config-blkio-device-rates/cgroup`], versions: ['1.22'] },
  BlkioDeviceWriteIOps: { checks: [`${CREATE}host-config-blkio-device-rates/cgroup`], versions: ['1.22'] },
};

/** The create-field effects: each field's fault keeps the echo and drops the effect, in each version's suite. */
export const fieldEffectTeeth: Teeth[] = keysOf(EFFECT_CHECKS).flatMap((field) => {
  const { checks, versions = ['1.18', '1.22'] } = EFFECT_CHECKS[field];
  return versions.map((version): Teeth => ({ fault: fieldIgnored(field), version, catches: checks }));
});

/** storage-detached:<Field> → the checks that compare what two containers see through the same storage, per version. */
const STORAGE_CHECKS: Record<StorageField, Record<EngineVersion, string[]>> = {
  Binds: {
    '1.18': [`${CREATE}host-config-binds/host-directory`],
    '1.22': [`${CREATE}host-config-binds/host-directory`, `${CREATE}host-config-binds-volume-name/same-volume`],
  },
  VolumesFrom: { '1.18': [`${CREATE}host-config-volumes-from/same-volume`], '1.22': [`${CREATE}host-config-volumes-from/same-volume`] },
};

/** The mounts' storage: each field's fault mounts as stated but on an empty directory of the container's own. */
export const storageTeeth: Teeth[] = keysOf(STORAGE_CHECKS).flatMap((field) =>
  keysOf(STORAGE_CHECKS[field]).map((version): Teeth => ({ fault: storageDetached(field), version, catches: STORAGE_CHECKS[field][version] })),
);

const ECHO = 'engine/containers/inspect/';
const ONLY_122: readonly StoredField[] = [
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
  'StopSignal',
];

/** The device rates, echoed by checks of their own (one per Rate form), and seen in the cgroup. */
const RATE_FIELDS: readonly StoredField[] = ['BlkioDeviceReadBps', 'BlkioDeviceWriteBps', 'BlkioDeviceReadIOps', 'BlkioDeviceWriteIOps'];
const RATES = `${CREATE}host-config-blkio-device-rates`;

function echoTeeth(where: 'Config' | 'HostConfig', fields: readonly StoredField[]): Teeth[] {
  const check = where === 'Config' ? 'config-echoes-create' : 'host-config-echoes-create';
  return fields.flatMap((field) => {
    const versions: EngineVersion[] = ONLY_122.includes(field) ? ['1.22'] : field === 'LxcConf' ? ['1.18'] : ['1.18', '1.22'];
    const catches = (v: EngineVersion) =>
      field === 'LogConfig'
        ? [`${CREATE}host-config-log-config-types-${v}`]
        : RATE_FIELDS.includes(field)
          ? [`${RATES}/quoted`, `${RATES}/numeric`, `${RATES}/cgroup`]
          : [`${ECHO}${check}/${v}`];
    return versions.map((version) => ({ fault: fieldNotStored(field), version, catches: catches(version) }));
  });
}

/** field-not-stored:<Field> → the echo check of its group, which must fail naming that field's requirement. */
export const fieldStoredTeeth: Teeth[] = [...echoTeeth('Config', STORED_FIELDS.Config), ...echoTeeth('HostConfig', STORED_FIELDS.HostConfig)];
