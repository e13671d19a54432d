import type { Teeth } from './types.ts';

/**
 * The thirteenth batch of blind faults (reference/engine/fault-areas/blind-13.ts,
 * catalog/engine/blind-faults-13.json): each row names the check that fails under it. A fault of
 * both versions has a row per version where each suite's check catches it.
 */
export const blind13Teeth: Teeth[] = [
  { fault: 'blind13-network-options-default-driver-dropped', version: '1.22', catches: ['engine/networks/create/body-options'] },
  { fault: 'blind13-volume-inspect-mountpoint-volume-dir', version: '1.22', catches: ['engine/volumes/inspect/200-response-schema'] },
  // The 1.18 event object's id is not said to be the container's for an exec event: the /v1.18 stream lacking the
  // container's exec events that /v1.22 carries is warned (a recommended rule), the departure its level allows.
  { fault: 'blind13-events-1.18-exec-id-exec-instance', version: '1.18', catches: ['engine/events/kinds-in-both-versions'] },
  // "Same types as in HostConfig": the bounds 10 and 1000 of BlkioWeight are values an update takes.
  { fault: 'blind13-update-blkio-weight-bounds-exclusive', version: '1.22', catches: ['engine/containers/update/body-resource-fields/blkio-weight-bounds'] },
];
