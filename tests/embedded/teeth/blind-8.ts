import type { Teeth } from './types.ts';

/**
 * The eighth batch of blind faults (reference/engine/fault-areas/blind-8.ts,
 * catalog/engine/blind-faults-8.json): each row names the check that fails under it. A second
 * network's endpoint with the primary one's prefix length is a warning of the network-pool check
 * (what a prefix length means is read from the field's name, a recommended rule); so are a disconnect
 * that finds its container by id only (the spec's disconnect body says Container S, its connect body
 * "ID or name") and a memory limit of 0 under a usage above it (counters-meaning, recommended).
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
  { fault: 'blind8-delete-v-before-running-check', version: '1.22', catches: ['engine/containers/delete/query-v/refused-keeps-volumes'] },
  { fault: 'blind8-delete-v-before-running-check', version: '1.18', catches: ['engine/containers/delete/query-v/refused-keeps-volumes'] },
  { fault: 'blind8-name-bare-slash-generated', version: '1.22', catches: ['engine/limits/container-name-outside-pattern'] },
  { fault: 'blind8-name-bare-slash-generated', version: '1.18', catches: ['engine/limits/container-name-outside-pattern'] },
  { fault: 'blind8-disconnect-container-by-id-only', version: '1.22', catches: ['engine/networks/disconnect/body-container-name'] },
  { fault: 'blind8-memory-limit-zero-unlimited', version: '1.22', catches: ['engine/containers/stats/counters-meaning'] },
  { fault: 'blind8-memory-limit-zero-unlimited', version: '1.18', catches: ['engine/containers/stats/counters-meaning'] },
];
