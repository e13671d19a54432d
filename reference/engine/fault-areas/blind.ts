/**
 * Named faults of the engine reference daemon written without sight of the conformance checks:
 * bugs a real implementation plausibly has (off-by-one bounds, wrong units, one value of a filter
 * honoured, one instance of a general rule broken), to measure whether the checks notice them.
 */
import { faultArea } from '../../faults.ts';

/** Blind faults: one per rule, spread over containers, images, exec, volumes, networks, events, system and streams. */
export const BLIND_FAULTS = faultArea('blind', [
  { name: 'blind-list-since-inclusive', description: 'GET /containers/json?since=<id> lists the since container itself among those created after it' },
  { name: 'blind-list-limit-oldest', description: 'GET /containers/json?limit=n lists the n first created containers instead of the n last created' },
  {
    name: 'blind-filter-exited-any-status',
    description: 'the container list filter exited=<code> compares the stored exit code only: running and created containers match exited=0',
  },
  {
    name: 'blind-filter-label-value-ignored',
    description: 'the container list filter label=key=value matches every container with the key, whatever its value',
  },
  { name: 'blind-kill-signal-number-sigkill', description: 'POST kill with signal given as a number sends SIGKILL (only signal names are read)' },
  { name: 'blind-restart-stopped-not-started', description: 'POST restart of a container that is not running answers 204 but leaves it stopped' },
  { name: 'blind-delete-name-kept', description: 'the name of a removed container stays taken: a create with that name answers 409' },
  { name: 'blind-update-memory-not-applied', description: '1.22 POST update applies every given resource field except Memory and MemorySwap' },
  { name: 'blind-top-last-process-dropped', description: 'top leaves the last process of the ps output out of Processes' },
  { name: 'blind-state-pid-negative-after-exit', description: 'inspect State.Pid is -1 once the container has exited instead of 0' },
  { name: 'blind-exec-running-after-exit', description: 'exec inspect keeps Running true after the command has exited' },
  { name: 'blind-exec-args-include-entrypoint', description: 'exec inspect ProcessConfig.arguments repeats the program as its first word' },
  { name: 'blind-exec-container-id-is-exec-id', description: '1.22 exec inspect ContainerID holds the exec instance id instead of the container id' },
  { name: 'blind-exec-stderr-typed-stdout', description: 'an exec session without a tty sends the stderr output in stdout (type 1) frames' },
  { name: 'blind-logs-tail-zero-all', description: 'logs?tail=0 returns every line instead of none (0 is read as no tail)' },
  { name: 'blind-logs-since-milliseconds', description: '1.22 logs reads since as milliseconds: a since in Unix seconds returns no lines' },
  { name: 'blind-logs-timestamps-no-fraction', description: 'logs?timestamps=1 prints RFC 3339 timestamps without fractional seconds' },
  { name: 'blind-logs-partial-line-dropped', description: 'logs leave out the last line of the log when it has no trailing newline' },
  { name: 'blind-stats-stream-false-two-readings', description: '1.22 stats?stream=0 sends two readings before it ends instead of one' },
  { name: 'blind-events-1.18-time-milliseconds', description: '1.18 event objects give time in Unix milliseconds instead of seconds' },
  { name: 'blind-events-since-ends-stream', description: 'GET /events?since=<t> sends the past events and ends instead of continuing with live ones' },
  { name: 'blind-events-event-filter-first-value', description: 'the events filter event=[a,b] keeps only the events of the first kind given' },
  { name: 'blind-volume-dangling-running-only', description: 'GET /volumes dangling=true lists volumes mounted by containers that are not running' },
  { name: 'blind-volume-list-repeats-mounted', description: 'GET /volumes lists a volume once more for every container mounting it' },
  { name: 'blind-network-name-filter-exact', description: 'GET /networks filter name= matches whole names only, not part of a name' },
  { name: 'blind-network-disconnect-unknown-container-200', description: 'network disconnect of a container that does not exist answers 200 instead of 404' },
  { name: 'blind-network-list-containers-null', description: 'GET /networks gives Containers null for a network without containers instead of {}' },
  { name: 'blind-images-list-created-milliseconds', description: 'image list items give Created in Unix milliseconds instead of seconds' },
  { name: 'blind-history-omits-image', description: 'image history starts at the parent: the image itself has no history item' },
  { name: 'blind-info-1.18-counts-zero', description: '1.18 info reports Containers and Images as 0 whatever the daemon holds' },
]);
