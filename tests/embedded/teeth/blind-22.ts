import { inBothVersions as both, type Teeth } from './types.ts';

/**
 * The twenty-second batch of blind faults (reference/engine/fault-areas/blind-22.ts,
 * catalog/engine/blind-faults-22.json), written on the sentences judge 2115 sampled and the
 * session mended: each row names the check that fails under it (6 of 7 caught at first).
 */
export const blind22Teeth: Teeth[] = [
  ...both('blind22-network-mode-host-own-namespace', 'engine/containers/create/host-config-network-mode/host-inside'),
  ...both('blind22-delete-force-kills-only', 'engine/containers/delete/query-force', 'engine/containers/delete/query-force/with-v'),
  // The back-off is measured in delays of a few hundred milliseconds: the rows run alone.
  ...both('blind22-restart-delay-from-200', 'engine/states/restart-policy-backoff').map((t): Teeth => ({ ...t, alone: true })),
  ...both('blind22-attach-ws-stream-always', 'engine/containers/attach-ws/query-params-as-attach/stdin-stream'),
  // Missed at first: no import URL answered a redirect (warned: HTTP lets a client not follow one).
  ...both('blind22-import-url-redirect-not-followed', 'engine/images/create/query-from-src-url/redirect'),
  ...both('blind22-stop-t-milliseconds', 'engine/containers/stop/query-t'),
  { fault: 'blind22-events-volume-umount-kind', version: '1.22', catches: ['engine/events/volume-kinds-1.22'] },
];
