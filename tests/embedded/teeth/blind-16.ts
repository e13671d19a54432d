import { inBothVersions as both, type Teeth } from './types.ts';

/**
 * The sixteenth batch of blind faults (reference/engine/fault-areas/blind-16.ts,
 * catalog/engine/blind-faults-16.json), written on sentences this batch's reviews had just
 * strengthened: each row names the check that fails under it.
 */
export const blind16Teeth: Teeth[] = [
  ...both('blind16-link-alias-not-in-hosts', 'engine/containers/create/host-config-links'),
  ...both('blind16-delete-by-name-keeps-listed', 'engine/containers/delete/204-removed/by-name'),
  { fault: 'blind16-events-volume-destroy-named-delete', version: '1.22', catches: ['engine/events/volume-kinds-1.22'] },
  { fault: 'blind16-pull-digest-split-last-colon', version: '1.22', catches: ['engine/images/create/query-from-image-tag-or-digest'] },
  // The (name) placeholder as an image ID: an in-use test that looks containers up by the reference asked for finds none.
  ...both('blind16-image-delete-by-id-in-use-allowed', 'engine/images/delete/409-image-in-use/by-id'),
];
