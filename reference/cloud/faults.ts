/**
 * Named faults of the cloud reference service. Each one makes the service break ONE documented
 * rule (or one behaviour the public clients rely on), so that a conformance check can prove it
 * notices. A fault is switched on per server (`--fault NAME`) and tested where the rule is
 * implemented with `world.faults.has('name')`. Parametrised families (`filter-ignored:<list>.<param>`,
 * `field-ignored:<resource>.<field>`, ...) are listed member by member (fault-families.ts).
 */
import { FAMILY_FAULTS } from './fault-families.ts';

export interface CloudFault {
  name: string;
  description: string;
  /** What the rule is about: actions, auth, namespaces, defaults, states, dates, lists, filters, roles, repositories, stream, validation, clients. */
  area: string;
}

export interface FaultSet {
  has(name: string): boolean;
}

const NAMED_FAULTS: ReadonlyArray<CloudFault> = [
  { name: 'no-action-header', area: 'actions', description: 'responses that create an action carry no X-Vendor-Action-URI header' },
  { name: 'async-returns-200', area: 'actions', description: 'asynchronous operations answer 200 instead of 202 Accepted' },
  { name: 'action-stuck-in-progress', area: 'actions', description: 'asynchronous actions never leave In progress (the work itself completes)' },
  { name: 'cancel-finished-action-allowed', area: 'actions', description: 'cancel of a Success or Failed action is accepted and turns it Canceled' },
  { name: 'retry-in-progress-allowed', area: 'actions', description: 'retry of an In progress action starts a new execution instead of being rejected' },
  { name: 'action-missing-fields', area: 'actions', description: 'action objects lack the location and can_be_retried fields' },
  { name: 'auth-not-required', area: 'auth', description: 'REST requests without valid Basic credentials are served (as the first user) instead of 401' },
  { name: 'stream-auth-not-required', area: 'auth', description: 'Stream API upgrades without credentials are accepted instead of 401' },
  { name: 'namespace-leak', area: 'namespaces', description: "another user's namespace can be read and written instead of answering 403" },
  { name: 'service-default-target-2', area: 'defaults', description: 'service create defaults target_num_containers to 2 instead of 1' },
  { name: 'working-dir-default-empty', area: 'defaults', description: 'service create defaults working_dir to "" instead of "/"' },
  { name: 'disk-default-100', area: 'defaults', description: 'node cluster create defaults disk to 100 instead of 60 GB' },
  { name: 'stopped-service-rejects-start', area: 'states', description: 'start of a Stopped service is rejected (409) although the state table allows it' },
  {
    name: 'running-service-allows-start',
    area: 'states',
    description: 'start of a Running service is accepted although the state table allows only stop, redeploy, terminate',
  },
  { name: 'terminate-reversible', area: 'states', description: 'a Terminated service can be started again' },
  { name: 'deployed-node-allows-health-check', area: 'states', description: 'health-check of a Deployed node is accepted although only Unreachable allows it' },
  { name: 'every-node-scalable', area: 'states', description: 'a service with the EVERY_NODE strategy can be scaled manually' },
  { name: 'every-node-update-allowed', area: 'states', description: 'a service can be updated to or from the EVERY_NODE strategy' },
  { name: 'date-iso8601', area: 'dates', description: 'REST date-time fields are ISO 8601 instead of RFC 2822 style' },
  { name: 'list-no-meta', area: 'lists', description: 'list responses have no meta object (only objects)' },
  { name: 'next-absolute-url', area: 'lists', description: 'meta.next and meta.previous are absolute URLs instead of paths starting with /api/' },
  { name: 'actions-newest-first', area: 'lists', description: 'the action list is in reverse chronological order (newest first)' },
  { name: 'include-related-ignored', area: 'filters', description: 'the action list ignores include_related=true (only the object itself)' },
  { name: 'filter-state-ignored', area: 'filters', description: 'list endpoints ignore the state filter' },
  { name: 'date-filter-exclusive', area: 'filters', description: 'the action list date filters (__gte, __lte) leave out actions exactly on the bound' },
  { name: 'cluster-tags-not-propagated', area: 'states', description: 'PATCH tags of a node cluster replaces the cluster tags but not those of its nodes' },
  {
    name: 'terminated-cluster-deployable',
    area: 'states',
    description: 'deploy of a Terminated node cluster is accepted although the state table allows nothing there',
  },
  { name: 'global-role-no-auth-env', area: 'roles', description: 'containers of a service with the global role get no VENDOR_AUTH variable' },
  { name: 'repository-returns-password', area: 'repositories', description: 'external repository objects return the write-only username and password' },
  { name: 'repository-delete-200', area: 'repositories', description: 'DELETE of an external repository answers 200 with a body instead of 204' },
  { name: 'reuse-volumes-ignored', area: 'states', description: 'redeploy with reuse_volumes=true still gives the containers new volumes' },
  { name: 'create-missing-name-accepted', area: 'validation', description: 'node cluster and stack create without the required name answer 201' },
  { name: 'tags-string-list-rejected', area: 'clients', description: 'service create rejects tags given as ["name", ...] (one client sends them so) with 400' },
  { name: 'event-no-parents', area: 'stream', description: 'event messages have no parents field' },
  { name: 'stream-logs-tail-ignored', area: 'stream', description: 'log streams ignore tail and send every line' },
  { name: 'exec-no-eof', area: 'stream', description: 'exec sessions end without the final output "EOF" message' },
  { name: 'stream-query-auth-rejected', area: 'stream', description: 'the ?user=&token= form of stream authentication is rejected (401)' },
  { name: 'placement-first-node', area: 'deployment', description: 'every new container goes to the first candidate node, whatever the deployment strategy' },
  { name: 'placement-ignores-tags', area: 'deployment', description: "containers are placed on nodes that lack the service's tags" },
  { name: 'every-node-skips-new-nodes', area: 'deployment', description: 'new nodes do not get a container of the running EVERY_NODE services' },
  { name: 'sequential-no-links', area: 'deployment', description: 'sequential_deployment does not link each container to the previous ones' },
  { name: 'autorestart-ignored', area: 'states', description: 'containers that exit are never restarted, whatever autorestart says' },
  { name: 'container-terminate-reversible', area: 'states', description: 'a Terminated container can be started again' },
  {
    name: 'redeploy-keeps-old-config',
    area: 'states',
    description: "redeploy keeps the containers on their old configuration instead of the service's current one",
  },
  { name: 'link-variables-not-injected', area: 'links', description: "containers of a linking service do not get the linked service's link variables" },
  { name: 'linked-from-missing', area: 'links', description: 'linked_from_service is always empty' },
  { name: 'stack-export-empty', area: 'stacks', description: "stack export answers an empty object instead of the services' definitions" },
  { name: 'logs-follow-false-ignored', area: 'stream', description: 'log streams stay open with follow=false' },
  { name: 'exec-stdin-ignored', area: 'stream', description: 'exec sessions ignore what the client sends' },
  { name: 'event-filters-ignored', area: 'stream', description: 'the events stream ignores the type, object and parent filters' },
  { name: 'states-not-enforced', area: 'states', description: 'operations a state does not allow are accepted and run anyway' },
  { name: 'terminated-not-listed', area: 'lists', description: 'lists leave out recently terminated resources' },
  {
    name: 'service-create-unvalidated',
    area: 'validation',
    description: 'service create accepts bodies with missing required fields or unknown values (ignoring them)',
  },
  { name: 'service-defaults-off', area: 'defaults', description: 'service create fills every optional field with a value other than its documented default' },
  { name: 'dates-never-set', area: 'dates', description: 'REST date-time fields stay null whatever happened' },
  { name: 'stack-services-ignored', area: 'stacks', description: 'stack create ignores the services of the body' },
  { name: 'service-counters-stale', area: 'states', description: 'running_num_containers counts every container, running or not' },
  { name: 'port-published-default-true', area: 'defaults', description: 'a container port sent without published is published' },
  { name: 'outer-port-not-allocated', area: 'defaults', description: 'a published port sent without outer_port gets no outer port in its containers' },
  { name: 'binding-rewritable-default-false', area: 'defaults', description: 'a binding sent without rewritable is read-only' },
  { name: 'image-tag-not-defaulted', area: 'defaults', description: 'PATCH image without a tag keeps the image without a tag instead of the tag latest' },
  { name: 'node-nickname-update-ignored', area: 'states', description: 'PATCH nickname of a node is accepted and ignored' },
  { name: 'cluster-scale-ignored', area: 'states', description: 'PATCH target_num_nodes of a deployed cluster sets the target but never scales the cluster' },
  { name: 'nodes-without-cluster', area: 'shapes', description: 'nodes show node_cluster null although they belong to a cluster' },
  { name: 'stack-update-ignored', area: 'stacks', description: 'PATCH of a stack is accepted and changes none of its services' },
  { name: 'content-type-text', area: 'general', description: 'JSON answers carry Content-Type text/plain' },
  { name: 'client-uuid-kept', area: 'general', description: 'node cluster create takes the uuid the client sends instead of generating one' },
  { name: 'unknown-uuid-200', area: 'general', description: 'a request for an unknown resource answers 200 with an empty object instead of an error code' },
  { name: 'node-container-count-stale', area: 'states', description: "a node's current_num_containers stays 0 whatever runs on it" },
  {
    name: 'node-nickname-default-empty',
    area: 'defaults',
    description: 'a node whose nickname was never set shows an empty nickname instead of its external_fqdn',
  },
  { name: 'linked-to-container-missing', area: 'links', description: 'linked_to_container is always empty' },
  { name: 'logs-follow-default-false', area: 'stream', description: 'log streams opened without follow close after the tail (follow defaults to false)' },
  { name: 'log-lines-without-timestamp', area: 'stream', description: 'log lines of every log stream lack the timestamp field' },
  {
    name: 'create-missing-node-type-accepted',
    area: 'validation',
    description: 'node cluster create without node_type answers 201 (a default node type is taken)',
  },
  { name: 'create-missing-region-accepted', area: 'validation', description: 'node cluster create without region answers 201 (a default region is taken)' },
  { name: 'repository-missing-name-accepted', area: 'validation', description: 'repository create without name answers 201 (a generated name is taken)' },
  { name: 'disk-any-value', area: 'validation', description: 'the provider with listed disk sizes accepts any disk size' },
  { name: 'upgrade-no-restart', area: 'states', description: 'the containers of an upgraded node are not restarted' },
  { name: 'cancel-refused', area: 'actions', description: 'cancel is refused (409) in every state, also In progress' },
  { name: 'retry-refused', area: 'actions', description: 'retry is refused (409) in every state, also Success, Failed and Canceled' },
  { name: 'cancel-canceled-allowed', area: 'actions', description: 'cancel of a Canceled action is accepted (202)' },
  { name: 'vendor-auth-without-role', area: 'roles', description: 'containers of every service get VENDOR_AUTH, with or without the global role' },
  { name: 'cluster-create-not-init', area: 'states', description: 'a node cluster just created (never deployed) is shown Deployed instead of Init' },
  { name: 'service-logs-first-container-only', area: 'stream', description: "the service logs stream carries the lines of the service's first container only" },
  {
    name: 'stack-update-drops-unlisted',
    area: 'stacks',
    description: 'PATCH of a stack drops from it the services its body does not list (services taken as the full list, not default [])',
  },
  {
    name: 'service-uri-unversioned',
    area: 'general',
    description: "services' resource_uri is spelled /api/app/<...>/service/<uuid>/, without the version segment",
  },
  { name: 'exit-code-missing', area: 'states', description: 'exited containers keep exit_code null' },
  {
    name: 'include-related-always',
    area: 'filters',
    description: 'the action list takes in the related objects of object=<uri> also with include_related=false',
  },
  { name: 'cancel-canceling-allowed', area: 'actions', description: 'cancel of a Canceling action is accepted (202)' },
  { name: 'retry-canceling-allowed', area: 'actions', description: 'retry of a Canceling action is accepted (202) and starts nothing' },
  { name: 'failed-action-no-logs', area: 'actions', description: 'an action that fails logs nothing (its logs stream is empty)' },
  { name: 'failed-call-action-success', area: 'actions', description: 'a refused synchronous call records its action Success instead of Failed' },
  {
    name: 'patch-actions-unlisted',
    area: 'actions',
    description: 'the action list leaves out the actions of PATCH calls (a GET of their URI still finds them)',
  },
  { name: 'container-working-dir-default', area: 'shapes', description: 'container objects show working_dir "/" whatever their service sets' },
  {
    name: 'container-node-wrong-uuid',
    area: 'shapes',
    description: "container objects name in node a node URI with the container's own uuid instead of its node's",
  },
  { name: 'node-tags-appended', area: 'states', description: 'PATCH tags of a node adds the tags to its list instead of replacing the list' },
  { name: 'node-region-null', area: 'shapes', description: "node objects show region null instead of their cluster's region" },
  { name: 'cluster-current-nodes-zero', area: 'shapes', description: "a node cluster's current_num_nodes stays 0 whatever nodes it has" },
  {
    name: 'repository-registry-vendor',
    area: 'repositories',
    description: "external repositories name the vendor's own registry instead of the registry of their host",
  },
  { name: 'repository-update-refused', area: 'repositories', description: 'PATCH of an external repository is refused (405)' },
  { name: 'repository-delete-kept', area: 'repositories', description: 'DELETE of an external repository answers 204 and keeps it' },
  {
    name: 'container-service-wrong-uuid',
    area: 'shapes',
    description: "container objects name in service a service URI with the container's own uuid instead of their service's",
  },
  { name: 'service-create-starts', area: 'states', description: 'service create starts the service it creates' },
  { name: 'stack-create-starts', area: 'states', description: 'stack create starts the stack it creates' },
  {
    name: 'service-name-with-namespace',
    area: 'defaults',
    description: 'service create without name takes the image name with its namespace (library/busybox:1 gives library-busybox)',
  },
  { name: 'stack-services-null-when-empty', area: 'stacks', description: 'a stack without services shows services null instead of []' },
  { name: 'stack-link-by-name-dropped', area: 'stacks', description: 'stack create drops the links that name a sibling service by name' },
  {
    name: 'stack-volumes-from-by-name-dropped',
    area: 'stacks',
    description: 'stack create drops the volumes-from bindings that name a sibling service by name',
  },
  { name: 'stack-never-synchronized', area: 'stacks', description: 'stack objects show synchronized false whatever their services run' },
  {
    name: 'image-env-wins',
    area: 'services',
    description: "the image's own variables (PATH, HOME, HOSTNAME) win over container_envvars of the same name in the containers",
  },
  { name: 'rest-basic-refused', area: 'auth', description: 'REST requests with valid Basic credentials are refused (401)' },
  { name: 'stream-basic-refused', area: 'auth', description: 'Stream API upgrades with a valid Basic header are refused (401); ?user=&token= still works' },
  { name: 'vendor-auth-wrong-key', area: 'roles', description: "VENDOR_AUTH holds the owner's name with a key the APIs refuse" },
  {
    name: 'own-namespace-segment-refused',
    area: 'namespaces',
    description: "a path naming the caller's own namespace is refused (403); organizations' still work",
  },
  {
    name: 'default-namespace-first-org',
    area: 'namespaces',
    description: "without the namespace segment the namespace is the caller's first organization instead of the caller's own",
  },
  { name: 'catalog-patch-accepted', area: 'infra', description: 'PATCH of a provider, region, zone or node type answers 200 (and changes nothing)' },
  { name: 'nodetype-regions-first-only', area: 'infra', description: 'node types list only their first region, although their other regions list them' },
  { name: 'every-node-all-on-first', area: 'deployment', description: 'an EVERY_NODE service gets one container per node, all of them on the first node' },
  { name: 'stack-export-list', area: 'stacks', description: "stack export answers a JSON list of the services' definitions instead of an object" },
  {
    name: 'stack-uri-by-name',
    area: 'general',
    description: "stack objects name in resource_uri the stack's name in place of its uuid (a GET of it answers 404)",
  },
  { name: 'events-plain-text', area: 'stream', description: 'the events stream sends each message as a line of words instead of JSON' },
  {
    name: 'repo-unversioned',
    area: 'general',
    description: 'the repo subsystem is served under /api/repo/ without the version segment (404 under /api/repo/v1/)',
  },
  {
    name: 'organization-namespace-refused',
    area: 'namespaces',
    description: "a path naming an organization of the caller is refused (403); the caller's own namespace still works",
  },
  {
    name: 'logs-tail-default-0',
    area: 'stream',
    description: 'log streams opened without tail send none of the earlier lines (tail defaults to 0 instead of 300)',
  },
];

/** Every named fault: the single ones above, then every member of the parametrised families. */
export const CLOUD_FAULTS: ReadonlyArray<CloudFault> = [...NAMED_FAULTS, ...FAMILY_FAULTS];

/** Builds the fault set of a server; throws naming every unknown fault. */
export function faultSet(names: readonly string[] = []): FaultSet {
  const known = new Set(CLOUD_FAULTS.map((f) => f.name));
  const unknown = names.filter((n) => !known.has(n));
  if (unknown.length) {
    throw new Error(`unknown cloud fault${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')} (see --list-faults)`);
  }
  return new Set(names);
}
