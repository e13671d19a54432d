import { inBothVersions as both, type Teeth } from './types.ts';

/**
 * The thirtieth batch of blind faults (reference/engine/fault-areas/blind-30.ts,
 * catalog/engine/blind-faults-30.json): each row names the checks that fail under it (3 of 7
 * caught by a check of their requirement at first, 3 only by another check, 1 missed; then
 * VolumesFrom's sources with a bind mount as well as a volume, HEAD /archive of mount points, exec
 * inspect of a detached exec while it runs, and the delete result's records judged whole under
 * values-are-image-ids before their shape).
 */
export const blind30Teeth: Teeth[] = [
  // 1.18 has no resize event.
  { fault: 'blind30-events-resize-attributes-swapped', version: '1.22', catches: ['engine/events/attributes-resize-height-width'] },
  // The back-off is measured in delays of a few hundred milliseconds: the rows run alone.
  ...both('blind30-restart-delay-linear', 'engine/states/restart-policy-backoff').map((t): Teeth => ({ ...t, alone: true })),
  {
    fault: 'blind30-archive-head-mount-path-refused',
    version: '1.22',
    catches: ['engine/containers/archive-put/403-read-only', 'engine/containers/archive-head/200-path-stat-header/mounts'],
  },
  ...both(
    'blind30-volumes-from-ro-binds-writable',
    'engine/containers/create/host-config-volumes-from',
    'engine/containers/create/host-config-volumes-from/mounted-inside',
    'engine/containers/create/host-config-volumes-from/same-volume',
  ),
  ...both('blind30-exec-running-detached-false', 'engine/exec/start/detach-returns', 'engine/exec/inspect/running-and-exit-code'),
  ...both(
    'blind30-image-delete-records-both-keys',
    'engine/images/delete/200-untagged-deleted',
    'engine/images/delete/200-untagged-deleted/untag-only',
    'engine/images/delete/200-untagged-deleted/no-tag',
  ),
  ...both('blind30-auth-token-read-as-identitytoken', 'engine/auth/x-registry-auth-registrytoken'),
];
