import type { Teeth } from './types.ts';

/**
 * The eleventh batch of blind faults (reference/engine/fault-areas/blind-11.ts,
 * catalog/engine/blind-faults-11.json): each row names the check that fails under it. A fault of
 * both versions has a row per version where each suite's check was strengthened for it.
 */
export const blind11Teeth: Teeth[] = [
  // A repository named with a registry host:port, saved by name:tag: repositories splits at the last colon.
  { fault: 'blind11-save-repositories-split-first-colon', version: '1.22', catches: ['engine/images/get/tarball-format'] },
  { fault: 'blind11-save-repositories-split-first-colon', version: '1.18', catches: ['engine/images/get/tarball-format'] },
  // A member renamed while connected: its Containers entry shows the new name.
  { fault: 'blind11-network-container-name-stale', version: '1.22', catches: ['engine/networks/inspect/containers-entry-name'] },
  { fault: 'blind11-volume-driver-local-plugin-lookup', version: '1.22', catches: ['engine/containers/create/host-config-volume-driver/local-makes-volume'] },
  // A context without the build file answered 404, a code POST /build does not list (1.22 also through the remote-tarball check's exchanges).
  { fault: 'blind11-build-missing-file-404', version: '1.18', catches: ['engine/errors/listed-codes-only'] },
  { fault: 'blind11-build-missing-file-404', version: '1.22', catches: ['engine/errors/listed-codes-only'] },
  { fault: 'blind11-stats-blkio-null-not-running', version: '1.22', catches: ['engine/containers/stats/not-running-readings'] },
  { fault: 'blind11-stats-blkio-null-not-running', version: '1.18', catches: ['engine/containers/stats/not-running-readings'] },
  { fault: 'blind11-search-no-match-null', version: '1.22', catches: ['engine/images/search/query-term'] },
  { fault: 'blind11-search-no-match-null', version: '1.18', catches: ['engine/images/search/query-term'] },
  { fault: 'blind11-filter-status-1.18-restarting-as-running', version: '1.18', catches: ['engine/containers/list/filter-status/restarting-1.18'] },
  { fault: 'blind11-filter-status-1.22-restarting-as-exited', version: '1.22', catches: ['engine/containers/list/filter-status/restarting-1.22'] },
];
