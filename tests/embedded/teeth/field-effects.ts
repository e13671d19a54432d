import type { EngineVersion } from '../../../harness/catalog/types.ts';
import type { Teeth } from './types.ts';

const CREATE = 'engine/containers/create/';

/** field-ignored:<Field> → the checks that observe that field's effect inside the container. */
const EFFECT_CHECKS: Record<string, { checks: string[]; versions?: EngineVersion[] }> = {
  Hostname: { checks: [`${CREATE}body-hostname`] },
  Domainname: { checks: [`${CREATE}body-domainname`] },
  User: { checks: [`${CREATE}body-user`] },
  Env: { checks: [`${CREATE}body-env`] },
  WorkingDir: { checks: [`${CREATE}body-working-dir`] },
  Volumes: { checks: [`${CREATE}body-volumes/mounted-inside`] },
  MacAddress: { checks: [`${CREATE}body-mac-address`] },
  NetworkDisabled: { checks: [`${CREATE}body-network-disabled`] },
  Binds: { checks: [`${CREATE}host-config-binds/mounted-inside`] },
  Tmpfs: { checks: [`${CREATE}host-config-tmpfs`], versions: ['1.22'] },
  Links: { checks: [`${CREATE}host-config-links`] },
  VolumesFrom: { checks: [`${CREATE}host-config-volumes-from/mounted-inside`] },
  Privileged: { checks: [`${CREATE}host-config-privileged`] },
  ReadonlyRootfs: { checks: [`${CREATE}host-config-readonly-rootfs`] },
  PidMode: { checks: [`${CREATE}host-config-pid-mode/host-inside`, `${CREATE}host-config-pid-mode/container-inside`] },
  Dns: { checks: [`${CREATE}host-config-dns`] },
  DnsSearch: { checks: [`${CREATE}host-config-dns-search`] },
  DnsOptions: { checks: [`${CREATE}host-config-dns-options`], versions: ['1.22'] },
  ExtraHosts: { checks: [`${CREATE}host-config-extra-hosts`] },
  CapAdd: { checks: [`${CREATE}host-config-cap-add-drop`] },
  CapDrop: { checks: [`${CREATE}host-config-cap-add-drop`] },
  Devices: { checks: [`${CREATE}host-config-devices`] },
  Ulimits: { checks: [`${CREATE}host-config-ulimits`] },
  OomScoreAdj: { checks: [`${CREATE}host-config-oom-score-adj`], versions: ['1.22'] },
  GroupAdd: { checks: [`${CREATE}host-config-group-add`], versions: ['1.22'] },
};

/** The create-field effects: each field's fault keeps the echo and drops the effect, in each version's suite. */
export const fieldEffectTeeth: Teeth[] = Object.entries(EFFECT_CHECKS).flatMap(([field, { checks, versions = ['1.18', '1.22'] }]) =>
  versions.map((version) => ({ fault: `field-ignored:${field}`, version, catches: checks })),
);
