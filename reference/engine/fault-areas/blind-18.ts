/**
 * The eighteenth batch of engine faults written without sight of the conformance checks, one per
 * given spec sentence: a refused pull answered 500, the events label filter split at every `=`,
 * a memory limit reported in KiB, the 1.22-only container kinds sent to a 1.18 client, a create's
 * endpoint IPAMConfig read under the wrong name, and `container:<id>` joined by name only.
 */
import { faultArea } from '../../faults.ts';

/** Eighteenth-batch blind faults: one per given sentence. */
export const BLIND_18_FAULTS = faultArea('blind', [
  {
    name: 'blind18-pull-access-denied-500',
    description: "a pull the registry refuses (repository unknown or no read access) answers 500 with the registry's text: only an unknown tag stays 404",
  },
  {
    name: 'blind18-events-label-filter-split',
    description: 'GET /events label= filter is split at every `=`: `label=key` matches the events without that label, not those with it',
  },
  {
    name: 'blind18-stats-memory-limit-kib',
    description: 'stats memory_stats.limit of a container with a Memory limit is given in KiB (the limit / 1024), below its usage',
  },
  {
    name: 'blind18-events-1.18-kinds-deny-update-only',
    description: 'a /v1.18 event stream drops only the `update` kind (the one of a 1.22-only endpoint): attach, commit, copy, rename, resize, top reach it',
  },
  {
    name: 'blind18-create-endpoint-ipam-wrong-field',
    description: "1.22 create reads an EndpointsConfig entry's address under `IPAM` (the network create field): IPAMConfig is lost, the address not given",
  },
  {
    name: 'blind18-network-mode-container-by-name-only',
    description: 'NetworkMode `container:<id>` is joined by name only: an id passes create but the container gets its own empty network stack',
  },
]);
