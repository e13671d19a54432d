/**
 * Named faults of the cloud reference service, by the area of the rule each one breaks (actions and
 * states in fault-areas/actions-states.ts). The parametrised families (`filter-ignored:`, `field-ignored:`, ...) are in fault-families.ts.
 */
import { faultArea } from '../faults.ts';

/** Deployment: where containers are placed (strategies, tags, EVERY_NODE, sequential deployment). */
export const DEPLOYMENT_FAULTS = faultArea('deployment', [
  { name: 'placement-first-node', description: 'every new container goes to the first candidate node, whatever the deployment strategy' },
  { name: 'placement-counts-stopped', description: "the deployment strategies count a node's Stopped containers as running ones" },
  { name: 'placement-ignores-tags', description: "containers are placed on nodes that lack the service's tags" },
  { name: 'cluster-tags-not-on-nodes', description: 'the nodes a cluster deploys do not get the tags the cluster was created with (they start with no tag)' },
  { name: 'every-node-skips-new-nodes', description: 'new nodes do not get a container of the running EVERY_NODE services' },
  { name: 'sequential-no-links', description: 'sequential_deployment does not link each container to the previous ones' },
  {
    name: 'sequential-boots-all-at-once',
    description: 'sequential_deployment links each container to the previous ones, but a start or a scale boots its containers together: all Running at once',
  },
  {
    name: 'sequential-scale-unlinked',
    description: 'sequential_deployment links the containers of a start, but a container a scale adds links to none of the previous ones',
  },
  { name: 'every-node-all-on-first', description: 'an EVERY_NODE service gets one container per node, all of them on the first node' },
  { name: 'high-availability-scale-emptiest', description: 'a scale places the new containers of a HIGH_AVAILABILITY service by EMPTIEST_NODE' },
  {
    name: 'high-availability-round-robin',
    description: 'a HIGH_AVAILABILITY service places its containers round-robin over the candidate nodes in cluster order (the i-th on node i mod n)',
  },
  {
    name: 'scale-ignores-tags',
    description: "a scale places the containers it adds on any deployed node of the namespace, the service's tags not consulted (a start honours them)",
  },
  {
    name: 'redeploy-ignores-tags',
    description:
      "a redeploy deploys each container anew where its strategy points among every deployed node of the namespace, the service's tags not consulted",
  },
  {
    name: 'high-availability-counts-stopped-ties-first',
    description: "HIGH_AVAILABILITY counts the service's Stopped containers as running ones and gives a tie to the first candidate node",
  },
]);

/** Defaults: the documented default of an optional field. */
export const DEFAULT_FAULTS = faultArea('defaults', [
  { name: 'service-default-target-2', description: 'service create defaults target_num_containers to 2 instead of 1' },
  { name: 'working-dir-default-empty', description: 'service create defaults working_dir to "" instead of "/"' },
  { name: 'disk-default-100', description: 'node cluster create defaults disk to 100 instead of 60 GB' },
  {
    name: 'cluster-default-target-deploys-two',
    description: 'a node cluster created without target_num_nodes shows 1 but its deploy brings up 2 nodes',
  },
  { name: 'service-defaults-off', description: 'service create fills every optional field with a value other than its documented default' },
  { name: 'port-published-default-true', description: 'a container port sent without published is published' },
  { name: 'outer-port-not-allocated', description: 'a published port sent without outer_port gets no outer port in its containers' },
  {
    name: 'outer-port-default-inner',
    description: 'a published port sent without outer_port is published on its inner port (a static mapping): containers on one node share it',
  },
  { name: 'binding-rewritable-default-false', description: 'a binding sent without rewritable is read-only' },
  { name: 'image-tag-not-defaulted', description: 'PATCH image without a tag keeps the image without a tag instead of the tag latest' },
  {
    name: 'create-image-tag-not-defaulted',
    description: 'a service created with an image without a tag shows image_name without a tag instead of the tag latest',
  },
  { name: 'node-nickname-default-empty', description: 'a node whose nickname was never set shows an empty nickname instead of its external_fqdn' },
  {
    name: 'image-registry-port-read-as-tag',
    description:
      "an image's first colon is read as its tag: registry:5000/ns/app gets no tag latest and, without a name, the service is named after the registry host",
  },
  {
    name: 'service-name-with-namespace',
    description: 'service create without name takes the image name with its namespace (library/busybox:1 gives library-busybox)',
  },
]);

/** Validation: required fields and allowed values of create bodies. */
export const VALIDATION_FAULTS = faultArea('validation', [
  { name: 'create-missing-name-accepted', description: 'node cluster and stack create without the required name answer 201' },
  { name: 'service-create-unvalidated', description: 'service create accepts bodies with missing required fields or unknown values (ignoring them)' },
  {
    name: 'service-update-unvalidated',
    description: 'service update accepts bodies with values outside the value sets or items without their required sub-fields (ignoring them)',
  },
  { name: 'create-missing-node-type-accepted', description: 'node cluster create without node_type answers 201 (a default node type is taken)' },
  { name: 'create-missing-region-accepted', description: 'node cluster create without region answers 201 (a default region is taken)' },
  { name: 'repository-missing-name-accepted', description: 'repository create without name answers 201 (a generated name is taken)' },
  { name: 'service-image-empty-accepted', description: "service create takes image '' or null as sent and creates a service without an image" },
  { name: 'disk-any-value', description: 'the provider with listed disk sizes accepts any disk size' },
  {
    name: 'item-fields-checked-first-only',
    description: 'service create and update check the required sub-fields of container_ports, container_envvars and bindings in the first item only',
  },
]);

/** Auth: Basic credentials of the REST and Stream APIs. */
export const AUTH_FAULTS = faultArea('auth', [
  { name: 'auth-not-required', description: 'REST requests without valid Basic credentials are served (as the first user) instead of 401' },
  { name: 'stream-auth-not-required', description: 'Stream API upgrades without credentials are accepted instead of 401' },
  {
    name: 'stream-logs-auth-not-required',
    description: 'upgrades of the log and exec streams without credentials are accepted instead of 401 (the events stream still refuses them)',
  },
  { name: 'rest-basic-refused', description: 'REST requests with valid Basic credentials are refused (401)' },
  { name: 'stream-basic-refused', description: 'Stream API upgrades with a valid Basic header are refused (401); ?user=&token= still works' },
]);

/** Namespaces: the caller's own namespace, organizations, and other users' namespaces. */
export const NAMESPACE_FAULTS = faultArea('namespaces', [
  { name: 'namespace-leak', description: "another user's namespace can be read and written instead of answering 403" },
  { name: 'own-namespace-segment-refused', description: "a path naming the caller's own namespace is refused (403); organizations' still work" },
  {
    name: 'own-namespace-segment-nodecluster-only',
    description: "a path naming the caller's own namespace is served for node clusters only; every other namespaced kind refuses it (403)",
  },
  {
    name: 'own-namespace-segment-writes-nodecluster-only',
    description: "a write (POST, PATCH, DELETE) through the caller's own namespace is served for node clusters only; elsewhere it is refused (403)",
  },
  {
    name: 'default-namespace-first-org',
    description: "without the namespace segment the namespace is the caller's first organization instead of the caller's own",
  },
  {
    name: 'organization-namespace-refused',
    description: "a path naming an organization of the caller is not recognised (404, as an unknown path); the caller's own namespace still works",
  },
]);

/** Roles: the global role and the VENDOR_AUTH variable it gives containers. */
export const ROLE_FAULTS = faultArea('roles', [
  { name: 'global-role-no-auth-env', description: 'containers of a service with the global role get no VENDOR_AUTH variable' },
  { name: 'vendor-auth-without-role', description: 'containers of every service get VENDOR_AUTH, with or without the global role' },
  { name: 'vendor-auth-wrong-key', description: "VENDOR_AUTH holds the owner's name with a key the APIs refuse" },
]);

/** Lists: meta, paging links, order and what lists take in. */
export const LIST_FAULTS = faultArea('lists', [
  { name: 'list-no-meta', description: 'list responses have no meta object (only objects)' },
  { name: 'next-absolute-url', description: 'meta.next and meta.previous are absolute URLs instead of paths starting with /api/' },
  {
    name: 'list-envelope-results',
    description:
      "lists are answered in Django REST framework's envelope {count, next, previous, results}, next and previous full URLs: " +
      'a variation the spec allows (the envelope is "not shown"), which only the facts\' check sees',
  },
  { name: 'actions-newest-first', description: 'the action list is in reverse chronological order (newest first)' },
  { name: 'terminated-not-listed', description: 'lists leave out recently terminated resources' },
]);

/** Filters: the action list's filters (the filter-ignored: family is generated in fault-families.ts). */
export const FILTER_FAULTS = faultArea('filters', [
  { name: 'include-related-ignored', description: 'the action list ignores include_related=true (only the object itself)' },
  { name: 'filter-state-ignored', description: 'list endpoints ignore the state filter' },
  { name: 'node-state-filter-deployed-ignored', description: 'the node list ignores state=Deployed (every node comes back), while its other states filter' },
  {
    name: 'state-filter-first-word',
    description: 'list endpoints read a state filter value only up to its first space (Not running, Partly deployed, Empty cluster match nothing)',
  },
  {
    name: 'action-state-filter-split-on-space',
    description: 'the action list reads state as values separated by spaces: state=In progress matches an action In or progress, so none',
  },
  {
    name: 'state-filter-settled-only',
    description:
      'the service and container lists read a state filter against the settled states only: ' +
      'a transitional value (Starting, Stopping, Scaling, Redeploying, Terminating) matches nothing',
  },
  {
    name: 'infra-state-filter-settled-only',
    description:
      'the node and node cluster lists read a state filter against the settled states only: ' +
      'a transitional value (Deploying, Upgrading, Scaling, Terminating) matches nothing',
  },
  { name: 'date-filter-exclusive', description: 'the action list date filters (__gte, __lte) leave out actions exactly on the bound' },
  { name: 'include-related-always', description: 'the action list takes in the related objects of object=<uri> also with include_related=false' },
]);

/** Dates: the format and presence of date-time fields. */
export const DATE_FAULTS = faultArea('dates', [
  { name: 'date-iso8601', description: 'REST date-time fields are ISO 8601 instead of RFC 2822 style' },
  { name: 'dates-never-set', description: 'REST date-time fields stay null whatever happened' },
  { name: 'service-start-date-first-only', description: "a service's started_datetime keeps the date of its first start instead of the last" },
]);

/** Stream: the Stream API's events, logs and exec sessions. */
export const STREAM_FAULTS = faultArea('stream', [
  { name: 'event-no-parents', description: 'event messages have no parents field' },
  { name: 'stream-logs-tail-ignored', description: 'log streams ignore tail and send every line' },
  { name: 'exec-no-eof', description: 'exec sessions end without the final output "EOF" message' },
  { name: 'stream-query-auth-rejected', description: 'the ?user=&token= form of stream authentication is rejected (401)' },
  { name: 'logs-follow-false-ignored', description: 'log streams stay open with follow=false' },
  { name: 'exec-stdin-ignored', description: 'exec sessions ignore what the client sends' },
  {
    name: 'exec-echoes-input',
    description: 'a shell exec session sends each line the client types back as output instead of running it (exit still ends it)',
  },
  { name: 'event-filters-ignored', description: 'the events stream ignores the type, object and parent filters' },
  { name: 'logs-follow-default-false', description: 'log streams opened without follow close after the tail (follow defaults to false)' },
  { name: 'log-lines-without-timestamp', description: 'log lines of every log stream lack the timestamp field' },
  { name: 'service-logs-first-container-only', description: "the service logs stream carries the lines of the service's first container only" },
  { name: 'logs-frame-header-kept', description: "container and service log lines keep the engine's 8-byte stream frame header before their text" },
  { name: 'logs-stderr-as-stdout', description: 'container and service log lines written to stderr carry streamType stdout' },
  {
    name: 'service-logs-source-next-container',
    description: "the service logs stream names as each line's source the service's next container, not the container that wrote it",
  },
  { name: 'events-plain-text', description: 'the events stream sends each message as a line of words instead of JSON' },
  { name: 'logs-tail-default-0', description: 'log streams opened without tail send none of the earlier lines (tail defaults to 0 instead of 300)' },
  {
    name: 'stream-plain-ws',
    description: 'the Stream API is served without TLS: plain ws on the REST address, whose stream URL is ws:// (a TLS handshake is cut)',
  },
]);

/** Links: link variables and the linked_* fields. */
export const LINK_FAULTS = faultArea('links', [
  { name: 'link-variables-not-injected', description: "containers of a linking service do not get the linked service's link variables" },
  {
    name: 'link-variables-empty',
    description: 'no service or container exposes link variables (link_variables {}), and a link brings the linking containers none',
  },
  { name: 'linked-from-missing', description: 'linked_from_service is always empty' },
  { name: 'linked-to-container-missing', description: 'linked_to_container is always empty' },
  { name: 'linked-to-container-first-only', description: 'linked_to_container links only to the first live container of a linked service' },
  { name: 'link-endpoints-all-tcp', description: "linked_to_container endpoints key every port '<port>/tcp', whatever its protocol" },
  {
    name: 'link-validates-first-only',
    description:
      'service create and update require to_service in the first linked_to_service item only: a later item without it is dropped and the body accepted',
  },
  {
    name: 'service-ref-any-kind',
    description:
      'a to_service (or volumes_from) URI is taken by the uuid it ends in, whatever kind of resource it names: ' +
      'a container URI with a service uuid refers to that service',
  },
]);

/** Stacks: create, update, export and the fields of stack objects. */
export const STACK_FAULTS = faultArea('stacks', [
  { name: 'stack-export-empty', description: "stack export answers an empty object instead of the services' definitions" },
  { name: 'stack-services-ignored', description: 'stack create ignores the services of the body' },
  { name: 'stack-update-ignored', description: 'PATCH of a stack is accepted and changes none of its services' },
  {
    name: 'stack-update-drops-unlisted',
    description: 'PATCH of a stack drops from it the services its body does not list (services taken as the full list, not default [])',
  },
  { name: 'stack-services-null-when-empty', description: 'a stack without services shows services null instead of []' },
  { name: 'stack-link-by-name-dropped', description: 'stack create drops the links that name a sibling service by name' },
  { name: 'stack-volumes-from-by-name-dropped', description: 'stack create drops the volumes-from bindings that name a sibling service by name' },
  { name: 'stack-never-synchronized', description: 'stack objects show synchronized false whatever their services run' },
  { name: 'stack-export-list', description: "stack export answers a JSON list of the services' definitions instead of an object" },
  {
    name: 'stack-export-drops-ports-env',
    description:
      "stack export leaves out the services' ports (published or exposed) and their environment: each entry keeps its image, links and other settings",
  },
  { name: 'stack-start-one-container-each', description: 'stack start runs one container of each of its services, whatever their target_num_containers' },
  {
    name: 'stack-terminate-containers-kept',
    description: 'stack DELETE writes Terminated on the stack and on each of its services, but their containers keep running (or stay Stopped)',
  },
]);

/** Repositories: external repository objects and their operations. */
export const REPOSITORY_FAULTS = faultArea('repositories', [
  { name: 'repository-returns-password', description: 'external repository objects return the write-only username and password' },
  {
    name: 'repository-returns-auth',
    description: 'external repository objects carry the write-only credentials encoded as a registry client stores them (auth: base64 of username:password)',
  },
  { name: 'repository-in-use-any-user', description: "in_use of an external repository counts the services of every user, not only the caller's" },
  {
    name: 'repository-in-use-by-prefix',
    description: 'in_use of an external repository is true while a service uses the image of any repository whose name begins with its own',
  },
  { name: 'repository-delete-200', description: 'DELETE of an external repository answers 200 with a body instead of 204' },
  { name: 'repository-registry-vendor', description: "external repositories name the vendor's own registry instead of the registry of their host" },
  { name: 'repository-update-refused', description: 'PATCH of an external repository is refused (405)' },
  { name: 'repository-delete-kept', description: 'DELETE of an external repository answers 204 and keeps it' },
  { name: 'registry-host-with-port', description: 'registry objects carry the port in host (quay.io:443), not the host name alone' },
]);

/** Shapes: the values of fields of the objects the API answers. */
export const SHAPE_FAULTS = faultArea('shapes', [
  { name: 'nodes-without-cluster', description: 'nodes show node_cluster null although they belong to a cluster' },
  { name: 'container-working-dir-default', description: 'container objects show working_dir "/" whatever their service sets' },
  {
    name: 'container-net-pid-defaults',
    description: 'container objects show net bridge and pid none (the defaults) whatever their service sets; the containers run in the modes sent',
  },
  {
    name: 'container-scalars-own-defaults',
    description: 'container objects show their own defaults for user, domainname, cgroup_parent, cpuset and memory_swap whatever their service sets',
  },
  { name: 'container-node-wrong-uuid', description: "container objects name in node a node URI with the container's own uuid instead of its node's" },
  { name: 'node-region-null', description: "node objects show region null instead of their cluster's region" },
  { name: 'cluster-current-nodes-zero', description: "a node cluster's current_num_nodes stays 0 whatever nodes it has" },
  { name: 'cluster-current-nodes-target', description: "a node cluster's current_num_nodes echoes its target_num_nodes whatever nodes it has" },
  {
    name: 'current-num-nodes-not-updated',
    description: "a node cluster's current_num_nodes is a stored count that deploy and node terminations keep, but a PATCH scale leaves as it was",
  },
  {
    name: 'container-service-wrong-uuid',
    description: "container objects name in service a service URI with the container's own uuid instead of their service's",
  },
  {
    name: 'container-uri-protocol-transport',
    description: "a container port's uri_protocol shows the port's transport protocol (tcp, udp), not its endpoint's (http for an http:// endpoint)",
  },
]);

/** Services: what a service's containers get from it. */
export const SERVICE_FAULTS = faultArea('services', [
  { name: 'image-env-wins', description: "the image's own variables (PATH, HOME, HOSTNAME) win over container_envvars of the same name in the containers" },
  {
    name: 'entrypoint-image-wins',
    description: "an image's own ENTRYPOINT wins over the service's entrypoint in the containers (the field still shows the service's)",
  },
  { name: 'working-dir-not-applied', description: "the containers' programs start in / whatever working_dir their service sets (the field still shows it)" },
  {
    name: 'net-modes-swapped',
    description:
      "net bridge gives the containers the node's network stack and net host a stack of their own on the bridge (the field still shows the mode sent)",
  },
  {
    name: 'patch-scales-scale-noop',
    description: 'a PATCH of the service brings it to target_num_containers at once, and scale does nothing (its action ends Success)',
  },
  { name: 'net-bridge-no-network', description: 'a container under net bridge gets a network namespace with lo only: no interface on the engine bridge' },
  {
    name: 'host-path-not-mounted',
    description:
      "a host_path binding mounts an empty directory of the container's own at container_path, not the node's directory (the binding still shows it)",
  },
  {
    name: 'volumes-from-ignored',
    description: "a volumes_from binding gives the containers new empty volumes at the source service's paths, not its volumes (the binding still shows it)",
  },
  {
    name: 'scaled-container-labels-empty',
    description: "a container a scale adds shows labels {} (built without the service's labels); those of a start show the service's",
  },
  {
    name: 'default-user-from-image',
    description: "a service created without user shows user '' (the engine's default) and runs its containers as the image's USER, not root",
  },
  {
    name: 'volumes-from-copied-at-deploy',
    description: "a volumes_from binding gives the containers a copy of the source service's volumes as they were at the deploy: later writes are not shared",
  },
]);

/** Infra: providers, regions, zones and node types. */
export const INFRA_FAULTS = faultArea('infra', [
  { name: 'catalog-patch-accepted', description: 'PATCH of a provider, region, zone or node type answers 200 (and changes nothing)' },
  { name: 'nodetype-regions-first-only', description: 'node types list only their first region, although their other regions list them' },
  {
    name: 'nodetype-regions-across-providers',
    description: "packet's node type baremetal_0 also lists aws/us-east-1 among its regions, and that region lists it among its node_types",
  },
  {
    name: 'node-placement-provider-first',
    description: "a cluster's nodes are provisioned in its provider's first region and of its provider's first node type, whatever the cluster's",
  },
  {
    name: 'node-disk-fixed-20',
    description: "the nodes a cluster deploys all get a disk of 20 GB, whatever the cluster's disk (the cluster still shows the disk sent, or 60)",
  },
  {
    name: 'node-disk-fixed-250',
    description:
      "the nodes a cluster deploys all get a disk of 250 GB, whatever the cluster's disk (the cluster still shows the disk sent, or 60): " +
      'more than the default and than small sizes, less than the largest listed ones',
  },
  {
    name: 'disk-unavailable-left-unapplied',
    description:
      "digitalocean (no disk choice) takes a create carrying disk and leaves it unapplied: its clusters show the node type's own disk " +
      '(512mb 20, 1gb 30, 2gb 40 GB), sent or not: a variation the spec allows ("not available for one provider"), which no check may fail',
  },
  {
    name: 'cluster-nodes-separate-networks',
    description: 'each node a cluster deploys is on a private network (subnet) of its own: no other node of its cluster reaches its private address',
  },
]);

/** General: content types, resource URIs, unknown resources and identifiers. */
export const GENERAL_FAULTS = faultArea('general', [
  { name: 'content-type-text', description: 'JSON answers carry Content-Type text/plain' },
  { name: 'client-uuid-kept', description: 'node cluster create takes the uuid the client sends instead of generating one' },
  {
    name: 'stack-client-uuid-kept',
    description: 'stack create takes the uuid the client sends instead of generating one (node clusters still generate theirs)',
  },
  { name: 'unknown-uuid-200', description: 'a request for an unknown resource answers 200 with an empty object instead of an error code' },
  { name: 'service-uri-unversioned', description: "services' resource_uri is spelled /api/app/<...>/service/<uuid>/, without the version segment" },
  { name: 'stack-uri-by-name', description: "stack objects name in resource_uri the stack's name in place of its uuid (a GET of it answers 404)" },
  { name: 'repo-unversioned', description: 'the repo subsystem is served under /api/repo/ without the version segment (404 under /api/repo/v1/)' },
]);

/** Clients: forms the public clients send that the spec does not show. */
export const CLIENT_FAULTS = faultArea('clients', [
  { name: 'tags-string-list-rejected', description: 'service create rejects tags given as ["name", ...] (one client sends them so) with 400' },
]);
