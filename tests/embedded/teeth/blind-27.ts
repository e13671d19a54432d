import { inBothVersions as both, type Teeth } from './types.ts';

/**
 * The twenty-seventh batch of blind faults (reference/engine/fault-areas/blind-27.ts,
 * catalog/engine/blind-faults-27.json): each row names the checks that fail under it (4 of 7
 * caught at first; then the 101 judged handed over, the archive relative path judged on a container
 * whose WorkingDir is not the root, and the image names given a registry host:port).
 */
/** The stats checks whose readings (streamed, and of a container that is not running) the schema judges in both versions. */
const STATS_READINGS = ['engine/containers/stats/200-stats-stream', 'engine/containers/stats/not-running-readings'];

export const blind27Teeth: Teeth[] = [
  // After a 101 the hijack client reads the bytes raw: the chunk size lines break the frames and the Tty bytes.
  ...both(
    'blind27-hijack-101-chunked-body',
    'engine/auth/upgrade-hint',
    'engine/containers/attach/101-upgraded',
    'engine/containers/logs/101-upgraded',
    'engine/exec/start/101-upgraded',
    'engine/exec/start/body-tty',
  ),
  // The archive tree's containers have the WorkingDir /tmp: a relative path taken from it misses the tree.
  { fault: 'blind27-archive-relative-path-from-workdir', version: '1.22', catches: ['engine/containers/archive-get/relative-path'] },
  // The inspect name forms include 127.0.0.1:5000/… bare and with its tag, and every operation names the image so too.
  ...both('blind27-image-inspect-registry-port-split', 'engine/images/inspect/name-tag-or-id', 'engine/images/inspect/name-tag-or-id/every-operation'),
  { fault: 'blind27-stats-memory-counters-strings', version: '1.18', catches: STATS_READINGS },
  { fault: 'blind27-stats-memory-counters-strings', version: '1.22', catches: [...STATS_READINGS, 'engine/containers/stats/query-stream-false'] },
  { fault: 'blind27-archive-put-readonly-running-only', version: '1.22', catches: ['engine/containers/archive-put/403-read-only'] },
  ...both(
    'blind27-changes-missing-container-empty',
    'engine/containers/changes/404-no-such-container',
    'engine/containers/inspect/404-no-such-container/property',
  ),
  // The fault's requirement is the general 404 row (engine/errors/404-not-found); push's own 404 check catches it.
  ...both('blind27-push-missing-image-200', 'engine/images/push/404-no-such-image'),
];
