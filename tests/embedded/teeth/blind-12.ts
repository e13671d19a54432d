import type { Teeth } from './types.ts';

/**
 * The twelfth batch of blind faults (reference/engine/fault-areas/blind-12.ts,
 * catalog/engine/blind-faults-12.json): each row names the check that fails under it. A fault of
 * both versions has a row per version where each suite's check catches it. The image directories above a
 * change left out of the changes list (blind12-changes-parent-dirs-omitted) have no row: whether they are
 * listed is not stated, and kind-values only records it.
 */
export const blind12Teeth: Teeth[] = [
  // "ctrl-," is one key the spec lists: a sequence split at every comma refuses it.
  { fault: 'blind12-start-detach-keys-split-every-comma', version: '1.22', catches: ['engine/containers/start/query-detach-keys'] },
  // A container with a User keeps the GroupAdd groups beside the user's own.
  { fault: 'blind12-group-add-dropped-with-user', version: '1.22', catches: ['engine/containers/create/host-config-group-add/with-user'] },
  { fault: 'blind12-images-list-created-stored-time', version: '1.22', catches: ['engine/images/list/created-zero-given'] },
  { fault: 'blind12-images-list-created-stored-time', version: '1.18', catches: ['engine/images/list/created-zero-given'] },
  { fault: 'blind12-export-deleted-files-kept', version: '1.22', catches: ['engine/containers/export/200-tar-stream'] },
  { fault: 'blind12-export-deleted-files-kept', version: '1.18', catches: ['engine/containers/export/200-tar-stream'] },
  // The last RUN of the order build prints its directory: the WORKDIR before it, not the base image's.
  { fault: 'blind12-build-run-workdir-from-base', version: '1.22', catches: ['engine/images/build/instructions-in-order'] },
  { fault: 'blind12-build-run-workdir-from-base', version: '1.18', catches: ['engine/images/build/instructions-in-order'] },
  { fault: 'blind12-version-kernel-without-flavor', version: '1.22', catches: ['engine/system/version/200-response-schema/same-daemon-as-info'] },
  { fault: 'blind12-version-kernel-without-flavor', version: '1.18', catches: ['engine/system/version/200-response-schema/same-daemon-as-info'] },
  { fault: 'blind12-search-unreachable-404', version: '1.22', catches: ['engine/images/search/500-registry-unreachable'] },
  { fault: 'blind12-search-unreachable-404', version: '1.18', catches: ['engine/images/search/500-registry-unreachable'] },
];
