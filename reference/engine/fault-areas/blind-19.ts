/**
 * The nineteenth batch of engine faults written without sight of the conformance checks, one per
 * given spec sentence: a non-tty exec session labelled with the newer multiplexed media type, a
 * frame size counted in decoded characters, commit's author and comment swapped, the network name
 * filter matched as a prefix, 1.18 event times with a fraction, and HostPort stored as a number.
 */
import { faultArea } from '../../faults.ts';

/** Nineteenth-batch blind faults: one per given sentence. */
export const BLIND_19_FAULTS = faultArea('blind', [
  {
    name: 'blind19-exec-start-multiplexed-media-type',
    description: 'POST /exec/(id)/start of a session without a tty answers Content-Type application/vnd.vendor.multiplexed-stream, not raw-stream',
  },
  {
    name: 'blind19-frame-size-text-length',
    description:
      'a multiplexed frame header gives the payload size as its decoded text length (characters): output with multi-byte UTF-8 gets a size below its bytes',
  },
  {
    name: 'blind19-commit-author-comment-swapped',
    description: 'POST /commit records the author parameter as the image Comment and the comment parameter as its Author',
  },
  {
    name: 'blind19-network-name-filter-prefix',
    description: 'GET /networks filter name= matches names that start with the value only (as ids are matched): a part inside a name matches nothing',
  },
  {
    name: 'blind19-events-1.18-time-fractional',
    description: '1.18 event objects give time as fractional Unix seconds (nanoseconds / 1e9) instead of an integer',
  },
  {
    name: 'blind19-port-bindings-host-port-integer',
    description:
      'create stores each PortBindings HostPort as the number it parsed: inspect shows HostPort as an integer (HostConfig and NetworkSettings.Ports)',
  },
]);
