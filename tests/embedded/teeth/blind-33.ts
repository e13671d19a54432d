import { inBothVersions as both, type Teeth } from './types.ts';

/**
 * The thirty-third batch of blind faults (reference/engine/fault-areas/blind-33.ts,
 * catalog/engine/blind-faults-33.json): each row names the checks that fail under it, each run
 * alone (6 of 7 caught by a check of their requirement at first, 1 missed; then the CgroupParent
 * check reads the init process's cgroup, /proc/1/cgroup with PidMode host, and requires the
 * container's cgroup below it joined with the relative parent, in every hierarchy).
 */
export const blind33Teeth: Teeth[] = [
  ...both('blind33-stats-max-usage-omitted', 'engine/containers/stats/200-stats-stream', 'engine/containers/stats/not-running-readings'),
  // The fault touches a 1.18 create sending LxcConf as a map.
  { fault: 'blind33-inspect-lxc-conf-map-echoed', version: '1.18', catches: ['engine/containers/inspect/host-config-echoes-create/1.18'] },
  ...both('blind33-cgroup-parent-relative-under-daemon', 'engine/containers/create/host-config-cgroup-parent/cgroup'),
  // Update is a 1.22 endpoint.
  { fault: 'blind33-update-cpuset-mems-dropped', version: '1.22', catches: ['engine/containers/update/body-resource-fields'] },
  ...both('blind33-exposed-port-udp-as-tcp', 'engine/containers/create/host-config-publish-all-ports/published'),
  ...both('blind33-wait-exited-404', 'engine/containers/wait/200-status-code', 'engine/containers/wait/200-status-code/killed'),
  ...both('blind33-build-xz-context-unrecognized', 'engine/images/build/context-xz'),
];
