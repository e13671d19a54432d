/**
 * Named faults of the engine reference daemon about the service as a whole: system endpoints,
 * events, versioning, response shapes, filters and query values.
 */
import { faultArea } from '../../faults.ts';

/** System: ping, info, version, auth and service-wide answers (content types, CORS). */
export const SYSTEM_FAULTS = faultArea('system', [
  { name: 'info-1.22-debug-int', description: '1.22 info reports Debug as an integer instead of a boolean' },
  { name: 'ping-json', description: 'GET /_ping answers a JSON body instead of text/plain OK' },
  { name: 'version-no-ApiVersion', description: 'GET /version has no ApiVersion' },
  { name: 'version-api-version-release', description: "GET /version reports in ApiVersion the daemon release's major.minor, not an API version" },
  { name: 'auth-any-password', description: 'POST /auth accepts any password for an account of the registry' },
  { name: 'json-labelled-text-plain', description: 'JSON answers are labelled text/plain instead of application/json' },
  { name: 'auth-login-refused', description: 'POST /auth answers 401 to valid credentials instead of 200 or 204' },
  { name: 'auth-serveraddress-ignored', description: 'POST /auth checks one account per username, whatever registry serveraddress names' },
  { name: 'cors-allow-all', description: 'every answer carries Access-Control-Allow-Origin: * although CORS was not configured' },
  {
    name: 'info-system-time-go-string',
    description: "GET /info SystemTime is Go's default time String form (2024-05-01 10:00:00 +0000 UTC): not ISO 8601, no fractional seconds",
  },
]);

/** Events: the event stream, its filters and the fields of its objects. */
export const EVENT_FAULTS = faultArea('events', [
  { name: 'events-1.22-no-timeNano', description: '1.22 event objects have no timeNano' },
  { name: 'events-actor-id-name', description: "1.22 container events name the container's name as Actor.ID instead of its id" },
  { name: 'events-1.22-time-milliseconds', description: '1.22 event objects give time in Unix milliseconds instead of seconds' },
  { name: 'events-1.22-timeNano-milliseconds', description: '1.22 event objects give timeNano in Unix milliseconds: not the instant of time in nanoseconds' },
  { name: 'events-since-ignored', description: 'GET /events ignores since and sends no past events' },
  { name: 'network-event-has-status', description: '1.22 network events carry status, id and from' },
  {
    name: 'events-1.22-shape-container-only',
    description: '1.22 volume events carry no status, id or from, and image events no from (as Docker writes them): only network events may leave them out',
  },
  {
    name: 'events-attributes-create-only',
    description: '1.22 container events carry the name, image and label Attributes on the create event only, not on start, die or destroy',
  },
  { name: 'events-until-ignored', description: 'GET /events ignores until and keeps the stream open' },
  { name: 'events-filters-ignored', description: 'GET /events ignores the filters parameter' },
  {
    name: 'events-label-filter-containers-only',
    description: 'the events filter label= reads only container labels: no image event is sent, whatever its image labels',
  },
  {
    name: 'events-type-filter-new-sources-only',
    description: 'the events filter type= filters only by the 1.22 sources (network, volume): type=container or type=image keeps every event',
  },
  {
    name: 'events-removal-named-remove',
    description: 'destroy (container, volume, network) and delete (image) events are sent with the unlisted kind `remove`',
  },
  { name: 'events-1.18-no-from', description: '1.18 events carry no from' },
  { name: 'events-1.18-image-no-from', description: '1.18 image events (untag, delete) carry no from, as Docker writes them; container events keep theirs' },
  {
    name: 'events-1.18-image-time-milliseconds',
    description: '1.18 image events (untag, delete) give time in Unix milliseconds instead of seconds; container events keep seconds',
  },
  { name: 'events-action-not-kind', description: '1.22 event Action is `<Type>.<kind>` instead of the kind status holds' },
  {
    name: 'event-status-carries-command',
    description: 'exec_create and exec_start events carry the command after the kind in status (and 1.22 Action): `exec_create: sh -c true`, not the kind',
  },
  { name: 'events-type-capitalised', description: '1.22 event Type is Container/Image/Volume/Network instead of the lower-case values' },
  { name: 'events-image-typed-container', description: '1.22 image events (tag, untag, delete...) have Type container instead of image' },
  {
    name: 'events-attributes-empty',
    description: '1.22 events carry an empty Actor.Attributes (no name, image, labels, exitCode, height/width, container/type)',
  },
]);

/** Versions: what each API version serves and the shapes that differ between 1.18 and 1.22. */
export const VERSION_FAULTS = faultArea('versions', [
  { name: 'stats-1.18-networks', description: '1.18 stats objects carry the 1.22 per-interface `networks` map instead of `network`' },
  { name: 'v1.18-serves-volumes', description: 'the 1.22-only volume endpoints answer under /v1.18/ instead of 404' },
  { name: 'unsupported-version-served', description: 'a path with an unsupported version prefix (e.g. /v1.99/) is served instead of 400' },
  { name: 'history-1.22-no-Tags', description: '1.22 image history items have no Tags' },
  { name: 'list-1.18-has-Labels', description: '1.18 image list items carry the 1.22 Labels' },
  {
    name: 'inspect-1.22-exec-driver',
    description: '1.22 container inspect still carries the 1.18 top-level ExecDriver, Volumes and VolumesRW (Docker 1.10 kept ExecDriver)',
  },
  {
    name: 'inspect-1.18-mounts',
    description: '1.18 container inspect carries the 1.22 Mounts, and with size=1 (read whatever the version) SizeRw and SizeRootFs',
  },
  { name: 'v1.18-serves-update', description: 'the 1.22-only update endpoint answers under /v1.18/ instead of 404' },
  { name: 'v1.18-serves-archive', description: 'the 1.22-only archive endpoints answer under /v1.18/ instead of 404' },
  { name: 'v1.18-serves-networks', description: 'the 1.22-only network endpoints answer under /v1.18/ instead of 404' },
  { name: 'v1.18-prefix-refused', description: 'paths with the /v1.18/ prefix answer 400: only the newest version is served' },
  { name: 'events-1.18-volume-network', description: 'the 1.18 event stream carries volume and network events' },
  {
    name: 'events-1.18-no-exec',
    description: 'the 1.18 event stream leaves out exec_create and exec_start, kinds both versions list (the 1.22 one carries them)',
  },
  { name: 'v1.22-prefix-refused', description: 'paths with the /v1.22/ prefix answer 400: only 1.18 is served' },
  {
    name: 'info-1.18-flags-boolean',
    description: '1.18 info gives Debug, IPv4Forwarding, MemoryLimit and SwapLimit as booleans (the 1.22 shape) instead of integers',
  },
]);

/** Schema: a documented field missing or of the wrong type in an answer. */
export const SCHEMA_FAULTS = faultArea('schema', [
  { name: 'update-no-Warnings', description: '1.22 POST update answers {} without the Warnings list' },
  { name: 'create-no-Warnings', description: 'POST /containers/create answers {Id} without the Warnings list' },
  { name: 'create-returns-other-id', description: 'POST /containers/create answers an Id that does not address the container it created' },
  { name: 'inspect-drops-State', description: 'container inspect has no State object' },
  {
    name: 'unstarted-empty-fields-omitted',
    description:
      'container inspect and list leave out what only a start sets while it is empty (a Go omitempty): ' +
      'HostnamePath, HostsPath, LogPath, ResolvConfPath and each endpoint NetworkID of a container never started',
  },
  { name: 'stats-1.22-no-precpu', description: '1.22 stats objects have no precpu_stats' },
  { name: 'images-list-created-iso', description: 'image list items give Created as an ISO 8601 string instead of Unix seconds' },
  { name: 'search-wrong-keys', description: 'image search items use StarCount/IsOfficial/Name/... instead of star_count/is_official/name/...' },
  { name: 'image-inspect-no-GraphDriver', description: '1.22 image inspect has no GraphDriver' },
  { name: 'inspect-created-no-fraction', description: 'container inspect Created is an ISO 8601 string without fractional seconds' },
  { name: 'volume-no-Mountpoint', description: 'volumes (list, create, inspect) have no Mountpoint' },
  { name: 'network-no-Scope', description: 'networks (list, inspect) have no Scope' },
  { name: 'network-create-no-Warning', description: 'the network create answer is {Id} without Warning' },
  { name: 'list-item-created-iso', description: 'container list items give Created as an ISO 8601 string instead of Unix seconds' },
  { name: 'top-titles-joined', description: 'top answers Titles as one string instead of a list of strings' },
  { name: 'changes-kind-string', description: 'changes items carry Kind as a string ("1") instead of an integer' },
]);

/** Filters: the list endpoints' filters and list parameters. */
export const FILTER_FAULTS = faultArea('filters', [
  { name: 'filters-ignored', description: 'GET /containers/json ignores the filters parameter' },
  { name: 'list-limit-ignored', description: 'GET /containers/json ignores the limit parameter' },
  { name: 'images-dangling-filter-ignored', description: 'GET /images/json ignores filters dangling=true/false' },
  { name: 'images-label-filter-ignored', description: 'GET /images/json ignores the label filter' },
  { name: 'images-filter-param-ignored', description: 'GET /images/json ignores the filter (name) parameter' },
  { name: 'list-all-ignored', description: 'GET /containers/json lists non-running containers whatever `all` says' },
  { name: 'list-since-before-ignored', description: 'GET /containers/json ignores since and before' },
  { name: 'list-size-ignored', description: 'GET /containers/json?size=1 gives no SizeRw/SizeRootFs' },
  { name: 'list-size-zero-omitted', description: 'GET /containers/json?size=1 leaves SizeRw out of the item of a container that wrote nothing (SizeRw 0)' },
  { name: 'volumes-dangling-filter-ignored', description: 'GET /volumes ignores the dangling filter' },
  { name: 'networks-filters-ignored', description: 'GET /networks ignores the id, name and type filters' },
  { name: 'list-all-true-ignored', description: 'GET /containers/json?all=1 still lists only running containers' },
]);

/** Query and body: how request values are read (the query-ignored: family is generated in query-faults.ts). */
export const QUERY_FAULTS = faultArea('query', [
  { name: 'bool-True-is-false', description: 'the boolean query spelling `True` is read as false' },
  {
    name: 'filters-not-json-400',
    description: '`filters` that is not JSON answers 400, a code GET /images/json, /events, /volumes and /networks do not list (200, 500)',
  },
  {
    name: 'filters-not-a-map-read-as-none',
    description: '`filters` that is JSON but not a map of lists of strings is read as no filters instead of refused (400, or 500 where 400 is not listed)',
  },
  {
    name: 'integer-not-checked',
    description: 'an integer query parameter that is not an integer is read as absent instead of refused (400, or 500 where 400 is not listed)',
  },
  { name: 'timestamp-not-checked', description: 'an events since/until that is not a timestamp is read as absent instead of refused (500)' },
  { name: 'body-not-json-500', description: 'a request body that is not JSON answers 500 instead of 400 (bad parameter)' },
  { name: 'body-content-type-unchecked', description: 'a JSON request body sent as another Content-Type (text/plain) is read as JSON instead of 400' },
  { name: 'body-field-types-unchecked', description: 'a request body field of another JSON type than documented is accepted instead of 400' },
]);
