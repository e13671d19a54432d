/**
 * The twenty-second batch of engine faults written without sight of the conformance checks, one per
 * given spec sentence: NetworkMode host run in a namespace of its own (loopback only), a forced
 * DELETE that kills and keeps the container, a restart back-off counted from the restart being
 * scheduled (200 ms first), attach/ws that is always a live session, an import from a URL that
 * does not follow redirects, a stop that reads `t` as milliseconds, and volume unmount events of the
 * kind `umount`.
 */
import { faultArea } from '../../faults.ts';

/** Twenty-second-batch blind faults: one per given sentence. */
export const BLIND_22_FAULTS = faultArea('blind', [
  {
    name: 'blind22-network-mode-host-own-namespace',
    description:
      "NetworkMode host is taken for a network without addresses: the container gets its own network namespace (loopback only), not the host's stack",
  },
  {
    name: 'blind22-delete-force-kills-only',
    description: 'DELETE ?force=1 of a running container kills it and answers 204 but does not remove it: the container stays, exited',
  },
  {
    name: 'blind22-restart-delay-from-200',
    description:
      'the restart policy delay is computed from the restart count plus one (the restart being scheduled counted): it doubles from 200 ms instead of 100 ms',
  },
  {
    name: 'blind22-attach-ws-stream-always',
    description: 'GET attach/ws ignores stream: the WebSocket session always carries the live output (and stdin); without stream=1 it stays open past the logs',
  },
  {
    name: 'blind22-import-url-redirect-not-followed',
    description: 'POST /images/create?fromSrc=<URL> fetches the URL without following redirects: a URL that redirects to the archive fails the import with 500',
  },
  {
    name: 'blind22-stop-t-milliseconds',
    description:
      'POST stop reads a given t as milliseconds: the container is killed t ms after the stop signal instead of t seconds (the default 10 s is unchanged)',
  },
  {
    name: 'blind22-events-volume-umount-kind',
    description: '1.22 volume unmount events are sent with the kind `umount` (the system call and command spelling) instead of `unmount`',
  },
]);
