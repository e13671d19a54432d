/**
 * The twenty-sixth batch of engine faults written without sight of the conformance checks, one per
 * given spec sentence: a MemorySwap of -1 (unlimited) refused as not larger than Memory, no restart
 * event in a 1.18 stream (a kind both versions list, left out of the 1.18 set), a top of an unknown
 * container answered 500 (the lookup error wrapped as a ps failure), image events sent to a 1.18
 * stream unfiltered (tag, import, pull, push reach it), a 101 answer that leaves out `Upgrade: tcp`,
 * a wait StatusCode read as a signed byte (exit codes 128 to 255 come back negative), and a restart
 * back-off capped at one second.
 */
import { faultArea } from '../../faults.ts';

/** Twenty-sixth-batch blind faults: one per given sentence. */
export const BLIND_26_FAULTS = faultArea('blind', [
  {
    name: 'blind26-memory-swap-unlimited-refused',
    description:
      'the MemorySwap-larger-than-Memory rule is tested for every non-zero MemorySwap: -1 (unlimited swap) is refused 400 by ' +
      'create and update (with a Memory limit or without) instead of accepted; a MemorySwap above Memory is accepted as before',
  },
  {
    name: 'blind26-events-1.18-restart-missing',
    description:
      'the 1.18 container event kinds leave out `restart` (a kind both versions list): a /v1.18 event stream carries no restart ' +
      'event while the /v1.22 stream of the same window does',
  },
  {
    name: 'blind26-top-missing-container-500',
    description: 'GET /containers/(id)/top of a container that does not exist answers 500 (the lookup error wrapped as a ps failure) instead of 404',
  },
  {
    name: 'blind26-events-1.18-image-kinds-unfiltered',
    description:
      'a /v1.18 event stream filters container events by the 1.18 kinds but lets every image event through: tag, import, pull ' +
      'and push events (1.22 kinds) reach it besides untag and delete',
  },
  {
    name: 'blind26-hijack-101-upgrade-header-dropped',
    description:
      'attach, logs and exec start with the upgrade headers answer 101 with `Connection: Upgrade` but without `Upgrade: tcp`: ' +
      'the status changes, the Upgrade header is not repeated',
  },
  {
    name: 'blind26-wait-status-code-signed-byte',
    description:
      'POST wait reads the exit status as a signed byte: exit codes 128 to 255 come back negative (255 as -1, 137 as -119); ' +
      'inspect State.ExitCode and codes up to 127 are unchanged',
  },
  {
    name: 'blind26-restart-delay-capped-1s',
    description:
      'the restart back-off is capped at 1 s (the one-minute maximum written as 1000 ms): the delays are 100, 200, 400, 800 ms, ' +
      'then 1 s before every later restart instead of 1.6 s, 3.2 s ...',
  },
]);
