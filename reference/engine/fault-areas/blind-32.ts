/**
 * The thirty-second batch of engine faults written without sight of the conformance checks, one per
 * given spec sentence: a login cache that answers a logged-in user without checking the password,
 * progress counts set to each chunk's size instead of the bytes moved so far, 1.18 events whose
 * `from` is read from the container as it is now, a push that reaches the registry host without its
 * port, exec create answering a paused container as not running, 1.18 image inspect leaving an empty
 * Parent and Container out, and a CpuQuota rescaled to the default CFS period.
 */
import { faultArea } from '../../faults.ts';

/** Thirty-second-batch blind faults: one per given sentence. */
export const BLIND_32_FAULTS = faultArea('blind', [
  {
    name: 'blind32-auth-logged-in-user-cached',
    description:
      'POST /auth answers a user who already logged in to that registry (serveraddress) from its login cache: 204 whatever ' +
      'password is given, so a wrong password after a successful login is accepted instead of refused (500); a first login ' +
      '(200), a repeated login with the right password (204) and logins of other users or registries are unchanged',
  },
  {
    name: 'blind32-progress-current-per-chunk',
    description:
      "Pull, push and a build's pull of its base image report progressDetail.current (and the progress bar) as the size of " +
      'the chunk just moved instead of the bytes moved so far: the last Downloading / Extracting / Pushing object of a layer ' +
      'shows the second chunk, not the total; total, the status objects and the images moved are unchanged',
  },
  {
    name: 'blind32-events-1.18-from-gone-container',
    description:
      "1.18 events take a container event's `from` from the container as it is when the event is written: once the container " +
      'is removed its events (destroy, and every earlier one a `since` replays) carry no `from`; events of existing containers, ' +
      'image events and all 1.22 events are unchanged',
  },
  {
    name: 'blind32-push-registry-port-dropped',
    description:
      'POST /images/(name)/push reaches the registry named in the repository at its host name without the port: ' +
      '`127.0.0.1:5000/x` is stored on the registry as `127.0.0.1/x`, so a pull of `127.0.0.1:5000/x` finds nothing (404); ' +
      'the stream (200, progress, digest), pushes to hosts without a port and to the default registry are unchanged',
  },
  {
    name: 'blind32-exec-create-paused-not-running-500',
    description:
      'POST /containers/(id)/exec checks that the container is running (status `running` only) before checking that it is ' +
      'paused: a paused container answers 500 (not running) instead of 409 in 1.22, and 500 instead of 201 in 1.18; exec ' +
      'create on a running (201), stopped (500) or missing (404) container is unchanged',
  },
  {
    name: 'blind32-image-inspect-1.18-empty-omitted',
    description:
      '1.18 GET /images/(name)/json writes the stored image record, whose Parent and Container are omitempty: an image with ' +
      'no parent or not committed from a container (busybox as pulled) lacks the Parent / Container keys; non-empty ones ' +
      'and the 1.22 inspect are unchanged',
  },
  {
    name: 'blind32-cpu-quota-default-period',
    description:
      'A CpuQuota given together with a CpuPeriod (1.22) is taken as a share of that period and written per the default ' +
      '100 ms period: CpuPeriod 50000 with CpuQuota 25000 gives cpu.cfs_quota_us 50000 (a whole CPU) instead of 25000; a ' +
      'CpuQuota without CpuPeriod, CpuPeriod itself and the other CPU fields are unchanged',
  },
]);
