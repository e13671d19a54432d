import { inBothVersions as both, type Teeth } from './types.ts';

/**
 * The twenty-first batch of blind faults (reference/engine/fault-areas/blind-21.ts,
 * catalog/engine/blind-faults-21.json), written on the sentences of the requirements judge 2111
 * sampled and the session mended: each row names the check that fails under it.
 */
export const blind21Teeth: Teeth[] = [
  ...both('blind21-resize-not-kept-for-restart', 'engine/containers/resize/restart-to-take-effect'),
  ...both('blind21-kill-default-null-signal', 'engine/containers/kill/204-killed'),
  // Missed at first: inspect and lookups were read after a rename, never the container list.
  ...both('blind21-rename-list-names-stale', 'engine/containers/rename/204-renamed'),
  ...both('blind21-history-created-milliseconds', 'engine/images/history/200-response-schema/committed'),
  // Missed at first: no exec ran in a container while a wait on it was pending.
  ...both('blind21-wait-woken-by-exec-exit', 'engine/states/wait-blocks/exec-ended'),
  // The trailing-slash clause is the requirement of the asserted-directory check, which reads /sub/ whole.
  { fault: 'blind21-archive-slash-copies-contents', version: '1.22', catches: ['engine/containers/archive-get/400-path-is-file-asserted-dir'] },
  // Caught only by since (1.22) at first: no check compared the stamps with when the lines were written.
  ...both('blind21-logs-timestamps-read-time', 'engine/containers/logs/query-timestamps/when-logged'),
];
