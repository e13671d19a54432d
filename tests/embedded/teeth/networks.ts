import type { Teeth } from './types.ts';

/** Volumes and networks (1.22), and their absence in 1.18. */
export const networkTeeth: Teeth[] = [
  {
    fault: 'v1.18-serves-volumes',
    version: '1.18',
    catches: ['engine/volumes/list/absent-in-1.18', 'engine/volumes/create/absent-in-1.18', 'engine/volumes/inspect/absent-in-1.18', 'engine/volumes/delete/absent-in-1.18'],
  },
  {
    fault: 'v1.18-serves-networks',
    version: '1.18',
    catches: [
      'engine/networks/list/absent-in-1.18', 'engine/networks/inspect/absent-in-1.18', 'engine/networks/create/absent-in-1.18',
      'engine/networks/connect/absent-in-1.18', 'engine/networks/disconnect/absent-in-1.18', 'engine/networks/delete/absent-in-1.18',
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
      'engine/networks/inspect/404-no-such-network', 'engine/networks/inspect/404-no-such-network/property', 'engine/networks/delete/404-no-such-network',
      'engine/networks/connect/404-no-such-network', 'engine/networks/disconnect/404-no-such-network',
    ],
  },
];
