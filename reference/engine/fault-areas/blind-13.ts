/**
 * The thirteenth batch of engine faults written without sight of the conformance checks, one per
 * given spec sentence: a network's driver options kept only when the Driver is named, a volume
 * inspect whose Mountpoint is the volume's directory, 1.18 exec events that carry the exec
 * instance's id, and an update whose BlkioWeight range excludes its bounds.
 */
import { faultArea } from '../../faults.ts';

/** Thirteenth-batch blind faults: one per given sentence. */
export const BLIND_13_FAULTS = faultArea('blind', [
  {
    name: 'blind13-network-options-default-driver-dropped',
    description: '1.22 POST /networks/create passes Options to the driver only when the body names a Driver: a network of the default driver shows {}',
  },
  {
    name: 'blind13-volume-inspect-mountpoint-volume-dir',
    description: "GET /volumes/{name} Mountpoint is the volume's directory (without /_data), while create and the list show the data directory",
  },
  {
    name: 'blind13-events-1.18-exec-id-exec-instance',
    description: "1.18 exec_create and exec_start events carry the exec instance's id as id, not the container's id",
  },
  {
    name: 'blind13-update-blkio-weight-bounds-exclusive',
    description: '1.22 POST /containers/{id}/update checks BlkioWeight with exclusive bounds: 10 and 1000 are refused 400',
  },
]);
