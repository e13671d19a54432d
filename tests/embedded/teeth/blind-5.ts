import type { Teeth } from './types.ts';

/**
 * The fifth batch of blind faults (reference/engine/fault-areas/blind-5.ts,
 * catalog/engine/blind-faults-5.json): each row names the check that fails under it. Five of the
 * batch break only what the spec leaves unstated, and the checks observe them instead
 * (teeth-coverage.test.ts lists them): a negative limit, the stop of a never-started container, an
 * empty exec Cmd, the events of a forced removal, and the order of replayed past events.
 */
export const blind5Teeth: Teeth[] = [
  { fault: 'blind5-removed-found-by-name', version: '1.22', catches: ['engine/errors/404-after-delete/container'] },
  {
    fault: 'blind5-kill-unknown-signal-sigkill',
    version: '1.22',
    catches: ['engine/errors/500-server-error/bad-parameter-where-only-listed/containers/kill/signal-not-a-signal'],
  },
  { fault: 'blind5-logs-follow-tail-ignored', version: '1.22', catches: ['engine/containers/logs/query-tail'] },
  { fault: 'blind5-logs-timestamps-stdout-only', version: '1.22', catches: ['engine/containers/logs/query-timestamps'] },
  { fault: 'blind5-image-delete-tag-by-id', version: '1.22', catches: ['engine/images/delete/200-untagged-deleted/untag-only'] },
  { fault: 'blind5-volume-delete-missing-204', version: '1.22', catches: ['engine/volumes/delete/404-no-such-volume'] },
  { fault: 'blind5-network-type-filter-by-driver', version: '1.22', catches: ['engine/networks/list/filter-type'] },
];
