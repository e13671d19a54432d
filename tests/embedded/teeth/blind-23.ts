import { inBothVersions as both, type Teeth } from './types.ts';

/**
 * The twenty-third batch of blind faults (reference/engine/fault-areas/blind-23.ts,
 * catalog/engine/blind-faults-23.json), written on five freshly sampled sentences (seed 2301) and
 * the two requirements no named fault had shown (lifecycle-emits, the content of an import from a
 * URL): each row names the check that fails under it (5 of 7 caught at first).
 */
export const blind23Teeth: Teeth[] = [
  // Missed at first: only the soft limit file was read.
  { fault: 'blind23-memory-reservation-hard-limit', version: '1.22', catches: ['engine/containers/create/host-config-memory-reservation/soft-only'] },
  ...both('blind23-changes-ancestors-take-child-kind', 'engine/containers/changes/kind-values'),
  { fault: 'blind23-stats-throttling-empty-without-quota', version: '1.22', catches: ['engine/containers/stats/200-stats-stream'] },
  // Missed at first: the relative link of the tree was read by HEAD only.
  { fault: 'blind23-archive-relative-link-from-root', version: '1.22', catches: ['engine/containers/archive-get/symlink-resolved'] },
  ...both('blind23-exec-inspect-tty-of-container', 'engine/exec/inspect/200-response-schema/shows-instance'),
  // Only network events are statusless in 1.22 (the spec's shape leaves status, id and from out for them alone): volume events are sent.
  { fault: 'blind23-events-1.22-statusless-skipped', version: '1.22', catches: ['engine/events/network-kinds-1.22'] },
  ...both('blind23-import-url-archive-not-extracted', 'engine/images/create/query-from-src-url'),
];
