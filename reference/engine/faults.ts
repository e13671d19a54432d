/**
 * Named faults of the engine reference daemon. Each one makes the target break ONE documented
 * rule, so that a conformance check can prove it notices. A fault is switched on per server
 * (`--fault NAME`) and tested at the point of the rule with `ctx.faults.has('name')`.
 */
import { FIELD_IGNORED_FAULTS, FIELD_NOT_STORED_FAULTS } from './field-faults.ts';
import { ANSWER_FAULTS } from './answer-faults.ts';
import { QUERY_IGNORED_FAULTS } from './query-faults.ts';

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
  {
    name: 'image-get-missing-404',
    area: 'images',
    description: 'GET /images/(name)/get of a missing image answers 404, a code the endpoint does not list (200, 500)',
  },
  {
    name: 'pause-refusal-409',
    area: 'containers',
    description: 'pause of a paused container and unpause of a running one answer 409, a code their endpoints do not list',
  },
  { name: 'start-returns-200', area: 'containers', description: 'POST start of a created container answers 200 instead of 204' },
  { name: 'update-no-Warnings', area: 'schema', description: '1.22 POST update answers {} without the Warnings list' },
  { name: 'create-no-Warnings', area: 'schema', description: 'POST /containers/create answers {Id} without the Warnings list' },
  { name: 'restart-no-backoff', area: 'containers', description: 'restart policies restart immediately every time instead of doubling the delay from 100 ms' },
  {
    name: 'restart-delay-front-loaded',
    area: 'containers',
    description:
      'restart policies wait 300 ms before the first restart and 200 ms before each later one: the total of three delays is right, the doubling is not',
  },
  { name: 'name-pattern-unchecked', area: 'containers', description: 'create accepts a name outside /?[a-zA-Z0-9_-]+ instead of answering 400' },
  { name: 'blkioweight-unchecked', area: 'containers', description: 'create and update accept BlkioWeight outside 10..1000 instead of answering 400' },
  { name: 'inspect-drops-State', area: 'schema', description: 'container inspect has no State object' },
  {
    name: 'hijack-closes-on-stdin-eof',
    area: 'streams',
    description: 'a hijacked stream is closed when the client half-closes (stdin EOF), dropping the output the program still writes',
  },
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
 * Container data faults (create fields, list, inspect, top, changes, export, copy, stats, archive,
 * limits): each breaks one rule the container-data checks verify.
 */
const CONTAINER_DATA_FAULTS: EngineFault[] = [
  { name: 'create-name-conflict-201', area: 'containers', description: 'create with a name already in use answers 201 instead of 409' },
  { name: 'create-missing-image-500', area: 'containers', description: 'create from a missing image answers 500 instead of 404' },
  { name: 'create-bad-json-500', area: 'containers', description: 'create with a malformed JSON body answers 500 instead of 400' },
  { name: 'create-ignores-name', area: 'containers', description: 'create ignores the name parameter and gives a random name' },
  { name: 'create-string-cmd-400', area: 'containers', description: 'create refuses Cmd or Entrypoint given as a string (400)' },
  {
    name: 'config-fields-dropped',
    area: 'containers',
    description: 'create ignores Hostname, Domainname, User, Env, WorkingDir, Volumes, MacAddress, ExposedPorts and StopSignal',
  },
  { name: 'host-config-fields-dropped', area: 'containers', description: 'create ignores the HostConfig of the request (defaults are stored)' },
  { name: 'list-item-no-labels', area: 'containers', description: 'the container list items carry no Labels' },
  { name: 'list-all-ignored', area: 'filters', description: 'GET /containers/json lists non-running containers whatever `all` says' },
  { name: 'list-since-before-ignored', area: 'filters', description: 'GET /containers/json ignores since and before' },
  { name: 'list-size-ignored', area: 'filters', description: 'GET /containers/json?size=1 gives no SizeRw/SizeRootFs' },
  { name: 'inspect-size-inverted', area: 'containers', description: '1.22 inspect computes the sizes without size=1 and omits them with it' },
  { name: 'top-ps-args-ignored', area: 'containers', description: 'top ignores ps_args (always -ef)' },
  { name: 'top-default-not-ef', area: 'containers', description: 'top without ps_args runs ps aux instead of ps -ef' },
  { name: 'changes-kind-swapped', area: 'containers', description: 'changes reports added paths with Kind 0 and modified ones with Kind 1' },
  { name: 'export-wrong-content-type', area: 'containers', description: 'export answers application/x-tar instead of application/octet-stream' },
  { name: 'copy-wrong-content-type', area: 'containers', description: 'copy answers application/octet-stream instead of application/x-tar' },
  { name: 'stats-single-reading', area: 'containers', description: 'stats sends one reading and ends the stream whatever `stream` says' },
  { name: 'stats-stream-false-ignored', area: 'containers', description: '1.22 stats?stream=0 keeps streaming' },
  { name: 'stats-precpu-current', area: 'containers', description: '1.22 precpu_stats is a copy of the current cpu_stats, not the previous reading' },
  { name: 'archive-errors-text', area: 'archive', description: 'archive 400/404 answers for an empty path or a missing container carry a text body, not JSON' },
  { name: 'archive-dot-ignored', area: 'archive', description: 'archive GET treats a trailing /. like the directory itself' },
  { name: 'archive-put-overwrite-unchecked', area: 'archive', description: 'archive PUT ignores noOverwriteDirNonDir' },
  { name: 'archive-put-readonly-allowed', area: 'archive', description: 'archive PUT extracts into a read-only root filesystem (200) instead of 403' },
  { name: 'v1.18-serves-archive', area: 'versions', description: 'the 1.22-only archive endpoints answer under /v1.18/ instead of 404' },
  { name: 'name-pattern-strict', area: 'containers', description: 'create refuses names the spec allows: a leading _ or -, or a single character' },
  { name: 'swappiness-unchecked', area: 'containers', description: 'create accepts MemorySwappiness outside 0..100' },
  { name: 'shm-size-unchecked', area: 'containers', description: 'create accepts a negative ShmSize' },
  { name: 'shm-size-default-zero', area: 'containers', description: 'ShmSize defaults to 0 instead of 64 MB' },
  { name: 'memory-swap-unchecked', area: 'containers', description: 'create accepts a MemorySwap smaller than Memory, or without Memory' },
];

/**
 * Image-side faults (images engineer). CONTRACT: append image faults to this block only.
 */
const IMAGE_FAULTS: EngineFault[] = [
  { name: 'tag-returns-200', area: 'images', description: 'POST /images/(name)/tag answers 200 instead of 201' },
  { name: 'tag-conflict-201', area: 'images', description: 'tagging over a tag held by another image without force succeeds (201) instead of 409' },
  {
    name: 'image-delete-in-use-200',
    area: 'images',
    description: 'DELETE of an image a container uses (last reference, no force) deletes it (200) instead of 409',
  },
  { name: 'pull-missing-200', area: 'images', description: 'a pull of an unknown repository answers 200 with an in-stream error instead of 404' },
  { name: 'auth-any-password', area: 'system', description: 'POST /auth accepts any password for an account of the registry' },
  { name: 'import-no-progress', area: 'streams', description: 'import (fromSrc=-) answers 200 with an empty body: no progress object at all' },
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
 * Image-check faults (images checks engineer): each breaks one image rule the suite verifies.
 * CONTRACT: append image-check faults to this block only.
 */
const IMAGE_CHECK_FAULTS: EngineFault[] = [
  { name: 'missing-image-500', area: 'images', description: 'an unknown image (inspect, history, tag, delete, push) answers 500 instead of 404' },
  { name: 'image-short-id-unresolved', area: 'images', description: 'a short (12 hex) image ID does not resolve (404)' },
  { name: 'image-digest-ref-unresolved', area: 'images', description: 'a repo@sha256:… reference does not resolve (404)' },
  { name: 'image-inspect-no-GraphDriver', area: 'schema', description: '1.22 image inspect has no GraphDriver' },
  { name: 'images-label-filter-ignored', area: 'filters', description: 'GET /images/json ignores the label filter' },
  { name: 'images-filter-param-ignored', area: 'filters', description: 'GET /images/json ignores the filter (name) parameter' },
  { name: 'images-digests-ignored', area: 'images', description: 'GET /images/json?digests=1 adds no RepoDigests' },
  { name: 'images-all-narrows', area: 'images', description: 'GET /images/json?all=1 leaves out the tagged images' },
  { name: 'build-t-ignored', area: 'images', description: 'POST /build ignores t: the image gets no name' },
  { name: 'build-vendorfile-param-ignored', area: 'images', description: 'POST /build ignores the vendorfile parameter and reads the default build file' },
  { name: 'build-nocache-ignored', area: 'images', description: 'POST /build?nocache=1 still uses the cache' },
  { name: 'build-quiet-ignored', area: 'images', description: 'POST /build?q=1 still writes the verbose output' },
  { name: 'build-buildargs-ignored', area: 'images', description: '1.22 POST /build ignores buildargs' },
  { name: 'build-shmsize-unchecked', area: 'limits', description: '1.22 POST /build accepts a negative shmsize' },
  { name: 'build-compressed-context-rejected', area: 'images', description: 'POST /build answers 500 to a gzip, bzip2 or xz context' },
  { name: 'build-syntax-error-ignored', area: 'images', description: 'POST /build skips unknown instructions instead of reporting the syntax error' },
  { name: 'build-drops-last-instruction', area: 'images', description: 'POST /build does not run the last instruction of the build file' },
  { name: 'build-context-files-dropped', area: 'images', description: 'POST /build sees only the build file, not the other files of the context' },
  { name: 'build-pull-ignored', area: 'images', description: 'POST /build?pull=1 uses the local base image instead of pulling it' },
  { name: 'build-registry-config-rejected', area: 'images', description: 'POST /build answers 500 when X-Registry-Config is sent' },
  { name: 'import-repo-ignored', area: 'images', description: 'an import (fromSrc) leaves the image unnamed whatever repo says' },
  { name: 'import-url-unsupported', area: 'images', description: 'an import from a URL (fromSrc=<URL>) answers 500' },
  { name: 'pull-stream-error', area: 'images', description: 'a pull of an existing repository ends with an in-stream {error} and stores nothing' },
  { name: 'pull-tag-ignored', area: 'images', description: 'a pull with tag fetches every tag of the repository' },
  { name: 'pull-empty-tag-latest-only', area: 'images', description: 'a pull with an empty tag fetches only latest instead of every tag' },
  { name: 'pull-from-image-ref-ignored', area: 'images', description: '1.22 a tag or digest in fromImage is ignored (latest is pulled)' },
  { name: 'push-stream-error', area: 'images', description: 'a push to a registry ends with an in-stream {error}' },
  { name: 'push-tag-ignored', area: 'images', description: 'a push with tag pushes every tag of the repository' },
  { name: 'tag-bad-name-500', area: 'images', description: 'tagging with an invalid repository name answers 500 instead of 400' },
  { name: 'tag-force-ignored', area: 'images', description: 'tag with force=1 over a tag another image holds answers 409' },
  { name: 'image-delete-no-Deleted', area: 'images', description: 'DELETE /images/(name) answers no {Deleted} object for a removed image' },
  { name: 'image-delete-force-ignored', area: 'images', description: 'DELETE /images/(name)?force=1 of an image in use answers 409' },
  { name: 'image-delete-noprune-ignored', area: 'images', description: 'DELETE /images/(name)?noprune=1 still deletes the untagged parents' },
  { name: 'search-term-ignored', area: 'images', description: 'GET /images/search answers every repository whatever the term' },
  { name: 'save-layer-version-2', area: 'images', description: 'the image tarball layer directories carry VERSION 2.0' },
  { name: 'save-content-type-octet', area: 'images', description: 'the image tarball is sent as application/octet-stream' },
  { name: 'save-name-tag-whole-repo', area: 'images', description: 'the tarball of name:tag holds every tag of the repository' },
  { name: 'save-id-has-repositories', area: 'images', description: 'the tarball of an image ID carries a repositories file' },
  { name: 'get-many-first-name-only', area: 'images', description: 'GET /images/get saves only the first names value' },
  { name: 'load-ignores-tags', area: 'images', description: 'POST /images/load loads the images but not their tags' },
  { name: 'commit-returns-200', area: 'images', description: 'POST /commit answers 200 instead of 201' },
  { name: 'commit-repo-ignored', area: 'images', description: 'POST /commit leaves the new image unnamed whatever repo/tag say' },
  { name: 'commit-author-comment-dropped', area: 'images', description: 'POST /commit does not record comment and author' },
  { name: 'commit-changes-ignored', area: 'images', description: 'POST /commit ignores changes' },
  { name: 'commit-body-config-ignored', area: 'images', description: 'POST /commit ignores the container configuration in the body' },
  { name: 'commit-pause-ignored', area: 'images', description: '1.22 POST /commit?pause=1 does not pause the container' },
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
  {
    name: 'stop-waits-full-t',
    area: 'containers',
    description: 'POST stop waits the full t seconds even when the container exited on the stop signal at once',
  },
  { name: 'stop-ignores-t', area: 'containers', description: 'POST stop/restart kill at once instead of waiting t seconds after the stop signal' },
  { name: 'restart-no-effect', area: 'containers', description: 'POST restart answers 204 without restarting the container' },
  { name: 'kill-default-sigterm', area: 'containers', description: 'POST kill without a signal sends SIGTERM instead of SIGKILL' },
  { name: 'pause-no-effect', area: 'containers', description: 'POST pause answers 204 without pausing the container' },
  { name: 'unpause-no-effect', area: 'containers', description: 'POST unpause answers 204 without resuming the container' },
  { name: 'pause-allows-attach', area: 'containers', description: '1.22 attach to a paused container is served instead of 409' },
  { name: 'pause-allows-exec-start', area: 'containers', description: '1.22 exec start on a paused container is served instead of 409' },
  {
    name: 'wait-no-block',
    area: 'containers',
    description: 'POST wait answers at once with the current exit code instead of blocking until the container stops',
  },
  { name: 'delete-keeps-container', area: 'containers', description: 'DELETE of a container answers 204 but the container remains' },
  { name: 'delete-force-ignored', area: 'containers', description: 'DELETE ?force=1 of a running container answers 409 as if force were not given' },
  { name: 'delete-v-ignored', area: 'containers', description: 'DELETE ?v=1 keeps the volumes associated with the container' },
  { name: 'delete-v-default-true', area: 'containers', description: 'DELETE without v removes the volumes of the container (v defaults to true)' },
  { name: 'delete-link-kept', area: 'containers', description: 'DELETE ?link=1 answers 204 but keeps the link' },
  { name: 'rename-ignored', area: 'containers', description: 'POST rename answers 204 but keeps the old name' },
  { name: 'update-ignores-body', area: 'containers', description: '1.22 POST update answers 200 without applying the given values' },
  { name: 'v1.18-serves-update', area: 'versions', description: 'the 1.22-only update endpoint answers under /v1.18/ instead of 404' },
  { name: 'resize-answers-json', area: 'containers', description: 'POST resize answers 200 with a JSON body instead of an empty text/plain one' },
  {
    name: 'restart-policy-empty-restarts',
    area: 'containers',
    description: 'a container with the default (empty) restart policy is restarted once after a non-zero exit',
  },
  { name: 'restart-policy-always-ignored', area: 'containers', description: 'restart policy always does not restart a container that exits 0' },
  { name: 'restart-on-failure-unbounded', area: 'containers', description: 'restart policy on-failure ignores MaximumRetryCount' },
  { name: 'restart-on-failure-exit0', area: 'containers', description: 'restart policy on-failure also restarts a container that exits 0' },
  { name: 'restart-unless-stopped-rejected', area: 'containers', description: '1.22 create with restart policy unless-stopped answers 400' },
];

/**
 * Stream, logs and exec faults (streams engineer). CONTRACT: append stream/logs/exec faults to
 * this block only.
 */
const STREAM_FAULTS: EngineFault[] = [
  { name: 'frame-stdout-typed-stderr', area: 'streams', description: 'stdout frames carry stream type 2 (stderr) instead of 1' },
  { name: 'frame-trailing-byte', area: 'streams', description: 'a newline byte follows every multiplexed frame (frames are not contiguous)' },
  { name: 'hijack-always-101', area: 'streams', description: 'attach/logs/exec start answer 101 UPGRADED even without the upgrade headers instead of 200' },
  { name: 'attach-stdin-dropped', area: 'streams', description: 'attach with stdin=1&stream=1 never delivers the client bytes to the container stdin' },
  { name: 'stdin-once-ignored', area: 'streams', description: 'StdinOnce: the container stdin stays open after the attached client closes its side' },
  { name: 'attach-logs-ignored', area: 'streams', description: 'attach (and attach/ws) ignore logs=1 and replay no logs' },
  { name: 'attach-logs-by-default', area: 'streams', description: 'attach replays the logs when logs is not given (logs defaults to true)' },
  { name: 'attach-streams-unfiltered', area: 'streams', description: 'attach (and attach/ws) send stdout and stderr whatever stdout/stderr ask for' },
  { name: 'attach-detach-keys-ignored', area: 'streams', description: '1.22 attach and exec neither validate detachKeys (no 400) nor detach on the sequence' },
  { name: 'attach-ws-refused', area: 'streams', description: 'GET /attach/ws refuses the WebSocket handshake with 400' },
  { name: 'logs-follow-ignored', area: 'streams', description: 'logs ignores follow=1 and ends after the existing log' },
  { name: 'logs-timestamps-ignored', area: 'streams', description: 'logs ignores timestamps=1 and prints the lines without timestamps' },
  { name: 'logs-since-ignored', area: 'streams', description: '1.22 logs ignores since and returns every line' },
  { name: 'logs-since-default-now', area: 'streams', description: '1.22 logs reads since=0 (and no since) as now instead of unfiltered' },
  { name: 'logs-streams-unfiltered', area: 'streams', description: 'logs returns stdout and stderr whatever stdout/stderr ask for' },
  { name: 'logs-any-driver-served', area: 'streams', description: 'logs are served for a container whose log driver is none' },
  { name: 'exec-create-200', area: 'exec', description: 'exec create answers 200 instead of 201' },
  { name: 'exec-cmd-args-dropped', area: 'exec', description: 'exec runs only the first word of Cmd, without its arguments' },
  { name: 'exec-attach-flags-ignored', area: 'exec', description: 'an exec session carries stdout and stderr whatever AttachStdout/AttachStderr say' },
  { name: 'exec-user-ignored', area: 'exec', description: '1.22 exec runs the command as root whatever User says' },
  { name: 'exec-privileged-ignored', area: 'exec', description: '1.22 exec ignores Privileged (inspect ProcessConfig.privileged false)' },
  { name: 'exec-detach-ignored', area: 'exec', description: 'exec start with Detach true still streams and answers only when the command ends' },
  { name: 'exec-tty-from-create', area: 'exec', description: 'exec start frames the stream by the create Tty instead of the start body Tty' },
  { name: 'exec-resize-200', area: 'exec', description: 'exec resize answers 200 instead of 201' },
  { name: 'exec-missing-500', area: 'exec', description: 'an unknown exec id answers 500 instead of 404' },
  { name: 'exec-inspect-no-ExitCode', area: 'exec', description: 'exec inspect has no ExitCode' },
  { name: 'exec-exit-code-zero', area: 'exec', description: 'exec inspect reports ExitCode 0 whatever the command exited with' },
];

/**
 * System, events, volumes, networks and versioning faults (system/events/volumes/networks engineer).
 * CONTRACT: append faults of that area to this block only.
 */
const SYSTEM_AREA_FAULTS: EngineFault[] = [
  { name: 'events-until-ignored', area: 'events', description: 'GET /events ignores until and keeps the stream open' },
  { name: 'events-filters-ignored', area: 'events', description: 'GET /events ignores the filters parameter' },
  { name: 'v1.18-serves-networks', area: 'versions', description: 'the 1.22-only network endpoints answer under /v1.18/ instead of 404' },
  { name: 'volume-missing-500', area: 'volumes', description: 'an unknown volume name answers 500 instead of 404' },
  { name: 'network-missing-500', area: 'networks', description: 'an unknown network id or name answers 500 instead of 404' },
];

/**
 * TEETH_FAULTS (teeth engineer): each gives a conformance check of the system, events, volumes,
 * networks, versioning, errors, service, auth and container-data areas a target that breaks the
 * one rule it verifies (see tests/embedded/teeth/*.ts). CONTRACT: append such faults here only.
 */
const TEETH_FAULTS: EngineFault[] = [
  // service, resources, errors, auth
  { name: 'json-labelled-text-plain', area: 'system', description: 'JSON answers are labelled text/plain instead of application/json' },
  {
    name: 'json-stream-sse',
    area: 'streams',
    description: 'streamed JSON objects (events, stats, progress) are written as `data: {...}` lines, not JSON objects',
  },
  { name: 'container-name-unresolved', area: 'containers', description: 'a container name does not address its container (404); only its id does' },
  { name: 'exec-create-returns-other-id', area: 'exec', description: 'exec create returns an Id that does not address the exec instance it created' },
  { name: 'inspect-created-no-fraction', area: 'schema', description: 'container inspect Created is an ISO 8601 string without fractional seconds' },
  { name: 'missing-container-418', area: 'containers', description: 'an unknown container id or name answers 418, a status no endpoint lists, instead of 404' },
  { name: 'auth-login-refused', area: 'system', description: 'POST /auth answers 401 to valid credentials instead of 200 or 204' },
  { name: 'push-registry-auth-refused', area: 'images', description: 'a push carrying X-Registry-Auth ends with an in-stream authentication {error}' },
  { name: 'v1.18-prefix-refused', area: 'versions', description: 'paths with the /v1.18/ prefix answer 400: only the newest version is served' },
  { name: 'cors-allow-all', area: 'system', description: 'every answer carries Access-Control-Allow-Origin: * although CORS was not configured' },
  // events
  {
    name: 'events-removal-named-remove',
    area: 'events',
    description: 'destroy (container, volume, network) and delete (image) events are sent with the unlisted kind `remove`',
  },
  { name: 'events-1.18-volume-network', area: 'versions', description: 'the 1.18 event stream carries volume and network events' },
  { name: 'events-1.18-no-from', area: 'events', description: '1.18 events carry no from' },
  { name: 'events-action-not-kind', area: 'events', description: '1.22 event Action is `<Type>.<kind>` instead of the kind status holds' },
  { name: 'events-type-capitalised', area: 'events', description: '1.22 event Type is Container/Image/Volume/Network instead of the lower-case values' },
  {
    name: 'events-attributes-empty',
    area: 'events',
    description: '1.22 events carry an empty Actor.Attributes (no name, image, labels, exitCode, height/width, container/type)',
  },
  // volumes
  { name: 'volume-no-Mountpoint', area: 'schema', description: 'volumes (list, create, inspect) have no Mountpoint' },
  { name: 'volumes-dangling-filter-ignored', area: 'filters', description: 'GET /volumes ignores the dangling filter' },
  { name: 'volume-name-required', area: 'volumes', description: 'volume create without a Name answers 500 instead of generating one' },
  { name: 'volume-driver-default-empty', area: 'volumes', description: 'a volume created without a Driver has Driver "" instead of local' },
  { name: 'volume-driver-opts-refused', area: 'volumes', description: 'volume create with DriverOpts answers 500 instead of passing them to the driver' },
  { name: 'volume-delete-keeps-volume', area: 'volumes', description: 'DELETE of a volume answers 204 but the volume remains' },
  // networks
  { name: 'network-no-Scope', area: 'schema', description: 'networks (list, inspect) have no Scope' },
  { name: 'network-create-no-Warning', area: 'schema', description: 'the network create answer is {Id} without Warning' },
  { name: 'networks-filters-ignored', area: 'filters', description: 'GET /networks ignores the id, name and type filters' },
  { name: 'network-containers-no-Name', area: 'networks', description: 'network inspect Containers entries carry no Name' },
  {
    name: 'network-options-dropped',
    area: 'networks',
    description: 'networks show empty Options (the bridge options and those given at create are not shown)',
  },
  { name: 'network-plugin-missing-500', area: 'networks', description: 'network create with a driver no plugin provides answers 500 instead of 404' },
  { name: 'network-name-optional', area: 'networks', description: 'network create without a Name creates a network (201) instead of refusing' },
  {
    name: 'network-check-duplicate-ignored',
    area: 'networks',
    description: 'network create ignores CheckDuplicate and creates a second network with the same name',
  },
  { name: 'network-driver-default-overlay', area: 'networks', description: 'a network created without a Driver uses the overlay driver instead of bridge' },
  { name: 'network-ipam-config-ignored', area: 'networks', description: 'network create ignores the IPAM Config given and allocates its own subnet' },
  { name: 'network-internal-refused', area: 'networks', description: 'network create with Internal true answers 500' },
  { name: 'network-connect-ignored', area: 'networks', description: 'network connect answers 200 but does not connect the container' },
  { name: 'network-endpoint-config-ignored', area: 'networks', description: 'network connect ignores EndpointConfig (the IPv4Address asked for is not given)' },
  { name: 'network-disconnect-ignored', area: 'networks', description: 'network disconnect answers 200 but the container stays connected' },
  { name: 'network-delete-keeps-network', area: 'networks', description: 'DELETE of a custom network answers 200 but the network remains' },
  // container data
  { name: 'create-returns-200', area: 'containers', description: 'container create answers 200 instead of 201' },
  { name: 'stop-signal-integer-refused', area: 'containers', description: '1.22 create refuses StopSignal given as an unsigned integer (400)' },
  { name: 'list-all-true-ignored', area: 'filters', description: 'GET /containers/json?all=1 still lists only running containers' },
  { name: 'list-item-created-iso', area: 'schema', description: 'container list items give Created as an ISO 8601 string instead of Unix seconds' },
  { name: 'top-titles-joined', area: 'schema', description: 'top answers Titles as one string instead of a list of strings' },
  { name: 'top-unsupported', area: 'containers', description: 'top answers 500 (not supported) on a non-Windows system' },
  { name: 'changes-kind-string', area: 'schema', description: 'changes items carry Kind as a string ("1") instead of an integer' },
  { name: 'export-tar-truncated', area: 'containers', description: 'export sends only the first 1024 bytes of the tar stream' },
  { name: 'copy-tar-truncated', area: 'containers', description: 'copy sends only the first 700 bytes of the tar stream' },
  { name: 'name-leading-slash-refused', area: 'containers', description: 'create refuses a name with the leading / the pattern allows (400)' },
  // archive
  {
    name: 'archive-relative-path-refused',
    area: 'archive',
    description: 'archive endpoints refuse a relative path (400) instead of taking it from the container root',
  },
  { name: 'archive-symlink-not-followed', area: 'archive', description: 'archive GET of a symlink sends the link itself, not its target' },
  { name: 'archive-special-paths-copied', area: 'archive', description: 'archive GET under /proc, /sys or /dev answers 200 with a tar' },
  {
    name: 'archive-not-dir-500',
    area: 'archive',
    description: 'archive GET/PUT answer 500 instead of 400 when the path is a file where a directory is needed',
  },
  { name: 'archive-missing-path-500', area: 'archive', description: 'archive GET/PUT answer 500 instead of 404 for a path that does not exist' },
  { name: 'archive-put-not-extracted', area: 'archive', description: 'archive PUT answers 200 without extracting the tar' },
  // registry credentials (the in-memory registry refuses wrong or missing credentials)
  {
    name: 'registry-auth-ignored',
    area: 'images',
    description: 'pull and push do not pass the X-Registry-Auth credentials to the registry (it answers as to an anonymous client)',
  },
  {
    name: 'transfer-error-as-status',
    area: 'streams',
    description: 'a pull or push that fails inside its 200 stream reports it as a progress object {status: "Error: ..."} instead of {error}',
  },
  {
    name: 'official-registry-key-unrecognized',
    area: 'images',
    description:
      'build looks up the official registry in X-Registry-Config under index.docker.io instead of the https://index.docker.io/v1/ key the spec requires',
  },
  {
    name: 'build-registry-config-ignored',
    area: 'images',
    description: 'build does not pass the X-Registry-Config credentials when it pulls its FROM image from a registry',
  },
  {
    name: 'archive-put-overwrite-default-on',
    area: 'archive',
    description: 'archive PUT without noOverwriteDirNonDir refuses to replace a directory with a file (the flag defaults to true)',
  },
  // proofs of the rules no other fault broke
  { name: 'v1.22-prefix-refused', area: 'versions', description: 'paths with the /v1.22/ prefix answer 400: only 1.18 is served' },
  {
    name: 'info-1.18-flags-boolean',
    area: 'versions',
    description: '1.18 info gives Debug, IPv4Forwarding, MemoryLimit and SwapLimit as booleans (the 1.22 shape) instead of integers',
  },
  { name: 'config-image-stored-as-id', area: 'containers', description: 'inspect Config.Image holds the image ID instead of the image name given on create' },
  {
    name: 'networking-config-ignored',
    area: 'networks',
    description: '1.22 create ignores NetworkingConfig: the endpoint gets no Aliases, Links or IPAMConfig',
  },
  { name: 'archive-head-has-body', area: 'archive', description: 'archive HEAD sends the tar archive as a body after the header' },
  {
    name: 'progress-detail-text',
    area: 'streams',
    description: 'pull, push and import progress objects give progressDetail current and total as strings instead of integers',
  },
  {
    name: 'build-x-tar-refused',
    area: 'images',
    description: 'POST /build answers 415 to a body sent as application/x-tar (other content types are accepted)',
  },
  {
    name: 'build-identity-context-refused',
    area: 'images',
    description: 'POST /build answers 500 to an uncompressed (identity) context; compressed contexts are accepted',
  },
  {
    name: 'build-rm-default-off',
    area: 'images',
    description: 'POST /build without rm keeps the intermediate containers of a successful build (rm defaults to false)',
  },
  { name: 'build-forcerm-ignored', area: 'images', description: 'a failed POST /build keeps its intermediate containers whatever forcerm says' },
];

export const ENGINE_FAULTS: ReadonlyArray<EngineFault> = [
  ...DAEMON_FAULTS,
  ...IMAGE_FAULTS,
  ...IMAGE_CHECK_FAULTS,
  ...LIFECYCLE_FAULTS,
  ...STREAM_FAULTS,
  ...CONTAINER_DATA_FAULTS,
  ...SYSTEM_AREA_FAULTS,
  ...TEETH_FAULTS,
  ...FIELD_IGNORED_FAULTS,
  ...FIELD_NOT_STORED_FAULTS,
  ...ANSWER_FAULTS,
  ...QUERY_IGNORED_FAULTS,
];

/** Builds the fault set of a server; throws naming every unknown fault. */
export function faultSet(names: readonly string[] = []): FaultSet {
  const known = new Set(ENGINE_FAULTS.map((f) => f.name));
  const unknown = names.filter((n) => !known.has(n));
  if (unknown.length) {
    throw new Error(`unknown engine fault${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')} (see --list-faults)`);
  }
  return new Set(names);
}
