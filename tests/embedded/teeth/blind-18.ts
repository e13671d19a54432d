import { inBothVersions as both, type Teeth } from './types.ts';

/**
 * The eighteenth batch of blind faults (reference/engine/fault-areas/blind-18.ts,
 * catalog/engine/blind-faults-18.json), written on the sentences this batch's reviews had just
 * strengthened: each row names the check that fails under it.
 */
export const blind18Teeth: Teeth[] = [
  ...both('blind18-pull-access-denied-500', 'engine/images/create/404-no-such-repository', 'engine/images/create/404-no-such-repository/no-read-access'),
  ...both('blind18-stats-memory-limit-kib', 'engine/containers/stats/counters-meaning/memory-limit'),
  { fault: 'blind18-events-1.18-kinds-deny-update-only', version: '1.18', catches: ['engine/events/container-kinds-1.18'] },
  {
    fault: 'blind18-create-endpoint-ipam-wrong-field',
    version: '1.22',
    catches: ['engine/containers/create/body-networking-config', 'engine/containers/create/body-networking-config/address'],
  },
  ...both('blind18-network-mode-container-by-name-only', 'engine/containers/create/host-config-network-mode/container-inside'),
];
