import { inBothVersions as both, type Teeth } from './types.ts';

/**
 * The thirty-second batch of blind faults (reference/engine/fault-areas/blind-32.ts,
 * catalog/engine/blind-faults-32.json): each row names the checks that fail under it, each run
 * alone (6 of 7 caught by a check of their requirement at first, 1 missed; then the CpuQuota
 * cgroup check and the update's cgroup check read the quota given with a CpuPeriod of 50000, not
 * the default, in cfs_quota_us and cfs_period_us or cpu.max).
 */
export const blind32Teeth: Teeth[] = [
  ...both('blind32-auth-logged-in-user-cached', 'engine/system/auth/checks-credentials', 'engine/system/auth/body-serveraddress'),
  // A recommended rule: the checks end in a warning.
  ...both('blind32-progress-current-per-chunk', 'engine/images/progress-objects/transfer-shown', 'engine/images/progress-objects/transfer-shown/build'),
  { fault: 'blind32-events-1.18-from-gone-container', version: '1.18', catches: ['engine/events/container-kinds-1.18'] },
  ...both(
    'blind32-push-registry-port-dropped',
    'engine/images/push/200-progress-stream',
    'engine/images/create/query-tag/digest',
    'engine/service/typical-run-flow',
  ),
  // 1.22 lists 409 for a paused container; 1.18 lets exec create on one (201), so its 500 is a code the state does not allow.
  { fault: 'blind32-exec-create-paused-not-running-500', version: '1.22', catches: ['engine/exec/create/409-container-paused'] },
  { fault: 'blind32-exec-create-paused-not-running-500', version: '1.18', catches: ['engine/errors/listed-codes-only/every-state'] },
  { fault: 'blind32-image-inspect-1.18-empty-omitted', version: '1.18', catches: ['engine/images/inspect/200-response-schema'] },
  // CpuPeriod and CpuQuota are 1.22 fields.
  {
    fault: 'blind32-cpu-quota-default-period',
    version: '1.22',
    catches: ['engine/containers/create/host-config-cpu-quota/cgroup', 'engine/containers/update/body-resource-fields/cgroup'],
  },
];
