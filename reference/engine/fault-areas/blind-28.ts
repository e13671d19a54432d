/**
 * The twenty-eighth batch of engine faults written without sight of the conformance checks, one per
 * given spec sentence: logs with timestamps whose frame headers give the size of the line without
 * its timestamp, a quiet build that ends with the image id as a bare line of text, a stop of an
 * unknown container answered 304, an export of the container's own layer only, a restart that never
 * kills a container still running after t, a pull whose `tag` digest is looked up as a tag name, and
 * a volume mounted by name through Binds not counted as in use by DELETE /volumes.
 */
import { faultArea } from '../../faults.ts';

/** Twenty-eighth-batch blind faults: one per given sentence. */
export const BLIND_28_FAULTS = faultArea('blind', [
  {
    name: 'blind28-logs-timestamps-frame-size-unstamped',
    description:
      'GET logs?timestamps=1 of a container without a tty frames each line with the size of the line as stored, before its ' +
      '`<timestamp> ` prefix was put in front: the header size is 31 bytes short of the payload sent; logs without timestamps, attach and exec are unchanged',
  },
  {
    name: 'blind28-build-quiet-bare-id-text',
    description:
      'POST /build?q=1 ends its stream with the image id as a bare line of text (`sha256:<hex>\\n`, what `build -q` prints) instead of ' +
      'a {"stream": "sha256:<hex>\\n"} object; the verbose build, its errors and the image it makes are unchanged',
  },
  {
    name: 'blind28-stop-missing-container-304',
    description:
      'POST /containers/(id)/stop of a container that does not exist answers 304 (no process to stop, so already stopped) instead ' +
      'of 404: the running check comes before the lookup; stop of existing containers is unchanged',
  },
  {
    name: 'blind28-export-container-layer-only',
    description:
      "GET /containers/(id)/export sends the container's own layer (the paths GET changes lists, with their parent directories) instead " +
      "of its whole filesystem: the image's files (/bin, /etc/passwd, ...) are missing from the tar; content type and status are unchanged",
  },
  {
    name: 'blind28-restart-timeout-no-kill',
    description:
      'POST /containers/(id)/restart?t=N sends the stop signal and waits N seconds but never sends SIGKILL: a container still running ' +
      'then (it ignores or traps the stop signal) is not restarted (same process and StartedAt), though the answer is 204; ' +
      'a container that exits on the stop signal restarts as before',
  },
  {
    name: 'blind28-pull-tag-digest-as-tag',
    description:
      'POST /images/create?fromImage=<repo>&tag=sha256:<hex> looks the digest up as a tag name: 404 `manifest for <repo>:sha256:<hex> ' +
      'not found` instead of pulling the image of that digest; a digest inside fromImage (repo@sha256:...) and tag names are unchanged',
  },
  {
    name: 'blind28-volume-delete-binds-holder-ignored',
    description:
      'DELETE /volumes/(name) counts the containers that mount the volume through Volumes (or VolumesFrom) only: a volume mounted by ' +
      'name through HostConfig.Binds (`name:/dest`) is removed (204) instead of refused with 409; the volume is gone under the container',
  },
]);
