import { inBothVersions as both, type Teeth } from './types.ts';

/** Volumes and networks (1.22), and their absence in 1.18. */
export const networkTeeth: Teeth[] = [
  {
    fault: 'v1.18-serves-volumes',
    version: '1.18',
    catches: [
      'engine/volumes/list/absent-in-1.18',
      'engine/volumes/create/absent-in-1.18',
      'engine/volumes/inspect/absent-in-1.18',
      'engine/volumes/delete/absent-in-1.18',
    ],
  },
  {
    fault: 'v1.18-serves-networks',
    version: '1.18',
    catches: [
      'engine/networks/list/absent-in-1.18',
      'engine/networks/inspect/absent-in-1.18',
      'engine/networks/create/absent-in-1.18',
      'engine/networks/connect/absent-in-1.18',
      'engine/networks/disconnect/absent-in-1.18',
      'engine/networks/delete/absent-in-1.18',
    ],
  },
  { fault: 'volume-delete-in-use-204', version: '1.22', catches: ['engine/volumes/delete/409-in-use'] },
  {
    fault: 'volume-missing-500',
    version: '1.22',
    catches: ['engine/volumes/inspect/404-no-such-volume', 'engine/volumes/inspect/404-no-such-volume/property', 'engine/volumes/delete/404-no-such-volume'],
  },
  { fault: 'network-delete-predefined-200', version: '1.22', catches: ['engine/networks/delete/403-pre-defined-network'] },
  {
    fault: 'network-missing-500',
    version: '1.22',
    catches: [
      'engine/networks/inspect/404-no-such-network',
      'engine/networks/inspect/404-no-such-network/property',
      'engine/networks/delete/404-no-such-network',
      'engine/networks/connect/404-no-such-network',
      'engine/networks/disconnect/404-no-such-network',
    ],
  },
  // volumes
  {
    fault: 'volume-no-Mountpoint',
    version: '1.22',
    catches: ['engine/volumes/list/200-response-schema', 'engine/volumes/create/201-response-schema', 'engine/volumes/inspect/200-response-schema'],
  },
  { fault: 'volumes-dangling-filter-ignored', version: '1.22', catches: ['engine/volumes/list/filter-dangling'] },
  { fault: 'volume-name-required', version: '1.22', catches: ['engine/volumes/create/body-name-generated'] },
  { fault: 'volume-driver-default-empty', version: '1.22', catches: ['engine/volumes/create/body-driver-default-local'] },
  // volume-driver-opts-dropped is under no check: options never passed look like options a local driver takes and ignores, which the
  // spec allows (it defines no driver option); tests/embedded/engine-legal-variations.test.ts holds that body-driver-opts ends unverified.
  { fault: 'volume-delete-keeps-volume', version: '1.22', catches: ['engine/volumes/delete/204-removed'] },
  // networks
  { fault: 'network-no-Scope', version: '1.22', catches: ['engine/networks/list/200-response-schema', 'engine/networks/inspect/200-response-schema'] },
  { fault: 'network-create-no-Warning', version: '1.22', catches: ['engine/networks/create/201-response-schema'] },
  {
    fault: 'networks-filters-ignored',
    version: '1.22',
    catches: [
      'engine/networks/list/filter-id',
      'engine/networks/list/filter-name',
      'engine/networks/list/filter-type',
      'engine/networks/list/filter-name/property',
    ],
  },
  { fault: 'network-containers-no-Name', version: '1.22', catches: ['engine/networks/inspect/containers-entry-name'] },
  { fault: 'network-options-dropped', version: '1.22', catches: ['engine/networks/inspect/bridge-options-namespaced', 'engine/networks/create/body-options'] },
  { fault: 'bridge-options-bare-keys', version: '1.22', catches: ['engine/networks/inspect/bridge-options-namespaced'] },
  { fault: 'network-plugin-missing-500', version: '1.22', catches: ['engine/networks/create/404-plugin-not-found'] },
  { fault: 'network-inspect-newest', version: '1.22', catches: ['engine/networks/inspect/200-response-schema'] },
  { fault: 'network-name-optional', version: '1.22', catches: ['engine/networks/create/body-name-mandatory'] },
  { fault: 'network-check-duplicate-ignored', version: '1.22', catches: ['engine/networks/create/body-check-duplicate'] },
  { fault: 'network-driver-default-overlay', version: '1.22', catches: ['engine/networks/create/body-driver-default-bridge'] },
  { fault: 'network-ipam-config-ignored', version: '1.22', catches: ['engine/networks/create/body-ipam'] },
  // The IPAM Config shown as given: only a container on the network (its address, its gateway) tells.
  {
    fault: 'network-ipam-addresses-from-pool',
    version: '1.22',
    catches: ['engine/networks/create/body-ipam', 'engine/containers/create/host-config-network-mode-custom/alone'],
  },
  // Stored as bridge: only what the container has (an interface besides lo) tells.
  ...both('network-mode-bridge-unattached', 'engine/containers/create/host-config-network-mode/bridge-inside'),
  {
    fault: 'network-mode-custom-default-network',
    version: '1.22',
    catches: ['engine/containers/create/host-config-network-mode-custom/alone', 'engine/networks/create/body-ipam'],
  },
  { fault: 'network-internal-refused', version: '1.22', catches: ['engine/networks/create/body-internal'] },
  { fault: 'network-connect-ignored', version: '1.22', catches: ['engine/networks/connect/200-connected'] },
  { fault: 'network-connect-by-id-only', version: '1.22', catches: ['engine/networks/connect/200-connected'] },
  { fault: 'network-endpoint-config-ignored', version: '1.22', catches: ['engine/networks/connect/body-endpoint-config'] },
  {
    fault: 'missing-container-500',
    version: '1.22',
    catches: ['engine/networks/connect/404-no-such-container', 'engine/networks/disconnect/404-no-such-container'],
  },
  { fault: 'network-disconnect-ignored', version: '1.22', catches: ['engine/networks/disconnect/200-disconnected', 'engine/networks/disconnect/body-force'] },
  { fault: 'network-delete-keeps-network', version: '1.22', catches: ['engine/networks/delete/200-removed'] },
  { fault: 'network-delete-in-use-403', version: '1.22', catches: ['engine/errors/404-not-found/network-delete-in-use'] },
];
