/**
 * Probes of the parametrised fault families (reference/cloud/fault-families.ts): each passes
 * against a server with its fault and throws against a clean one.
 */
import { expect } from 'vitest';
import { spell } from '../../../harness/profile.ts';
import {
  ACTION_FIELD_WRONG,
  actionFieldWrong,
  COMBINED_FILTER_LISTS,
  CREATE_FIELDS,
  fieldIgnored,
  fieldMissing,
  FILTER_PARAMS,
  filterIgnored,
  filtersFirstOnly,
  MISSING_FIELD,
  OPERATIONS,
  opRefused,
  SERVICE_UPDATE_FIELDS,
  updateIgnored,
} from '../../../reference/cloud/fault-families.ts';
import type { CloudFaultName } from '../../../reference/cloud/faults.ts';
import { keysOf } from '../../../reference/faults.ts';
import { action, deployedCluster, NODE_TYPE, REGION, runningService, settledIn, type TestServer } from './helpers.ts';

type Probe = (t: TestServer) => Promise<void>;
type Json = Record<string, any>;

const PATHS: Record<string, string> = {
  provider: '/api/infra/v1/provider/',
  region: '/api/infra/v1/region/',
  az: '/api/infra/v1/az/',
  nodetype: '/api/infra/v1/nodetype/',
  nodecluster: '/api/infra/v1/nodecluster/',
  node: '/api/infra/v1/node/',
  registry: '/api/repo/v1/registry/',
  repository: '/api/repo/v1/repository/',
  stack: '/api/app/v1/stack/',
  service: '/api/app/v1/service/',
  container: '/api/app/v1/container/',
  action: '/api/audit/v1/action/',
};

/** A value no object has (dates: a bound that excludes every action). */
function matchingNothing(param: string): string {
  if (param.endsWith('__gte')) return 'Mon, 01 Jan 2103 00:00:00 +0000';
  if (param.endsWith('__lte')) return 'Mon, 01 Jan 1973 00:00:00 +0000';
  return param === 'is_vendor_registry' ? 'maybe' : '/api/app/v1/service/no-such-thing/';
}

/** Something in every list: a deployed node, a running service (a container), a stack, a repository. */
async function populate(t: TestServer): Promise<void> {
  await deployedCluster(t, 1);
  await runningService(t, { image: 'x' });
  await t.ok('POST', PATHS.stack!, { name: 'probe-stack' });
  await t.ok('POST', PATHS.repository!, { name: 'registry.example.com/probe/app', username: 'u', password: 'p' });
}

/** With the fault the filter that matches nothing still returns the list. */
const filterProbe =
  (list: string, param: string): Probe =>
  async (t) => {
    await populate(t);
    const query = new URLSearchParams({ [spell(param, 'cloud', 'docker')]: matchingNothing(param) });
    const answer = await t.ok('GET', `${PATHS[list]}?${query.toString()}`);
    expect(answer.objects.length).toBeGreaterThan(0);
  };

/** An object's value for a filter as a query spells it (a list's first member, a boolean as text), if it has one. */
const shown = (o: Json, field: string): string | undefined => {
  const v = Array.isArray(o[field]) ? o[field][0] : o[field];
  return typeof v === 'string' || typeof v === 'boolean' ? String(v) : undefined;
};

/**
 * With the fault, the first filter that alone lists an object, given with the next filter set to a value
 * no object has, still lists it: only the first filter given is applied.
 */
const firstOnlyProbe =
  (list: keyof typeof FILTER_PARAMS): Probe =>
  async (t) => {
    await populate(t);
    const params = FILTER_PARAMS[list].map((p) => spell(p, 'cloud', 'docker'));
    const [o] = (await t.ok('GET', PATHS[list]!)).objects as Json[];
    const listsAlone = async (p: string): Promise<boolean> => {
      const value = shown(o!, p);
      const answer = value === undefined ? undefined : await t.ok('GET', `${PATHS[list]}?${new URLSearchParams({ [p]: value })}`);
      return answer?.objects.some((x: Json) => x.resource_uri === o!.resource_uri) ?? false;
    };
    let first = 0;
    while (first < params.length - 1 && !(await listsAlone(params[first]!))) first++;
    const [p0, p1] = [params[first]!, params[first + 1]!];
    const query = new URLSearchParams({ [p0]: shown(o!, p0)!, [p1]: matchingNothing(p1) });
    const answer = await t.ok('GET', `${PATHS[list]}?${query}`);
    expect(answer.objects.map((x: Json) => x.resource_uri)).toContain(o!.resource_uri);
  };

/** A value other than the default for every optional field of the create and update bodies. */
const SERVICE_VALUES: Json = {
  image: 'x:1.2',
  name: 'probe-name',
  target_num_containers: 3,
  run_command: 'sleep 1',
  entrypoint: '/bin/sh',
  container_ports: [{ protocol: 'udp', inner_port: 53 }],
  container_envvars: [{ key: 'K', value: 'V' }],
  bindings: [{ container_path: '/data' }],
  autorestart: 'ALWAYS',
  autodestroy: 'ALWAYS',
  sequential_deployment: true,
  roles: ['global'],
  privileged: true,
  deployment_strategy: 'HIGH_AVAILABILITY',
  tags: [{ name: 't' }],
  autoredeploy: true,
  net: 'host',
  pid: 'host',
  working_dir: '/tmp',
  nickname: 'probe-nick',
  cpu_shares: 512,
  memory: 256,
};
const CLUSTER_VALUES: Json = { disk: 20, nickname: 'probe-nick', target_num_nodes: 3, tags: [{ name: 't' }], provider_options: { vpc: { id: 'vpc-1' } } };

/** Was the value sent kept? (a link or a binding is compared by count: its URIs are the server's own). */
function kept(object: Json, field: string, value: unknown): boolean {
  if (field === 'image') return object.image_name === value;
  if (field === 'linked_to_service' || field === 'bindings') return object[field]?.length === 1;
  if (field === 'container_ports') return object[field]?.length === 1 && object[field][0].protocol === 'udp';
  return JSON.stringify(object[field]) === JSON.stringify(value);
}

async function serviceValue(t: TestServer, field: string): Promise<unknown> {
  if (field !== 'linked_to_service') return SERVICE_VALUES[field];
  const other = await t.ok('POST', PATHS.service!, { image: 'y' });
  return [{ to_service: other.resource_uri, name: 'db' }];
}

const serviceCreateProbe =
  (field: string): Probe =>
  async (t) => {
    const value = await serviceValue(t, field);
    const created = await t.ok('POST', PATHS.service!, { image: 'x', [field]: value });
    expect(kept(created, field, value)).toBe(false);
  };

const serviceUpdateProbe =
  (field: string): Probe =>
  async (t) => {
    const value = field === 'image' ? 'x:1.3' : await serviceValue(t, field);
    const svc = await t.ok('POST', PATHS.service!, { image: 'x' });
    await t.ok('PATCH', svc.resource_uri, { [field]: value });
    expect(kept(await t.ok('GET', svc.resource_uri), field, value)).toBe(false);
  };

const clusterCreateProbe =
  (field: string): Probe =>
  async (t) => {
    const created = await t.ok('POST', PATHS.nodecluster!, { name: 'c', node_type: NODE_TYPE, region: REGION, [field]: CLUSTER_VALUES[field] });
    expect(kept(created, field, CLUSTER_VALUES[field])).toBe(false);
  };

const stackCreateProbe: Probe = async (t) => {
  const created = await t.ok('POST', PATHS.stack!, { name: 's', nickname: 'probe-nick' });
  expect(created.nickname).toBe('s');
};

/** With the fault the objects of the kind's list lack the field. */
const missingProbe =
  (kind: string, field: string): Probe =>
  async (t) => {
    await populate(t);
    const objects = (await t.ok('GET', PATHS[kind]!)).objects as Json[];
    expect(objects.length).toBeGreaterThan(0);
    expect(objects.some((o) => spell(field, 'cloud', 'docker') in o)).toBe(false);
  };

/** A resource of the kind in a state whose row allows the operation. */
async function allowingState(t: TestServer, kind: string, op: string): Promise<string> {
  if (kind === 'nodecluster') return (await t.ok('POST', PATHS.nodecluster!, { name: 'c', node_type: NODE_TYPE, region: REGION })).resource_uri;
  if (kind === 'node') {
    const node = (await deployedCluster(t, 1)).nodes[0] as string;
    if (op !== 'health-check') return node;
    await t.ok('POST', `${node.replace('/api/infra/v1/', '/_reference/v1/')}reachability/`, { reachable: false });
    return (await settledIn(t, node, 'Unreachable')).resource_uri;
  }
  const fresh = ['start', 'terminate'].includes(op) && kind !== 'container';
  if (kind === 'stack') {
    const stack = await t.ok('POST', PATHS.stack!, { name: 's', services: [{ image: 'x' }] });
    if (fresh) return stack.resource_uri;
    await deployedCluster(t, 1);
    await t.ok('POST', `${stack.resource_uri}start/`);
    return (await settledIn(t, stack.resource_uri, 'Running')).resource_uri;
  }
  if (kind === 'service' && fresh) return (await t.ok('POST', PATHS.service!, { image: 'x' })).resource_uri;
  await deployedCluster(t, 1);
  const svc = await runningService(t, { image: 'x' });
  if (kind === 'service') return svc.resource_uri;
  const container = svc.containers[0] as string;
  if (op !== 'start') return container;
  await t.ok('POST', `${container}stop/`);
  return (await settledIn(t, container, 'Stopped')).resource_uri;
}

/** With the fault an operation the state allows answers 409. */
const refusedProbe =
  (kind: string, op: string): Probe =>
  async (t) => {
    const uri = await allowingState(t, kind, op);
    const path = op === 'vendor-upgrade' ? spell('vendor-upgrade', 'cloud', 'docker') : op;
    const answer = op === 'terminate' ? await t.call('DELETE', uri) : await t.call('POST', `${uri}${path}/`);
    expect(answer.status).toBe(409);
  };

/** What a correct record of a user's successful service create says, field by field. */
const RECORDED: Record<keyof typeof ACTION_FIELD_WRONG, (a: Json) => boolean> = {
  method: (a) => a.method === 'POST',
  path: (a) => String(a.path).startsWith('/api/app/v1/service'),
  user: (a) => a.user !== 'someone-else',
  user_agent: (a) => a.user_agent !== 'unknown',
  is_user_action: (a) => a.is_user_action === true,
  ip: (a) => a.ip !== 'unknown',
  can_be_canceled: (a) => a.can_be_canceled === false,
  can_be_retried: (a) => a.can_be_retried === true,
};

/** With the fault, the action of a finished service create records that field wrongly. */
const actionFieldProbe =
  (field: keyof typeof ACTION_FIELD_WRONG): Probe =>
  async (t) => {
    const recorded = await action(t, await t.call('POST', PATHS.service!, { image: 'x' }));
    expect(RECORDED[field](recorded)).toBe(false);
  };

/** A probe per member: the keys come from the typed builders, so each names a member of its family. */
const probesOf = (pairs: ReadonlyArray<readonly [CloudFaultName, Probe]>): Partial<Record<CloudFaultName, Probe>> => Object.fromEntries(pairs);

export const FAMILY_PROBES: Partial<Record<CloudFaultName, Probe>> = {
  ...probesOf(keysOf(ACTION_FIELD_WRONG).map((f) => [actionFieldWrong(f), actionFieldProbe(f)])),
  ...probesOf(keysOf(FILTER_PARAMS).flatMap((list) => FILTER_PARAMS[list].map((p) => [filterIgnored(list, p), filterProbe(list, p)] as const))),
  ...probesOf(COMBINED_FILTER_LISTS.map((list) => [filtersFirstOnly(list), firstOnlyProbe(list)])),
  ...probesOf(CREATE_FIELDS.service.map((f) => [fieldIgnored('service', f), serviceCreateProbe(f)])),
  ...probesOf(CREATE_FIELDS.nodecluster.map((f) => [fieldIgnored('nodecluster', f), clusterCreateProbe(f)])),
  [fieldIgnored('stack', 'nickname')]: stackCreateProbe,
  ...probesOf(SERVICE_UPDATE_FIELDS.map((f) => [updateIgnored(f), serviceUpdateProbe(f)])),
  ...probesOf(keysOf(OPERATIONS).flatMap((kind) => OPERATIONS[kind].map((op) => [opRefused(kind, op), refusedProbe(kind, op)] as const))),
  ...probesOf(keysOf(MISSING_FIELD).map((kind) => [fieldMissing(kind), missingProbe(kind, MISSING_FIELD[kind])])),
};
