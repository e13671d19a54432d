/**
 * The fifteenth batch of engine faults written without sight of the conformance checks, one per
 * given spec sentence: CpuShares capped at one CPU's 1024, an exec resize made before the start
 * lost, Privileged without the host's devices, and a 1.22 info ExperimentalBuild that GET /version
 * contradicts.
 */
import { faultArea } from '../../faults.ts';

/** Fifteenth-batch blind faults: one per given sentence. */
export const BLIND_15_FAULTS = faultArea('blind', [
  {
    name: 'blind15-cpu-shares-capped-1024',
    description: 'CpuShares is capped at 1024 (taken as a fraction of one CPU): a weight above the default gets no larger share than it',
  },
  {
    name: 'blind15-exec-resize-before-start-dropped',
    description: "POST /exec/{id}/resize answers 201 but sets only a running command's tty: a size given before the start is lost",
  },
  {
    name: 'blind15-privileged-host-devices-missing',
    description: "Privileged grants every capability but keeps the default device list: the host's devices (/dev/kmsg, /dev/mem, ...) are absent",
  },
  {
    name: 'blind15-info-experimental-build-true',
    description: '1.22 GET /info says ExperimentalBuild true while GET /version of the same daemon says Experimental false',
  },
]);
