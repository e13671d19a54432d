/**
 * The twentieth batch of engine faults written without sight of the conformance checks, one per
 * given spec sentence: a 1.18 exec inspect whose Container is shaped for 1.22, a kill without
 * signal that answers before the exit, a HEAD archive that swallows the stat error, environment
 * values cut at their second `=`, a wait that does not block on a paused container, and network
 * list filters of several keys or-ed together.
 */
import { faultArea } from '../../faults.ts';

/** Twentieth-batch blind faults: one per given sentence. */
export const BLIND_20_FAULTS = faultArea('blind', [
  {
    name: 'blind20-exec-1.18-container-shaped-1.22',
    description: "1.18 GET /exec/(id)/json renders its Container object with the daemon's newest container inspect shape (1.22), not the 1.18 one",
  },
  {
    name: 'blind20-kill-default-no-wait',
    description: 'POST kill without signal answers 204 once SIGKILL is sent, without waiting for the exit: the container is still running just after',
  },
  {
    name: 'blind20-archive-head-stat-error-200',
    description: '1.22 HEAD /containers/(id)/archive of a path that cannot be stat-ed (missing) answers 200 without the stat header instead of 404',
  },
  {
    name: 'blind20-env-value-cut-at-second-equals',
    description: 'the process environment splits each Env entry at every `=`: a value holding `=` is cut there (VAR=a=b runs with VAR=a)',
  },
  {
    name: 'blind20-wait-paused-returns-at-once',
    description: 'POST wait blocks only while the status reads running: on a paused container it answers at once with the stored exit code',
  },
  {
    name: 'blind20-network-filters-any-key',
    description: 'GET /networks with filters of several keys lists the networks matching any one key (or) instead of every key (and)',
  },
]);
