import { inBothVersions as both, type Teeth } from './types.ts';

/**
 * The twenty-eighth batch of blind faults (reference/engine/fault-areas/blind-28.ts,
 * catalog/engine/blind-faults-28.json): each row names the checks that fail under it (7 of 7
 * caught at first; the frame size of timestamped log lines by the logs checks, not the frame rule's own).
 */
export const blind28Teeth: Teeth[] = [
  ...both('blind28-logs-timestamps-frame-size-unstamped', 'engine/containers/logs/query-timestamps', 'engine/containers/logs/query-timestamps/when-logged'),
  { fault: 'blind28-logs-timestamps-frame-size-unstamped', version: '1.22', catches: ['engine/containers/logs/query-since'] },
  ...both('blind28-build-quiet-bare-id-text', 'engine/images/build/query-q'),
  ...both('blind28-stop-missing-container-304', 'engine/containers/stop/404-no-such-container'),
  ...both(
    'blind28-export-container-layer-only',
    'engine/containers/export/200-tar-stream',
    'engine/containers/export/200-tar-stream/never-ran',
    'engine/images/load/200-loaded/spec-format',
  ),
  ...both('blind28-restart-timeout-no-kill', 'engine/containers/restart/query-t', 'engine/containers/restart/204-restarted/paused'),
  ...both('blind28-pull-tag-digest-as-tag', 'engine/images/create/query-tag/digest'),
  { fault: 'blind28-volume-delete-binds-holder-ignored', version: '1.22', catches: ['engine/volumes/delete/409-in-use'] },
];
