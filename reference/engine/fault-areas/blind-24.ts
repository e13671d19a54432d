/**
 * The twenty-fourth batch of engine faults written without sight of the conformance checks, one per
 * given spec sentence: a dotted Hostname split at its first dot (the client's `--hostname` parsing
 * done in the daemon), DnsOptions joined with commas on the resolv.conf options line, stats
 * memory_stats without failcnt while it is 0 (a Go omitempty), a die event without exitCode for a
 * clean exit (a falsy exit code taken for an absent one), a rename conflict checked against the
 * running containers only, a logs-only attach to a paused container served instead of refused, and
 * history items whose Size is the total size of their image.
 */
import { faultArea } from '../../faults.ts';

/** Twenty-fourth-batch blind faults: one per given sentence. */
export const BLIND_24_FAULTS = faultArea('blind', [
  {
    name: 'blind24-hostname-split-at-dot',
    description:
      'a Hostname holding a dot is split at its first dot in the container: `hostname` shows the part before it (the ' +
      'rest becomes the domain name when Domainname is empty); inspect echoes it whole',
  },
  {
    name: 'blind24-dns-options-comma-joined',
    description: 'DnsOptions are written to /etc/resolv.conf as one comma-joined word (`options ndots:2,timeout:1`) instead of space-separated options',
  },
  {
    name: 'blind24-stats-failcnt-omitted-zero',
    description: 'stats memory_stats leaves failcnt out while it is 0 (a Go omitempty tag): a container that never hit its limit has no failcnt',
  },
  {
    name: 'blind24-events-die-exit-code-zero-omitted',
    description: '1.22 die events of a container that exited with code 0 carry no exitCode attribute (a falsy code taken as absent); non-zero codes are given',
  },
  {
    name: 'blind24-rename-conflict-running-only',
    description:
      'POST rename checks the new name against the running containers only: a name held by a stopped or created ' +
      'container is taken (204) instead of refused with 409',
  },
  {
    name: 'blind24-attach-paused-logs-only-allowed',
    description: '1.22 POST attach to a paused container is refused with 409 only when stream=1: a logs-only attach (stream not set) is served',
  },
  {
    name: 'blind24-history-size-image-total',
    description:
      "1.22 history items of local images give Size as that image's total size (its VirtualSize) instead of the size " +
      'of the layer of that step; <missing> items keep the layer size',
  },
]);
