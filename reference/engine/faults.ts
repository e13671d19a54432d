/**
 * Named faults of the engine reference daemon. Each one makes the target break ONE documented
 * rule, so that a conformance check can prove it notices. A fault is switched on per server
 * (`--fault NAME`) and tested at the point of the rule with `ctx.faults.has('name')`.
 */
export interface EngineFault {
  name: string;
  description: string;
  /** What the rule is about: containers, streams, filters, query, schema, events, system, versions, exec, volumes, networks, archive, images. */
  area: string;
}

export interface FaultSet {
  has(name: string): boolean;
}

/** Daemon-side faults (containers, streams, exec, system, volumes, networks). */
const DAEMON_FAULTS: EngineFault[] = [
  { name: 'start-running-returns-204', area: 'containers', description: 'POST start on a running container answers 204 instead of 304' },
  { name: 'stop-stopped-returns-204', area: 'containers', description: 'POST stop on a stopped container answers 204 instead of 304' },
  { name: 'missing-container-500', area: 'containers', description: 'an unknown container id or name answers 500 instead of 404' },
  { name: 'rename-conflict-204', area: 'containers', description: 'renaming to a name already in use answers 204 (and keeps the old name) instead of 409' },
  { name: 'wait-wrong-exitcode', area: 'containers', description: 'POST wait reports StatusCode 0 whatever the exit code was' },
  { name: 'kill-ignores-signal', area: 'containers', description: 'POST kill?signal=X sends SIGKILL whatever signal was asked for' },
  { name: 'delete-running-without-force', area: 'containers', description: 'DELETE of a running container without force removes it (204) instead of 409' },
  { name: 'restart-no-backoff', area: 'containers', description: 'restart policies restart immediately every time instead of doubling the delay from 100 ms' },
  { name: 'name-pattern-unchecked', area: 'containers', description: 'create accepts a name outside /?[a-zA-Z0-9_-]+ instead of answering 400' },
  { name: 'blkioweight-unchecked', area: 'containers', description: 'create and update accept BlkioWeight outside 10..1000 instead of answering 400' },
  { name: 'inspect-drops-State', area: 'schema', description: 'container inspect has no State object' },
  { name: 'frame-size-little-endian', area: 'streams', description: 'multiplexed frame headers carry the payload size little-endian' },
  { name: 'frame-reserved-nonzero', area: 'streams', description: 'multiplexed frame header bytes 1-3 are not zero' },
  { name: 'attach-tty-framed', area: 'streams', description: 'a Tty container still has its attach stream multiplexed into frames' },
  { name: 'hijack-no-101', area: 'streams', description: 'attach/exec start with the upgrade headers answers 200 instead of 101 UPGRADED' },
  { name: 'logs-tail-ignored', area: 'streams', description: 'logs ignores the tail parameter and returns every line' },
  { name: 'stats-1.22-no-precpu', area: 'schema', description: '1.22 stats objects have no precpu_stats' },
  { name: 'stats-1.18-networks', area: 'versions', description: '1.18 stats objects carry the 1.22 per-interface `networks` map instead of `network`' },
  { name: 'filters-ignored', area: 'filters', description: 'GET /containers/json ignores the filters parameter' },
  { name: 'list-limit-ignored', area: 'filters', description: 'GET /containers/json ignores the limit parameter' },
  { name: 'bool-True-is-false', area: 'query', description: 'the boolean query spelling `True` is read as false' },
  { name: 'pause-allows-exec', area: 'exec', description: '1.22 exec create on a paused container answers 201 instead of 409' },
  { name: 'exec-1.18-no-Container', area: 'exec', description: '1.18 exec inspect has no Container object' },
  { name: 'events-1.22-no-timeNano', area: 'events', description: '1.22 event objects have no timeNano' },
  { name: 'events-since-ignored', area: 'events', description: 'GET /events ignores since and sends no past events' },
  { name: 'network-event-has-status', area: 'events', description: '1.22 network events carry status, id and from' },
  { name: 'info-1.22-debug-int', area: 'system', description: '1.22 info reports Debug as an integer instead of a boolean' },
  { name: 'ping-json', area: 'system', description: 'GET /_ping answers a JSON body instead of text/plain OK' },
  { name: 'version-no-ApiVersion', area: 'system', description: 'GET /version has no ApiVersion' },
  { name: 'v1.18-serves-volumes', area: 'versions', description: 'the 1.22-only volume endpoints answer under /v1.18/ instead of 404' },
  { name: 'unsupported-version-served', area: 'versions', description: 'a path with an unsupported version prefix (e.g. /v1.99/) is served instead of 400' },
  { name: 'volume-delete-in-use-204', area: 'volumes', description: 'DELETE of a volume used by a container answers 204 instead of 409' },
  { name: 'network-delete-predefined-200', area: 'networks', description: 'DELETE of a pre-defined network (bridge, host, none) answers 200 instead of 403' },
  { name: 'archive-no-stat-header', area: 'archive', description: 'archive HEAD/GET omit the path-stat header' },
];

/**
 * Image-side faults (images engineer). CONTRACT: append image faults to this block only.
 */
const IMAGE_FAULTS: EngineFault[] = [
  { name: 'tag-returns-200', area: 'images', description: 'POST /images/(name)/tag answers 200 instead of 201' },
  { name: 'tag-conflict-201', area: 'images', description: 'tagging over a tag held by another image without force succeeds (201) instead of 409' },
  { name: 'image-delete-in-use-200', area: 'images', description: 'DELETE of an image a container uses (last reference, no force) deletes it (200) instead of 409' },
  { name: 'pull-missing-200', area: 'images', description: 'a pull of an unknown repository answers 200 with an in-stream error instead of 404' },
  { name: 'import-no-progress', area: 'streams', description: 'import (fromSrc=-) writes no progress objects, only the final status' },
  { name: 'build-error-no-errorDetail', area: 'streams', description: 'build error objects carry `error` but no `errorDetail`' },
  { name: 'history-1.22-no-Tags', area: 'versions', description: '1.22 image history items have no Tags' },
  { name: 'inspect-1.18-has-1.22-fields', area: 'versions', description: '1.18 image inspect carries the 1.22 fields (RepoTags, GraphDriver, Config, ...)' },
  { name: 'list-1.18-has-Labels', area: 'versions', description: '1.18 image list items carry the 1.22 Labels' },
  { name: 'images-dangling-filter-ignored', area: 'filters', description: 'GET /images/json ignores filters dangling=true/false' },
  { name: 'images-list-created-iso', area: 'schema', description: 'image list items give Created as an ISO 8601 string instead of Unix seconds' },
  { name: 'search-wrong-keys', area: 'schema', description: 'image search items use StarCount/IsOfficial/Name/... instead of star_count/is_official/name/...' },
  { name: 'save-no-repositories', area: 'images', description: 'the image tarball of a name:tag has no root `repositories` file' },
];

/**
 * Lifecycle and state-table faults (container lifecycle engineer). CONTRACT: append lifecycle
 * faults to this block only.
 */
const LIFECYCLE_FAULTS: EngineFault[] = [
  { name: 'start-exited-returns-304', area: 'containers', description: 'POST start on an exited container answers 304 instead of starting it (204)' },
  { name: 'start-hostconfig-body-ignored', area: 'containers', description: 'POST start ignores a HostConfig body instead of running the container with it' },
  { name: 'start-detach-keys-rejected', area: 'containers', description: '1.22 POST start with a valid detachKeys answers 400 instead of 204' },
  { name: 'stop-ignores-request', area: 'containers', description: 'POST stop answers 204 but leaves the container running' },
  { name: 'stop-waits-full-t', area: 'containers', description: 'POST stop waits the full t seconds even when the container exited on the stop signal at once' },
  { name: 'stop-ignores-t', area: 'containers', description: 'POST stop/restart kill at once instead of waiting t seconds after the stop signal' },
  { name: 'restart-no-effect', area: 'containers', description: 'POST restart answers 204 without restarting the container' },
  { name: 'kill-default-sigterm', area: 'containers', description: 'POST kill without a signal sends SIGTERM instead of SIGKILL' },
  { name: 'pause-no-effect', area: 'containers', description: 'POST pause answers 204 without pausing the container' },
  { name: 'unpause-no-effect', area: 'containers', description: 'POST unpause answers 204 without resuming the container' },
  { name: 'pause-allows-attach', area: 'containers', description: '1.22 attach to a paused container is served instead of 409' },
  { name: 'pause-allows-exec-start', area: 'containers', description: '1.22 exec start on a paused container is served instead of 409' },
  { name: 'wait-no-block', area: 'containers', description: 'POST wait answers at once with the current exit code instead of blocking until the container stops' },
  { name: 'delete-keeps-container', area: 'containers', description: 'DELETE of a container answers 204 but the container remains' },
  { name: 'delete-force-ignored', area: 'containers', description: 'DELETE ?force=1 of a running container answers 409 as if force were not given' },
  { name: 'delete-v-ignored', area: 'containers', description: 'DELETE ?v=1 keeps the volumes associated with the container' },
  { name: 'delete-v-default-true', area: 'containers', description: 'DELETE without v removes the volumes of the container (v defaults to true)' },
  { name: 'delete-link-kept', area: 'containers', description: 'DELETE ?link=1 answers 204 but keeps the link' },
  { name: 'rename-ignored', area: 'containers', description: 'POST rename answers 204 but keeps the old name' },
  { name: 'update-ignores-body', area: 'containers', description: '1.22 POST update answers 200 without applying the given values' },
  { name: 'v1.18-serves-update', area: 'versions', description: 'the 1.22-only update endpoint answers under /v1.18/ instead of 404' },
  { name: 'resize-answers-json', area: 'containers', description: 'POST resize answers 200 with a JSON body instead of an empty text/plain one' },
  { name: 'restart-policy-empty-restarts', area: 'containers', description: 'a container with the default (empty) restart policy is restarted once after a non-zero exit' },
  { name: 'restart-policy-always-ignored', area: 'containers', description: 'restart policy always does not restart a container that exits 0' },
  { name: 'restart-on-failure-unbounded', area: 'containers', description: 'restart policy on-failure ignores MaximumRetryCount' },
  { name: 'restart-on-failure-exit0', area: 'containers', description: 'restart policy on-failure also restarts a container that exits 0' },
  { name: 'restart-unless-stopped-rejected', area: 'containers', description: '1.22 create with restart policy unless-stopped answers 400' },
];

export const ENGINE_FAULTS: ReadonlyArray<EngineFault> = [...DAEMON_FAULTS, ...IMAGE_FAULTS, ...LIFECYCLE_FAULTS];

/** Builds the fault set of a server; throws naming every unknown fault. */
export function faultSet(names: readonly string[] = []): FaultSet {
  const known = new Set(ENGINE_FAULTS.map((f) => f.name));
  const unknown = names.filter((n) => !known.has(n));
  if (unknown.length) {
    throw new Error(`unknown engine fault${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')} (see --list-faults)`);
  }
  return new Set(names);
}
