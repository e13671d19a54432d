import type { Teeth } from './types.ts';

/**
 * The fifteenth batch of blind faults (reference/engine/fault-areas/blind-15.ts,
 * catalog/engine/blind-faults-15.json): each row names the check that fails under it. A fault of
 * both versions has a row per version where each suite's check catches it.
 */
export const blind15Teeth: Teeth[] = [
  { fault: 'blind15-cpu-shares-capped-1024', version: '1.22', catches: ['engine/containers/create/host-config-cpu-shares/cgroup'] },
  { fault: 'blind15-cpu-shares-capped-1024', version: '1.18', catches: ['engine/containers/create/host-config-cpu-shares/cgroup'] },
  // A resize before the start is not stated; the fault also loses one the target accepts once the start with a tty is requested
  // (until the command runs), which the tty-size check sends as soon as the start is written.
  { fault: 'blind15-exec-resize-before-start-dropped', version: '1.22', catches: ['engine/exec/resize/201-resized/tty-size'] },
  { fault: 'blind15-exec-resize-before-start-dropped', version: '1.18', catches: ['engine/exec/resize/201-resized/tty-size'] },
  // Full host access: the host's devices in /dev beside every capability.
  { fault: 'blind15-privileged-host-devices-missing', version: '1.22', catches: ['engine/containers/create/host-config-privileged'] },
  { fault: 'blind15-privileged-host-devices-missing', version: '1.18', catches: ['engine/containers/create/host-config-privileged'] },
  // The same daemon GET /version describes: Experimental false there, ExperimentalBuild true in 1.22 info.
  { fault: 'blind15-info-experimental-build-true', version: '1.22', catches: ['engine/system/version/200-response-schema/same-daemon-as-info'] },
];
