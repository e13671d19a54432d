/**
 * Stacks, services and containers for checks: paths, tagged nodes to run them on (services
 * carrying the tag run only there: a check's own, or those the checks of its file share), services
 * created and cleaned up, and the common waits.
 */
import { settledStates } from '../../../catalog/cloud/state-tables.ts';
import type { HttpResponse } from '../../../harness/target/http-transport.ts';
import { finishedActionOf, isSuccess } from './actions.ts';
import type { CloudContext } from './context.ts';
import { deployedCluster, NODES } from './infra.ts';
import { sameResource, type Json } from './lists.ts';
import type { RemovalOwner } from '../../../harness/check/file-shared.ts';
import type { CloudViews, Container, Node, NodeCluster, Service, Stack } from './views.generated.ts';
import { CREATES, OPERATION, operationRequirement } from './operation-requirements.ts';

export const STACKS = '/api/app/v1/stack/';
export const SERVICES = '/api/app/v1/service/';
export const CONTAINERS = '/api/app/v1/container/';

/** An image in engine format that any target can pull; the suite relies only on the shell built-ins. */
export const IMAGE = 'busybox:latest';
/** A public image with an ENTRYPOINT of its own (`git`, CMD `--help`), on Alpine: busybox's sleep, cat and sh are there. */
export const ENTRYPOINT_IMAGE = 'alpine/git:latest';
/**
 * A public image whose USER is not root (101, named nginx), on Alpine: busybox's sh, sleep and whoami are there, and its
 * ENTRYPOINT (/docker-entrypoint.sh) runs any command but nginx as given. "root by default" shows only on such an image.
 */
export const NON_ROOT_IMAGE = 'nginxinc/nginx-unprivileged:alpine';
/** A run_command that keeps its container running. */
export const LONG_RUNNING = 'sleep 86400';
/** A run_command of shell built-ins: it prints and exits with code 3 (the container ends Stopped). */
export const EXITS_3 = 'echo conformance-exit; exit 3';
/**
 * A run_command that keeps its container running and ignores SIGTERM: an engine's stop of it waits out its grace period before
 * killing it, so the stop's work lasts (what the async checks of stop judge the 202's timing by).
 */
export const IGNORES_TERM = "trap '' TERM; sleep 86400";

// Where a resource's background work has ended: the states its table does not mark transitional.
const SERVICE_SETTLED = settledStates('service');
const STACK_SETTLED = settledStates('stack');
const CONTAINER_SETTLED = settledStates('container');
const WAIT_MS = 60_000;

/** The views of the resources an application is made of, by schema name. */
export type AppView = 'stack' | 'service' | 'container';
export type AppResourceView = Stack | Service | Container;
/** A stack, service or container, or just its URI. */
export type AppRef = Pick<AppResourceView, 'resource_uri'>;
/** A service, or just its URI. */
export type ServiceRef = Pick<Service, 'resource_uri'>;

export interface AppNodes {
  cluster: NodeCluster;
  /** The tag of this check's nodes: a service with it deploys only there. */
  tag: string;
  nodes: Node[];
}

/**
 * Nodes of the check's own: a deployed cluster of `count` nodes tagged for this check only,
 * terminated afterwards. For checks that count, change or watch the nodes their services run on.
 */
export function ownNodes(ctx: CloudContext, count = 1): Promise<AppNodes> {
  return deployTagged(ctx, count);
}

/**
 * One node that the checks of this suite file share (file-shared.ts): for checks that only need
 * somewhere to run their services. They must not count, change or watch the node: others' services
 * run there too.
 */
export function sharedNodes(ctx: CloudContext): Promise<AppNodes> {
  return ctx.file.nodes.get(() => deployTagged(ctx, 1, ctx.file.nodes));
}

/**
 * Another deployed cluster of `count` nodes for this check, carrying the tag of `at`'s nodes: a service placed by that tag
 * may deploy on its nodes too.
 */
export function moreTaggedNodes(ctx: CloudContext, at: AppNodes, count = 1): Promise<AppNodes> {
  return deployTagged(ctx, count, undefined, at.tag);
}

async function deployTagged(ctx: CloudContext, count: number, owner?: RemovalOwner, tag = ctx.uniqueName('tag')): Promise<AppNodes> {
  const cluster = await deployedCluster(ctx, count, { tags: [{ name: tag }] }, undefined, owner);
  const uris = cluster.nodes ?? [];
  ctx.precondition(uris.length >= count, `the deployed cluster lists ${uris.length} node(s), not ${count}`, OPERATION.clusterDeploy);
  const nodes = await Promise.all(uris.map((n) => ctx.waitForState('node', n, ['Deployed'], WAIT_MS)));
  return { cluster, tag, nodes };
}

/**
 * The nodes a scale of the check's cluster (PATCH target_num_nodes) up by `count` adds, once it is Deployed with them
 * Deployed; its refusal, or a cluster that does not list the new nodes, blocks the check by the scale rule.
 */
export async function nodesAddedByScale(ctx: CloudContext, at: AppNodes, count = 1): Promise<Node[]> {
  const uri = at.cluster.resource_uri;
  const res = await ctx.api.patch(uri, { target_num_nodes: at.nodes.length + count });
  ctx.precondition(res.status < 300, `PATCH target_num_nodes answered ${res.status}`, OPERATION.clusterScale);
  if (res.headers[ctx.actionHeader]) await finishedActionOf(ctx, res, 'PATCH target_num_nodes');
  const cluster = await ctx.waitForState('node-cluster', uri, ['Deployed'], WAIT_MS);
  const added = (cluster.nodes ?? []).filter((n) => !at.nodes.some((known) => sameResource(known.resource_uri, n)));
  ctx.precondition(added.length === count, `the cluster scaled up by ${count} lists ${added.length} new node(s)`, OPERATION.clusterScale);
  return Promise.all(added.map((n) => ctx.waitForState('node', n, ['Deployed'], WAIT_MS)));
}

/** Gives one node an extra tag (PATCH replaces its tag list); returns the tag. */
export async function tagNode(ctx: CloudContext, at: AppNodes, node: Node): Promise<string> {
  const extra = ctx.uniqueName('only');
  const res = await ctx.api.patch(node.resource_uri, { tags: [{ name: at.tag }, { name: extra }] });
  ctx.precondition(res.status < 300, `PATCH tags of node ${node.resource_uri} answered ${res.status}`, OPERATION.nodeTags);
  await ctx.waitForState('node', node.resource_uri, ['Deployed'], WAIT_MS);
  return extra;
}

/**
 * The tags of a service meant for the one node `tagNode` gave `only`: that tag alone. Whether a node
 * must carry all of a service's tags or any one of them is not stated ("tags used to select nodes"):
 * a tag no other node carries selects that node under either reading.
 */
export const onlyOn = (only: string): Json => ({ tags: [{ name: only }] });

const TAGS_SELECT = 'cloud/deployment/tags-select-nodes';

/**
 * The one running container of a service created with `extra` and placed on `node` alone (by the extra tag `only` that
 * `tagNode` gave it); one that runs elsewhere blocks the check by the tags rule.
 */
export async function containerOnNode(ctx: CloudContext, at: AppNodes, node: Node, only: string, extra: Json = {}): Promise<Container> {
  const svc = await runningService(ctx, at, { ...extra, ...onlyOn(only) });
  const [c] = await waitForContainers(ctx, svc, 1);
  if (!sameResource(c!.node, node.resource_uri)) ctx.preconditionUnmet('the container of a service tagged for one node runs elsewhere', TAGS_SELECT);
  return ctx.getJson('container', c!.resource_uri, 'a Running container');
}

/** A service body for this check: unique name, the image, kept running, placed on `at`'s nodes. */
export function serviceBody(ctx: CloudContext, at: AppNodes | undefined, extra: Json = {}): Json {
  return {
    image: IMAGE,
    name: ctx
      .uniqueName('svc')
      .slice(-40)
      .replace(/^[^a-zA-Z0-9]+/, ''),
    run_command: LONG_RUNNING,
    ...(at ? { tags: [{ name: at.tag }] } : {}),
    ...extra,
  };
}

/** Terminates a resource once its own work has ended (a transitional state refuses terminate). */
export function terminateLater(ctx: CloudContext, uri: string, settled = SERVICE_SETTLED): void {
  ctx.defer(async () => {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const res = await ctx.api.get(uri);
      if (res.status !== 200) return;
      const state = String((JSON.parse(res.text()) as Json).state);
      if (state === 'Terminated') return;
      if (settled.includes(state)) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await ctx.api.delete(uri);
  });
}

/** The fields of a plain service create (serviceBody without extras): its refusal is the create rule's breach. */
const PLAIN_SERVICE_FIELDS: ReadonlySet<string> = new Set(['image', 'name', 'run_command', 'tags']);
const plainService = (body: unknown): boolean => typeof body === 'object' && body !== null && Object.keys(body).every((k) => PLAIN_SERVICE_FIELDS.has(k));
/** A stack of a name and plain service items. */
const plainStack = (body: Json): boolean =>
  Object.keys(body).every((k) => k === 'name' || k === 'services') &&
  (body.services === undefined || (Array.isArray(body.services) && body.services.every(plainService)));

/**
 * A refused create: a plain one blocks the check by the create rule, whose own check reports it;
 * a body that sets more is the check's subject, so its refusal fails the check.
 */
function expectCreated(ctx: CloudContext, res: HttpResponse, what: string, plain: boolean, requirement: string): void {
  if (isSuccess(res.status)) return;
  const said = `creating a ${what} answered ${res.status}: ${res.text().slice(0, 300)}`;
  if (plain) ctx.preconditionUnmet(said, requirement);
  ctx.fail(said, { expected: '2xx', actual: res.status });
}

/** POST of a service (terminated after the check); see expectCreated for a refusal. */
export async function createService(ctx: CloudContext, body: Json, path = SERVICES): Promise<Service> {
  return serviceCreatedBy(ctx, await ctx.api.post(path, body), body);
}

/** The service the create of `body` answered with (terminated after the check); see expectCreated for a refusal. */
export function serviceCreatedBy(ctx: CloudContext, res: HttpResponse, body: Json): Service {
  expectCreated(ctx, res, 'service', plainService(body), CREATES.service);
  const svc = ctx.expectJson<Service>(res, 'service create response');
  if (typeof svc.resource_uri === 'string') terminateLater(ctx, svc.resource_uri);
  return svc;
}

/** POST of a stack (terminated after the check); see expectCreated for a refusal. */
export async function createStack(ctx: CloudContext, body: Json): Promise<Stack> {
  return stackCreatedBy(ctx, await ctx.api.post(STACKS, body), body);
}

/** The stack the create of `body` answered with (terminated after the check); see expectCreated for a refusal. */
export function stackCreatedBy(ctx: CloudContext, res: HttpResponse, body: Json): Stack {
  expectCreated(ctx, res, 'stack', plainStack(body), CREATES.stack);
  const stack = ctx.expectJson<Stack>(res, 'stack create response');
  if (typeof stack.resource_uri === 'string') terminateLater(ctx, stack.resource_uri, STACK_SETTLED);
  return stack;
}

export type Verb = 'start' | 'stop' | 'redeploy' | 'scale' | 'terminate';

/** An operation on a stack, service or container: POST <uri><verb>/, or DELETE <uri> for terminate. */
export function operate(ctx: CloudContext, uri: string, verb: Verb, query?: Record<string, string>): Promise<HttpResponse> {
  return verb === 'terminate' ? ctx.api.delete(uri) : ctx.api.post(`${uri}${verb}/`, undefined, query);
}

/** The view a stack, service or container URI names. */
export function appViewOf(uri: string): AppView {
  return uri.includes('/stack/') ? 'stack' : uri.includes('/container/') ? 'container' : 'service';
}

const SETTLED: Record<AppView, string[]> = { stack: STACK_SETTLED, service: SERVICE_SETTLED, container: CONTAINER_SETTLED };

/** Runs an operation that must be accepted and waits for its action and the resource to settle; returns the resource then. */
export async function operateAndSettle<V extends AppRef>(ctx: CloudContext, resource: V, verb: Verb, query?: Record<string, string>): Promise<V> {
  return settleOperation(ctx, resource, verb, await operate(ctx, resource.resource_uri, verb, query));
}

/** The resource once the operation that answered `res` has ended (its refusal blocks the check). */
export async function settleOperation<V extends AppRef>(ctx: CloudContext, resource: V, verb: Verb, res: HttpResponse): Promise<V> {
  const uri = resource.resource_uri;
  ctx.precondition(isSuccess(res.status), `${verb} of ${uri} answered ${res.status}: ${res.text().slice(0, 200)}`, operationRequirement(uri, verb));
  if (res.headers[ctx.actionHeader]) await finishedActionOf(ctx, res, verb);
  return settledAgain(ctx, resource);
}

/** Waits until the stack, service or container `view` at `uri` is in a state where no work runs. */
export function settled<K extends AppView>(ctx: CloudContext, view: K, uri: string): Promise<CloudViews[K]> {
  return ctx.waitForState(view, uri, SETTLED[view], WAIT_MS);
}

/** The resource again once no work runs on it: the same view as the one given. */
export async function settledAgain<V extends AppRef>(ctx: CloudContext, resource: V): Promise<V> {
  const now: AppRef = await settled(ctx, appViewOf(resource.resource_uri), resource.resource_uri);
  // The same URI read again: the same view as the one given.
  return now as V;
}

/** A service created and started; resolves once it runs. */
export async function runningService(ctx: CloudContext, at: AppNodes, extra: Json = {}): Promise<Service> {
  return startedService(ctx, await createService(ctx, serviceBody(ctx, at, extra)));
}

/** A created service started; resolves once it runs. */
export async function startedService(ctx: CloudContext, svc: Service): Promise<Service> {
  const started = await operateAndSettle(ctx, svc, 'start');
  return started.state === 'Running' ? started : ctx.waitForState('service', svc.resource_uri, ['Running'], WAIT_MS);
}

/**
 * Scales a Running service to `count` containers (PATCH target_num_containers, then scale). The
 * state table does not list scale: a refusal leaves the scale half of a check unasked (observed),
 * and what the check verified before it stands. True when the scale was accepted.
 */
export async function scaledTo(ctx: CloudContext, svc: { resource_uri: string }, count: number): Promise<boolean> {
  const patch = await ctx.api.patch(svc.resource_uri, { target_num_containers: count });
  if (patch.status >= 300) {
    ctx.observe(`PATCH target_num_containers answered ${patch.status}: the scale half was not asked`);
    return false;
  }
  await settled(ctx, 'service', svc.resource_uri);
  const scale = await ctx.api.post(`${svc.resource_uri}scale/`);
  if (scale.status >= 300) ctx.observe(`scale of the Running service answered ${scale.status}: the scale half was not asked`);
  return scale.status < 300;
}

/** The service's containers (GET each URI it lists). */
export async function containersOf(ctx: CloudContext, svc: ServiceRef): Promise<Container[]> {
  const fresh = await ctx.getJson('service', svc.resource_uri);
  return Promise.all((fresh.containers ?? []).map((c) => ctx.getJson('container', c)));
}

export const live = (items: Container[]): Container[] => items.filter((c) => c.state !== 'Terminated' && c.state !== 'Terminating');

/** The live containers of a service once there are `count` of them in one of `states`. */
export async function waitForContainers(
  ctx: CloudContext,
  svc: ServiceRef,
  count: number,
  states: readonly string[] = ['Running'],
  timeoutMs = WAIT_MS,
  requirement?: string,
): Promise<Container[]> {
  const deadline = Date.now() + timeoutMs;
  let found: Container[] = [];
  while (Date.now() < deadline) {
    found = live(await containersOf(ctx, svc));
    if (found.length === count && found.every((c) => states.includes(c.state))) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  return ctx.fail(`service ${svc.resource_uri} did not get ${count} container(s) in ${states.join('/')}`, {
    expected: { count, states },
    actual: found.map((c) => c.state),
    requirement,
  });
}

/** The first live container of a running service. */
export async function firstContainer(ctx: CloudContext, svc: ServiceRef): Promise<Container> {
  const [c] = live(await containersOf(ctx, svc));
  return c ?? ctx.preconditionUnmet(`the running service ${svc.resource_uri} has no container`, operationRequirement(svc.resource_uri, 'start'));
}

/** A live container of a running service on the file's shared node: what most container checks start from. */
export async function runningAppContainer(ctx: CloudContext): Promise<Container> {
  return firstContainer(ctx, await runningService(ctx, await sharedNodes(ctx)));
}

/** The node URI a container runs on, matched to one of the check's nodes. */
export function nodeOf(at: AppNodes, container: Container): Node | undefined {
  return at.nodes.find((n) => sameResource(n.resource_uri, container.node));
}

/** Every node of the check, refreshed. */
export async function refreshNodes(ctx: CloudContext, at: AppNodes): Promise<Node[]> {
  const cluster = await ctx.getJson('node-cluster', at.cluster.resource_uri, 'cluster');
  return Promise.all((cluster.nodes ?? []).map((n) => ctx.getJson('node', n)));
}

export { NODES };

/** Names of a tag list ([{name}] or, leniently, strings). */
export const tagNames = (tags: unknown): string[] => (Array.isArray(tags) ? tags.map((t) => String((t as Json)?.name ?? t)).sort() : []);

/** Services named `name` in the list (none must exist after a refused create). */
export async function servicesNamed(ctx: CloudContext, name: string): Promise<Service[]> {
  const res = await ctx.api.get(SERVICES, { name });
  ctx.expectStatus(res, 200, `GET ${SERVICES}?name=`);
  return ctx.listObjects(res, 'service list', 'service').filter((s) => s.name === name && s.state !== 'Terminated');
}
