/**
 * The thirty-fourth batch of engine faults written without sight of the conformance checks, one per
 * given spec sentence: logs read back from the json-file driver only (a journald container is
 * refused), a network id filter compared with the short id (a full id matches nothing), an inspect
 * whose `size` is tested for presence (size=0 and size=false compute the sizes), a default container
 * list that keeps status running only (a paused container is left out), an Info Images count of repo
 * tags, a restart that stops with SIGTERM whatever the StopSignal, and a hijacked connection that
 * loses the stdin bytes which came in with the request.
 */
import { faultArea } from '../../faults.ts';

/** Thirty-fourth-batch blind faults: one per given sentence. */
export const BLIND_34_FAULTS = faultArea('blind', [
  {
    name: 'blind34-logs-journald-refused',
    description:
      'GET /containers/(id)/logs serves the json-file driver only: a container created with LogConfig {Type: journald} is answered ' +
      '500 "configured logging driver does not support reading" instead of its logs; json-file (and the empty default) are unchanged',
  },
  {
    name: 'blind34-network-id-filter-short-id',
    description:
      'GET /networks `id=` filter is matched against the 12-character short id the list prints: a full 64-character id (or any part ' +
      'reaching past the 12th character) matches nothing; parts within the short id and the name and type filters are unchanged',
  },
  {
    name: 'blind34-inspect-size-false-computed',
    description:
      'GET /v1.22/containers/(id)/json tests `size` for presence, not for a true value: size=0, size=false and size=False add SizeRw ' +
      'and SizeRootFs as size=1 does; without the parameter (default false) the sizes are left out as before',
  },
  {
    name: 'blind34-list-default-omits-paused',
    description:
      'GET /containers/json without all keeps the containers whose status is running (or restarting): a paused container, whose ' +
      'process still runs (State.Running true), is left out unless all=1; all=1, limit, since, before and filters are unchanged',
  },
  {
    name: 'blind34-info-images-counts-tags',
    description:
      'GET /info Images counts repository tags, not images: an image with two tags counts twice and an untagged image (an import ' +
      'without repo, a dangling one) is not counted; GET /images/json and the container counts are unchanged',
  },
  {
    name: 'blind34-restart-stop-signal-sigterm',
    description:
      'POST /containers/(id)/restart stops the running container with SIGTERM whatever its StopSignal (1.22): a container created ' +
      'with StopSignal SIGINT gets kill signal 15 (exit 143) before it is started again; POST stop still sends the StopSignal',
  },
  {
    name: 'blind34-hijack-early-stdin-dropped',
    description:
      'attach and exec start with the Upgrade headers drop the stdin bytes that came in with the request, before the 101 was written ' +
      '(read past the body into the HTTP parser buffer): only bytes sent after the hand-over reach the container; the 200 path is unchanged',
  },
]);
