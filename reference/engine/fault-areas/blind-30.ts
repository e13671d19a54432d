/**
 * The thirtieth batch of engine faults written without sight of the conformance checks, one per
 * given spec sentence: a resize event whose height and width attributes are swapped, a restart
 * back-off that grows linearly instead of doubling, an archive HEAD that refuses a path at a bind or
 * volume mount as GET's copy does, VolumesFrom `:ro` not applied to the source's bind mounts, a
 * detached exec never shown Running, image remove records carrying both keys, and an X-Registry-Auth
 * token read from the later `identitytoken` key.
 */
import { faultArea } from '../../faults.ts';

/** Thirtieth-batch blind faults: one per given sentence. */
export const BLIND_30_FAULTS = faultArea('blind', [
  {
    name: 'blind30-events-resize-attributes-swapped',
    description:
      'The 1.22 container `resize` event carries the size in its attributes the wrong way round: `height` holds the width (w) and ' +
      '`width` the height (h); the terminal is sized right, the resize answer, the other attributes (name, image, labels) and the other ' +
      'events are unchanged',
  },
  {
    name: 'blind30-restart-delay-linear',
    description:
      'The restart policy back-off grows by 100 ms each restart instead of doubling: the delays are 100, 200, 300, 400, 500 ms ... ' +
      'instead of 100, 200, 400, 800, 1600 ms; the policies, RestartCount and the first two delays are unchanged',
  },
  {
    name: 'blind30-archive-head-mount-path-refused',
    description:
      "1.22 HEAD /containers/(id)/archive applies GET's copy restriction: a path at or under a bind or volume mount (a Volumes or " +
      'Binds destination) answers 400 with a JSON reason instead of 200 with the X-Vendor-Container-Path-Stat header; HEAD of other ' +
      'paths and GET (which refuses such paths) are unchanged',
  },
  {
    name: 'blind30-volumes-from-ro-binds-writable',
    description:
      'VolumesFrom `<name>:ro` mounts the volumes of that container read-only but copies its bind mounts (Binds host-src:dest) as ' +
      'they are: read-write (Mounts RW true and Mode as the source had it, 1.18 VolumesRW true, writes succeed); its volumes and ' +
      'the RW of the `:rw` and plain forms are unchanged',
  },
  {
    name: 'blind30-exec-running-detached-false',
    description:
      'An exec instance started with Detach true is never shown running: exec inspect Running is false while its command runs ' +
      '(ExitCode 0 until it ends); attached starts, the exit code after the end and the start answer (200) are unchanged',
  },
  {
    name: 'blind30-image-delete-records-both-keys',
    description:
      'DELETE /images/(name) answers each record with both keys, the one that does not apply as an empty string: ' +
      '[{Untagged: <id>, Deleted: ""}, {Untagged: "", Deleted: <id>}] instead of single-key objects; which records come, their ' +
      'order and values, and the deletion itself are unchanged',
  },
  {
    name: 'blind30-auth-token-read-as-identitytoken',
    description:
      'The X-Registry-Auth AuthConfig token is read from the `identitytoken` key of later APIs: a {registrytoken} AuthConfig passes ' +
      'no credential, so a pull of a private repository answers 404 (access denied) and a push ends with an in-stream ' +
      'authentication error; the {username, password, email} form and the build X-Registry-Config are unchanged',
  },
]);
