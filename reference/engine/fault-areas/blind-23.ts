/**
 * The twenty-third batch of engine faults written without sight of the conformance checks, one per
 * given spec sentence: a MemoryReservation enforced as the hard limit when no Memory is set, changes
 * that give the image directories above a change that change's kind, 1.22 stats without throttling
 * data for a container without a CPU quota, an archive GET that resolves a relative symlink from the
 * container root, an exec inspect whose ProcessConfig tty is the container's, a 1.22 event stream
 * that skips the events without a status (volume and network), and an import from a URL that stores
 * the downloaded archive as a file instead of extracting it.
 */
import { faultArea } from '../../faults.ts';

/** Twenty-third-batch blind faults: one per given sentence. */
export const BLIND_23_FAULTS = faultArea('blind', [
  {
    name: 'blind23-memory-reservation-hard-limit',
    description:
      'a MemoryReservation without Memory is taken as the memory limit: memory.limit_in_bytes shows it, ' +
      'a program past it is OOM-killed, stats memory_stats.limit reports it',
  },
  {
    name: 'blind23-changes-ancestors-take-child-kind',
    description:
      'GET changes lists the image directories above a change with the kind of the change below them (1 add, 2 delete) ' +
      'instead of 0 (modify): they exist in both',
  },
  {
    name: 'blind23-stats-throttling-empty-without-quota',
    description: '1.22 stats give cpu_stats.throttling_data as an empty object (no CFS statistics read) for a container without a CpuQuota',
  },
  {
    name: 'blind23-archive-relative-link-from-root',
    description:
      'GET archive of a symlink with a relative target resolves the target from the container root instead of the link directory: another file, or 404',
  },
  {
    name: 'blind23-exec-inspect-tty-of-container',
    description: "exec inspect ProcessConfig.tty shows the container's Config.Tty instead of the exec create Tty",
  },
  {
    name: 'blind23-events-1.22-statusless-skipped',
    description: 'the 1.22 event stream skips events that carry no status: volume and network events (which have none at 1.22) are never sent',
  },
  {
    name: 'blind23-import-url-archive-not-extracted',
    description:
      'POST /images/create?fromSrc=<URL> stores the downloaded archive as one file named after the URL (as ADD does for a URL) instead of its contents',
  },
]);
