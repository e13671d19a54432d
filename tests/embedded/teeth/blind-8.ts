import type { Teeth } from './types.ts';

/**
 * The eighth batch of blind faults (reference/engine/fault-areas/blind-8.ts,
 * catalog/engine/blind-faults-8.json): each row names the check that fails under it. A second
 * network's endpoint with the primary one's prefix length is a warning of the network-pool check
 * (what a prefix length means is read from the field's name, a recommended rule).
 */
export const blind8Teeth: Teeth[] = [
  { fault: 'blind8-tty-needs-open-stdin', version: '1.22', catches: ['engine/containers/create/body-tty'] },
  { fault: 'blind8-port-bindings-first-only', version: '1.22', catches: ['engine/containers/create/host-config-port-bindings/published'] },
  { fault: 'blind8-devices-node-from-container-path', version: '1.22', catches: ['engine/containers/create/host-config-devices'] },
  { fault: 'blind8-list-network-mode-first-network', version: '1.22', catches: ['engine/containers/inspect/networks-as-listed'] },
  { fault: 'blind8-networks-prefix-of-primary', version: '1.22', catches: ['engine/containers/inspect/prefix-lengths/network-pool'] },
  { fault: 'blind8-restart-t-nanoseconds', version: '1.22', catches: ['engine/containers/restart/query-t'] },
  { fault: 'blind8-swappiness-zero-unset', version: '1.22', catches: ['engine/limits/memory-swappiness-range'] },
  { fault: 'blind8-volume-generated-name-repeats', version: '1.22', catches: ['engine/volumes/create/body-name-generated'] },
];
