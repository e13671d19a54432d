/**
 * The twenty-fifth batch of engine faults written without sight of the conformance checks, one per
 * given spec sentence: the API version parsed once per connection (a keep-alive request answered
 * at the version of the connection's first request), an open stdin wired to a Tty container as a
 * pipe instead of the terminal, BlkioWeight checked against the BFQ range (1 to 1000), the ShmSize
 * default counted in decimal megabytes, a stop of a stopped container that stamps FinishedAt anew,
 * no delete event for an image deleted through its last name, and a restart back-off reset by a
 * clean exit.
 */
import { faultArea } from '../../faults.ts';

/** Twenty-fifth-batch blind faults: one per given sentence. */
export const BLIND_25_FAULTS = faultArea('blind', [
  {
    name: 'blind25-version-per-connection',
    description:
      'the API version of a request is parsed from the path of the first request on its connection and kept for the ' +
      'connection: a later keep-alive request under another /v<version>/ prefix is served at the first version',
  },
  {
    name: 'blind25-tty-open-stdin-pipe',
    description:
      'a Tty container with an open stdin (OpenStdin) gets that stdin as a pipe, not on its terminal: `test -t 0` fails ' +
      'and `stty size` says "Inappropriate ioctl"; stdout and stderr stay on the tty, and a Tty container without stdin is unchanged',
  },
  {
    name: 'blind25-blkio-weight-bfq-range',
    description: '1.22 create and update check BlkioWeight against the BFQ range 1 to 1000: a weight of 1 to 9 is accepted and stored instead of refused 400',
  },
  {
    name: 'blind25-shm-size-default-decimal-mb',
    description:
      'the ShmSize default (when omitted or 0) is 64 decimal megabytes (64000000 bytes) instead of 64 MB (67108864): ' +
      'inspect HostConfig.ShmSize and the /dev/shm size (62500k) show it',
  },
  {
    name: 'blind25-stop-stopped-finished-at-stamped',
    description:
      'POST stop of a container that is not running stamps State.FinishedAt with the time of the stop before it finds no ' +
      'process, then answers 304: the answer is right but the container changed',
  },
  {
    name: 'blind25-image-delete-by-name-no-delete-event',
    description:
      'DELETE /images/(name) of an image through its last name emits the untag event but no delete event (the image is ' +
      'dropped on the untag path); a delete by id, and pruned parents, still emit delete',
  },
  {
    name: 'blind25-restart-delay-reset-on-clean-exit',
    description:
      'a container exit with code 0 resets the restart back-off (as a successful run would): under always or ' +
      'unless-stopped a command that exits 0 is restarted after 100 ms every time; failing exits double as before',
  },
]);
