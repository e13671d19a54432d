import { inBothVersions as both, type Teeth } from './types.ts';

/**
 * The twenty-fifth batch of blind faults (reference/engine/fault-areas/blind-25.ts,
 * catalog/engine/blind-faults-25.json): each row names the checks that fail under it (4 of 7
 * caught at first, all 7 now).
 */
export const blind25Teeth: Teeth[] = [
  // Missed at first: every request went through the pool, where no check chose which connection a request took, so no
  // two versions were ever asked on one kept-alive connection.
  { fault: 'blind25-version-per-connection', version: '1.22', catches: ['engine/versioning/path-prefix/kept-alive'] },
  ...both('blind25-tty-open-stdin-pipe', 'engine/containers/create/body-tty'),
  { fault: 'blind25-blkio-weight-bfq-range', version: '1.22', catches: ['engine/limits/blkio-weight-range'] },
  {
    fault: 'blind25-shm-size-default-decimal-mb',
    version: '1.22',
    catches: ['engine/limits/shm-size-default', 'engine/limits/shm-size-default/inside', 'engine/limits/shm-size-positive/zero'],
  },
  ...both('blind25-stop-stopped-finished-at-stamped', 'engine/containers/stop/304-already-stopped'),
  // Missed at first: no image was deleted by id beside the one deleted through its last name, and a missing delete kind
  // was only observed (which operation emits which kind is not shown).
  { fault: 'blind25-image-delete-by-name-no-delete-event', version: '1.22', catches: ['engine/events/image-kinds-1.22'] },
  { fault: 'blind25-image-delete-by-name-no-delete-event', version: '1.18', catches: ['engine/events/image-kinds-1.18'] },
  // Missed at first: only a failing program was restarted, so a back-off that a clean exit resets went unseen. The
  // back-off is measured in delays of a few hundred milliseconds: the rows run alone.
  ...both('blind25-restart-delay-reset-on-clean-exit', 'engine/states/restart-policy-backoff').map((t): Teeth => ({ ...t, alone: true })),
];
