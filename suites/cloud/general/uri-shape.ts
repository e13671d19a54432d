/**
 * Spec: "Resource URI shape: /api/<subsystem>/<version>/[<namespace>/]<resource>/... Subsystems:
 * audit, infra, app, repo; version v1", and the Endpoints tables, which put each resource under
 * one subsystem (nodes under infra, containers under app, registries under repo...). Every
 * resource_uri and every URI-typed field of every kind of object is held to it, each field to the
 * kind of resource it names (a container's node is a node URI).
 */
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { CATALOG, createCluster } from '../support/infra.ts';
import { containersOf, createService, createStack, runningService, serviceBody, sharedNodes } from '../support/app.ts';
import { type Json, sameResource } from '../support/lists.ts';
import { isSuccess } from '../../../harness/target/http-transport.ts';
import { REGISTRIES } from '../repos/registries.ts';
import { newRepositoryName, REPOSITORIES } from '../repos/repositories.ts';

const R = {
  shape: 'cloud/uri/shape',
  resolves: 'cloud/uri/resource-uri-resolves',
  oneSpelling: 'cloud/uri/one-spelling',
};

/** The resources of each subsystem, as the Endpoints tables place them. */
const KINDS: Record<string, readonly string[]> = {
  audit: ['action'],
  infra: ['provider', 'region', 'az', 'nodetype', 'nodecluster', 'node'],
  app: ['stack', 'service', 'container'],
  repo: ['registry', 'repository'],
};
/** Referenced but not described ("not shown"): the subsystem of a volume is not given. */
const UNDESCRIBED = ['volume'];

/** The kind of resource each URI-typed field names (`object`: any; `volume`: an undescribed one). */
const FIELD_KIND: Record<string, string | undefined> = {
  object: undefined,
  provider: 'provider',
  region: 'region',
  regions: 'region',
  availability_zone: 'az',
  availability_zones: 'az',
  node_type: 'nodetype',
  node_types: 'nodetype',
  node_cluster: 'nodecluster',
  node: 'node',
  nodes: 'node',
  stack: 'stack',
  service: 'service',
  services: 'service',
  from_service: 'service',
  to_service: 'service',
  volumes_from: 'service',
  containers: 'container',
  from_container: 'container',
  to_container: 'container',
  registry: 'registry',
  volume: 'volume',
};
/** Sub-objects that hold URI fields of their own (links, bindings). */
const NESTED = ['linked_to_service', 'linked_from_service', 'bindings', 'linked_to_container'];

/**
 * The resource a URI names, read as the shape says: subsystem, v1, an optional namespace, the
 * resource of that subsystem and its id (a collection path names no resource).
 */
function kindOf(uri: string): string | undefined {
  const m = /^\/api\/(audit|infra|app|repo)\/v1\/(.+)$/.exec(uri);
  if (!m) return undefined;
  const known = [...KINDS[m[1]!]!, ...UNDESCRIBED];
  const segments = m[2]!.split('/');
  const at = known.includes(segments[0]!) ? 0 : 1;
  return known.includes(segments[at] ?? '') && segments[at + 1] ? segments[at] : undefined;
}

interface UriValue {
  where: string;
  uri: unknown;
  /** The kind the field names, or undefined for any. */
  kind: string | undefined;
}

/** Every URI value of an object (the resource_uri as `kind`), its link and binding sub-objects included. */
function urisOf(o: Json, kind: string | undefined, where: string): UriValue[] {
  const own: UriValue[] = 'resource_uri' in o ? [{ where: `${where}.resource_uri`, uri: o.resource_uri, kind }] : [];
  for (const [field, value] of Object.entries(o)) {
    if (field in FIELD_KIND) {
      const values = Array.isArray(value) ? value : [value];
      for (const v of values) if (v !== null) own.push({ where: `${where}.${field}`, uri: v, kind: FIELD_KIND[field] });
    }
    if (NESTED.includes(field) && Array.isArray(value))
      value.forEach((sub, i) => sub && typeof sub === 'object' && own.push(...urisOf(sub as Json, undefined, `${where}.${field}[${i}]`)));
  }
  return own;
}

/** Why a URI value breaks the shape, or undefined. */
function breach(value: UriValue): string | undefined {
  if (typeof value.uri !== 'string') return `${value.where} is ${JSON.stringify(value.uri)}, not a URI`;
  const kind = kindOf(value.uri);
  if (!kind) return `${value.where} = ${value.uri}: not /api/<subsystem>/v1/[<namespace>/]<resource>/... with the resource in its subsystem`;
  if (value.kind && kind !== value.kind) return `${value.where} = ${value.uri} names a ${kind}, not a ${value.kind}`;
  return undefined;
}

/** An external repository of the check, or none where the target refuses the made-up one (observed). */
async function repository(ctx: CloudContext): Promise<Json[]> {
  const name = newRepositoryName(ctx);
  const res = await ctx.api.post(REPOSITORIES, { name, username: 'conformance', password: 'conformance' });
  if (res.status >= 300) {
    ctx.observe(`adding the repository ${name} answered ${res.status}: no repository URI to judge`);
    return [];
  }
  ctx.defer(async () => void (await ctx.api.delete(`${REPOSITORIES}${name}/`)));
  return [res.json<Json>()];
}

type Tagged = Array<[Json, string]>;
const tagged = (kind: string, objects: readonly Json[]): Tagged => objects.map((o) => [o, kind]);

/** Objects made without running anything, with their kinds: a cluster, a service, the catalog, the actions, the registries and a repository. */
async function created(ctx: CloudContext): Promise<Tagged> {
  const cluster = await createCluster(ctx);
  const service = await createService(ctx, serviceBody(ctx, undefined));
  const lists = async (path: string, kind: string, query?: Record<string, string>): Promise<Tagged> =>
    tagged(kind, ctx.listObjects(await ctx.api.get(path, query), `GET ${path}`).slice(0, 10));
  // The actions of the objects made here: what another check's refused create names as its object is not shown.
  const actionsOf = (o: Json): Promise<Tagged> => lists('/api/audit/v1/action/', 'action', { object: String(o.resource_uri) });
  const listed = await Promise.all([
    ...Object.entries(CATALOG).map(([kind, path]) => lists(path, kind)),
    actionsOf(cluster),
    actionsOf(service),
    lists(REGISTRIES, 'registry'),
  ]);
  return [...tagged('nodecluster', [cluster]), ...tagged('service', [service]), ...tagged('repository', await repository(ctx)), ...listed.flat()];
}

/** A stack whose service links to `server` (its links carry URIs), and that service. */
async function stacked(ctx: CloudContext, server: Json): Promise<Tagged> {
  const linking = serviceBody(ctx, undefined, { linked_to_service: [{ to_service: server.resource_uri, name: 'conformance-db' }] });
  const stack = await createStack(ctx, { name: ctx.uniqueName('stack'), services: [linking] });
  const inStack = await ctx.getJson('service', String((stack.services as string[] | undefined)?.[0] ?? stack.resource_uri), 'the stack service');
  return [...tagged('stack', [stack]), ...tagged('service', [inStack, await ctx.getJson('service', String(server.resource_uri), 'the linked service')])];
}

/** Objects that exist once work has run: the deployed nodes and their cluster, a running service with a volume linked to another, its containers. */
async function deployed(ctx: CloudContext): Promise<Tagged> {
  const at = await sharedNodes(ctx);
  // A binding with a container path and no host path is a volume of the container's: its volume field is a URI to judge.
  const server = await runningService(ctx, at, { bindings: [{ container_path: '/conformance-data' }] });
  const client = await runningService(ctx, at, { linked_to_service: [{ to_service: server.resource_uri, name: 'conformance-db' }] });
  const containers = [...(await containersOf(ctx, server)), ...(await containersOf(ctx, client))];
  return [...tagged('nodecluster', [at.cluster]), ...tagged('node', at.nodes), ...tagged('service', [client]), ...tagged('container', containers)];
}

/** Records every URI of the objects that breaks the shape; returns how many were judged. */
function judgeShapes(ctx: CloudContext, objects: Tagged, what: string): number {
  const values = objects.flatMap(([o, kind], i) => urisOf(o, kind, `${kind} #${i}`));
  const bad = values.map(breach).filter((b): b is string => b !== undefined);
  ctx.expect(bad.length === 0, `${bad.length} of ${values.length} URIs of ${what} break the documented shape: ${bad.slice(0, 3).join('; ')}`, {
    expected:
      '/api/<subsystem>/v1/[<namespace>/]<resource>/... (audit: action; infra: provider ... node; app: stack, service, container; repo: registry, repository)',
    actual: bad.slice(0, 10),
    requirement: R.shape,
  });
  return values.length;
}

/** A resource_uri whose last segment is a uuid, that uuid cut to its first 8 characters (the short ids clients print); else undefined. */
function shortened(uri: string): string | undefined {
  const m = /^(.*\/)([0-9a-f]{8})-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/$/i.exec(uri);
  return m ? `${m[1]}${m[2]}/` : undefined;
}

/** The resource_uri of a JSON object body; undefined for any other body. */
function resourceUriIn(body: string): unknown {
  try {
    return (JSON.parse(body) as Json | null)?.resource_uri;
  } catch {
    return undefined;
  }
}

/**
 * One object of each kind is read back at its resource_uri: the same object, the same spelling.
 * What a path whose uuid is cut short answers is not stated (the spec defines `(uuid)` paths only; a
 * target may resolve a unique prefix, as the engine does with ids): observed, never a breach.
 */
async function readBack(ctx: CloudContext, objects: Tagged): Promise<void> {
  const prefixes: string[] = [];
  for (const [o, kind] of objects.filter(([, kind], i) => objects.findIndex(([, k]) => k === kind) === i)) {
    const uri = String(o.resource_uri);
    const res = await ctx.api.get(uri);
    ctx.expectStatus(res, 200, `GET ${uri}`, R.resolves);
    ctx.expectEqual(res.json<Json>().resource_uri, o.resource_uri, 'the object at a resource_uri names another resource_uri', R.oneSpelling);
    const short = shortened(uri);
    if (!short) continue;
    const prefix = await ctx.api.get(short);
    const found = isSuccess(prefix.status) && sameResource(resourceUriIn(prefix.text()), uri);
    prefixes.push(`${kind} ${found ? 'returned the object' : `answered ${prefix.status}`}`);
  }
  if (prefixes.length) ctx.observe(`GET of a resource_uri with its uuid cut to 8 characters: ${prefixes.join('; ')}`);
}

export default [
  cloudCheck({
    id: R.shape,
    title:
      'Every resource_uri and URI field of every kind of object has the shape /api/<subsystem>/v1/[<namespace>/]<resource>/..., ' +
      'the resource in its subsystem and of the kind the field names; a GET of it returns the object',
    requirements: [R.shape, R.resolves, R.oneSpelling],
    async run(ctx) {
      // Each group is judged as soon as it is there: a URI that breaks the shape may break the calls that follow.
      const made = await created(ctx);
      let judged = judgeShapes(ctx, made, 'objects just created and the lists');
      const stack = await stacked(ctx, made.find(([, kind]) => kind === 'service')![0]);
      judged += judgeShapes(ctx, stack, 'a stack and its linked services');
      await readBack(ctx, [...made, ...stack]);
      const running = await deployed(ctx);
      judged += judgeShapes(ctx, running, 'deployed nodes and running services and containers');
      await readBack(ctx, running);
      const kinds = new Set([...made, ...stack, ...running].map(([, k]) => k)).size;
      ctx.observe(`${judged} URIs judged, of ${made.length + stack.length + running.length} objects of ${kinds} kinds`);
    },
  }),
];
