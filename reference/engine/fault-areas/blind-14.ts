/**
 * The fourteenth batch of engine faults written without sight of the conformance checks, one per
 * sampled spec sentence (plus two on logs tail/since/follow): a 1.22 version without Experimental
 * when false, an ApiVersion with the path's `v`, a create that cannot find a `host:port/name`
 * image, a restart t=0 taken as the default, `False` read as true, a websocket attach of a paused
 * container, a logs tail counted over both streams, and a follow that skips the log so far.
 */
import { faultArea } from '../../faults.ts';

/** Fourteenth-batch blind faults: one per sampled sentence, two on the logs sentence. */
export const BLIND_14_FAULTS = faultArea('blind', [
  {
    name: 'blind14-version-experimental-omitted-false',
    description: '1.22 GET /version tags Experimental omitempty: a daemon that is not experimental leaves the field out',
  },
  {
    name: 'blind14-version-api-version-v-prefix',
    description: 'GET /version ApiVersion is the routed path segment with its v (`v1.22`), not the version number',
  },
  {
    name: 'blind14-create-registry-port-ref-404',
    description: 'create splits Image at its first colon: an image named host:port/name (a private registry) answers 404 even after its pull',
  },
  {
    name: 'blind14-restart-t-zero-default',
    description: 'POST /containers/{id}/restart takes t=0 for "not given": the default 10 s wait applies before the kill',
  },
  {
    name: 'blind14-bool-False-is-true',
    description: 'boolean query parameters compare the false spellings case-sensitively: `False` reads as true',
  },
  {
    name: 'blind14-attach-ws-paused-allowed',
    description: '1.22 GET /containers/{id}/attach/ws of a paused container is accepted: only the hijacked attach checks for paused',
  },
  {
    name: 'blind14-logs-tail-before-stream-filter',
    description: 'logs tail counts the last lines of both streams before stdout/stderr are chosen: stdout=1&tail=N gives fewer than N stdout lines',
  },
  {
    name: 'blind14-logs-follow-running-no-backlog',
    description: 'logs follow of a running container starts at the live end: the lines written so far (and tail) are not sent first',
  },
]);
