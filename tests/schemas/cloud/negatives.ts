/**
 * Broken variants of the valid examples: each names the schema, the example it starts from, one
 * change (a field set to a bad value, or removed), and the JSON pointer the validator must name.
 */
import { examples } from './examples/requests-and-streams.ts';

export interface NegativeCase {
  schema: string;
  label: string;
  value: unknown;
  /** The pointer of a `problem` finding the validator must report. */
  pointer: string;
}

type Change = { set: string; to: unknown } | { drop: string };

/** A deep copy of examples[schema][index] with one change at a JSON pointer ('/a/0/b'). */
function variant(schema: string, change: Change, index = 0): unknown {
  const base = examples[schema]?.[index];
  if (base === undefined) throw new Error(`no example ${schema}[${index}]`);
  const copy = structuredClone(base) as Record<string, unknown>;
  const pointer = 'set' in change ? change.set : change.drop;
  const keys = pointer.split('/').slice(1);
  const last = keys.pop();
  if (last === undefined) return 'set' in change ? change.to : undefined;
  let node: Record<string, unknown> = copy;
  for (const key of keys) node = node[key] as Record<string, unknown>;
  if ('set' in change) node[last] = change.to;
  else delete node[last];
  return copy;
}

function bad(schema: string, label: string, change: Change, pointer?: string, index = 0): NegativeCase {
  const at = pointer ?? ('set' in change ? change.set : change.drop);
  return { schema, label, value: variant(schema, change, index), pointer: at === '' ? '/' : at };
}

const ISO = '2014-10-13T11:01:43Z';

export const negativeCases: NegativeCase[] = [
  bad('action', 'missing uuid', { drop: '/uuid' }),
  bad('action', 'boolean as a string', { set: '/is_user_action', to: 'yes' }),
  bad('action', 'unknown state', { set: '/state', to: 'Done' }),
  bad('action', 'ISO 8601 start_date', { set: '/start_date', to: ISO }),
  bad('action', 'null start_date (not "or null")', { set: '/start_date', to: null }),
  bad('action', 'absolute resource_uri', { set: '/resource_uri', to: 'https://cloud.example.test/api/audit/v1/action/1/' }),
  bad('action-log-line', 'type other than log', { set: '/type', to: 'stdout' }),
  bad('action-log-line', 'timestamp as a string', { set: '/timestamp', to: '1413198103' }),
  bad('action-log-line', 'missing log', { drop: '/log' }),
  bad('provider', 'regions not a list', { set: '/regions', to: '/api/infra/v1/region/aws/us-east-1/' }),
  bad('provider', 'available as a string', { set: '/available', to: 'true' }),
  bad('provider', 'missing label', { drop: '/label' }),
  bad('region', 'provider not a URI', { set: '/provider', to: 'aws' }),
  bad('region', 'missing node_types', { drop: '/node_types' }),
  bad('availability-zone', 'missing region', { drop: '/region' }),
  bad('availability-zone', 'available as a number', { set: '/available', to: 1 }),
  bad('node-type', 'availability_zones not a list', { set: '/availability_zones', to: 'x' }),
  bad('node-type', 'missing provider', { drop: '/provider' }),
  bad('node-cluster', 'a service state', { set: '/state', to: 'Running' }),
  bad('node-cluster', 'disk as a string', { set: '/disk', to: '60' }),
  bad('node-cluster', 'date without weekday and time', { set: '/deployed_datetime', to: '13 Oct 2014' }),
  bad('node-cluster', 'tags as strings in a response', { set: '/tags/0', to: 'web' }),
  bad('node-cluster', 'missing provider_options', { drop: '/provider_options' }),
  bad('node-cluster', 'a node URI of another resource', { set: '/nodes/0', to: '/api/app/v1/container/1/' }),
  bad('node-cluster-create-request', 'missing name', { drop: '/name' }),
  bad('node-cluster-create-request', 'missing node_type', { drop: '/node_type' }),
  bad('node-cluster-create-request', 'missing region', { drop: '/region' }),
  bad('node-cluster-create-request', 'disk as a string', { set: '/disk', to: '60' }, undefined, 1),
  bad('node-cluster-create-request', 'a tag without name', { set: '/tags/0', to: {} }, '/tags/0/name', 1),
  bad('node-cluster-update-request', 'negative target', { set: '/target_num_nodes', to: -1 }, undefined, 1),
  bad('node-cluster-update-request', 'tags as a string', { set: '/tags', to: 'web' }, undefined, 1),
  bad('node', 'a container state', { set: '/state', to: 'Running' }),
  bad('node', 'fractional cpu', { set: '/cpu', to: 1.5 }),
  bad('node', 'free-text last_seen', { set: '/last_seen', to: 'yesterday' }),
  bad('node', 'missing vendor_version', { drop: '/vendor_version' }),
  bad('node', 'tunnel as a number', { set: '/tunnel', to: 5 }),
  bad('node', 'missing tunnel (S or null: present)', { drop: '/tunnel' }),
  bad('node-update-request', 'nickname as a number', { set: '/nickname', to: 3 }, undefined, 1),
  bad('registry', 'is_vendor_registry as a string', { set: '/is_vendor_registry', to: 'false' }),
  bad('registry', 'port as a string', { set: '/port', to: '443' }),
  bad('registry', 'missing host', { drop: '/host' }),
  bad('external-repository', 'password returned', { set: '/password', to: 'x' }, '/'),
  bad('external-repository', 'username returned', { set: '/username', to: 'alice' }, '/'),
  bad('external-repository', 'missing in_use', { drop: '/in_use' }),
  bad('external-repository', 'registry not a registry URI', { set: '/registry', to: 'quay.io' }),
  bad('external-repository-create-request', 'missing name', { drop: '/name' }),
  bad('external-repository-create-request', 'username as a number', { set: '/username', to: 5 }),
  bad('external-repository-update-request', 'password as a number', { set: '/password', to: 5 }),
  bad('stack', "the service spelling 'Not running'", { set: '/state', to: 'Not running' }),
  bad('stack', 'services holding names', { set: '/services/0', to: 'web' }),
  bad('stack', 'synchronized as a string', { set: '/synchronized', to: 'yes' }),
  bad('stack', 'missing nickname', { drop: '/nickname' }),
  bad('stack-create-request', 'missing name', { drop: '/name' }),
  bad('stack-create-request', 'a service without image', { drop: '/services/0/image' }, undefined, 1),
  bad('stack-create-request', 'a service with a bad autorestart', { set: '/services/0/autorestart', to: 'NEVER' }, undefined, 1),
  bad('stack-create-request', 'a binding with neither path nor volumes_from', { set: '/services/1/bindings/0', to: { host_path: '/x' } }, undefined, 1),
  bad('stack-update-request', 'a service updated to EVERY_NODE', { set: '/services/0/deployment_strategy', to: 'EVERY_NODE' }, undefined, 1),
  bad('stack-update-request', 'services not a list', { set: '/services', to: 'web' }, undefined, 1),
  bad('stack-definition', 'a list', { set: '', to: [] }),
  bad('service', 'unknown state', { set: '/state', to: 'Paused' }),
  bad('service', 'autorestart NEVER', { set: '/autorestart', to: 'NEVER' }),
  bad('service', 'autodestroy ON_FAILURE (an autorestart value)', { set: '/autodestroy', to: 'ON_FAILURE' }),
  bad('service', 'net none', { set: '/net', to: 'none' }),
  bad('service', 'pid private', { set: '/pid', to: 'private' }),
  bad('service', 'unknown deployment strategy', { set: '/deployment_strategy', to: 'ROUND_ROBIN' }),
  bad('service', 'port protocol sctp', { set: '/container_ports/0/protocol', to: 'sctp' }),
  bad('service', 'a role other than global', { set: '/roles/0', to: 'admin' }),
  bad('service', 'ISO 8601 started_datetime', { set: '/started_datetime', to: ISO }),
  bad('service', 'missing image_name', { drop: '/image_name' }),
  bad('service', 'missing stopped_datetime (DT or null: present)', { drop: '/stopped_datetime' }),
  bad('service', 'target_num_containers as a string', { set: '/target_num_containers', to: '1' }),
  bad('service', 'rewritable as a string', { set: '/bindings/0/rewritable', to: 'yes' }),
  bad('service', 'a link without to_service', { drop: '/linked_to_service/0/to_service' }),
  bad('service', 'a port without published', { drop: '/container_ports/0/published' }),
  bad('service-create-request', 'missing image', { drop: '/image' }),
  bad('service-create-request', 'autorestart in lower case', { set: '/autorestart', to: 'no' }, undefined, 1),
  bad('service-create-request', 'a port without protocol', { drop: '/container_ports/0/protocol' }, undefined, 1),
  bad('service-create-request', 'a port without inner_port', { drop: '/container_ports/0/inner_port' }, undefined, 1),
  bad('service-create-request', 'an envvar without value', { drop: '/container_envvars/0/value' }, undefined, 1),
  bad('service-create-request', 'a link without to_service', { drop: '/linked_to_service/0/to_service' }, undefined, 1),
  bad('service-create-request', 'a link to a name (stacks only)', { set: '/linked_to_service/0/to_service', to: 'db' }, undefined, 1),
  bad('service-create-request', 'a binding with neither path nor volumes_from', { set: '/bindings/0', to: { host_path: '/x' } }, undefined, 1),
  bad('service-create-request', 'net overlay', { set: '/net', to: 'overlay' }, undefined, 1),
  bad('service-create-request', 'target as a string', { set: '/target_num_containers', to: '2' }, undefined, 1),
  bad('service-update-request', 'deployment_strategy EVERY_NODE', { set: '/deployment_strategy', to: 'EVERY_NODE' }, undefined, 1),
  bad('service-update-request', 'cpu_shares as a string', { set: '/cpu_shares', to: '512' }, undefined, 1),
  bad('service-update-request', 'pid private', { set: '/pid', to: 'private' }, undefined, 1),
  bad('container', 'a service state', { set: '/state', to: 'Partly running' }),
  bad('container', 'exit_code as a string', { set: '/exit_code', to: '0' }),
  bad('container', 'a port without uri_protocol', { drop: '/container_ports/0/uri_protocol' }),
  bad(
    'container',
    "an endpoint key that is not '<port>/<protocol>'",
    { set: '/linked_to_container/0/endpoints', to: { http: 'x' } },
    '/linked_to_container/0/endpoints',
  ),
  bad('container', 'node not a node URI', { set: '/node', to: '/api/app/v1/service/1/' }),
  bad('container', 'missing private_ip', { drop: '/private_ip' }),
  bad('container', 'a binding without volume', { drop: '/bindings/0/volume' }),
  bad('container', 'RFC 3339 deployed_datetime', { set: '/deployed_datetime', to: '2014-10-13 11:01:43+00:00' }),
  bad('list-meta', 'absolute next', { set: '/next', to: 'https://cloud.example.test/api/app/v1/service/?offset=25' }),
  bad('list-meta', 'total_count as a string', { set: '/total_count', to: '3' }),
  bad('list-meta', 'missing limit', { drop: '/limit' }),
  bad('error-body', 'missing error', { drop: '/error' }),
  bad('error-body', 'error as an object', { set: '/error', to: { message: 'x' } }),
  bad('stream-event', 'unknown type', { set: '/type', to: 'volume' }),
  bad('stream-event', 'unknown action', { set: '/action', to: 'start' }),
  bad('stream-event', 'RFC 2822 datetime (events use ISO 8601)', { set: '/datetime', to: 'Mon, 01 Feb 2016 16:47:28 +0000' }),
  bad('stream-event', 'a resource event without resource_uri', { drop: '/resource_uri' }),
  bad('stream-event', 'an error frame without data', { drop: '/data' }, undefined, 2),
  bad('stream-log-line', 'timestamp as a string', { set: '/timestamp', to: 'now' }),
  bad('stream-log-line', 'missing streamType', { drop: '/streamType' }),
  bad('service-log-line', 'missing source', { drop: '/source' }),
  bad('service-log-line', 'type other than log', { set: '/type', to: 'error' }),
  bad('exec-message', 'streamType stdin', { set: '/streamType', to: 'stdin' }),
  bad('exec-message', 'missing output', { drop: '/output' }),
];
