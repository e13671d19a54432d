import { inBothVersions as both, type Teeth } from './types.ts';

/**
 * The seventeenth batch of blind faults (reference/engine/fault-areas/blind-17.ts,
 * catalog/engine/blind-faults-17.json), on sentences sampled at random: each row names the check
 * that fails under it.
 */
export const blind17Teeth: Teeth[] = [
  ...both('blind17-exec-resize-sizes-container', 'engine/exec/resize/201-resized/tty-size'),
  ...both('blind17-export-gzip-compressed', 'engine/containers/export/200-tar-stream'),
  // Missed at first (only counts above zero were asked): a completed pull's currents must reach each layer's total.
  ...both('blind17-progress-current-percent', 'engine/images/progress-objects/transfer-shown'),
  ...both('blind17-image-sha256-id-read-as-tag', 'engine/images/inspect/name-tag-or-id'),
  ...both('blind17-build-file-parsed-per-step', 'engine/images/build/syntax-error'),
  ...both('blind17-push-registry-host-dropped', 'engine/images/push/200-progress-stream'),
];
