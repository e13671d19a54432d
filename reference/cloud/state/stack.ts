/**
 * Stacks: the state table, create (services that refer to each other by name), update, the
 * operations over their services, and the settled state. Not shown, chosen here: create →
 * Not Running; a settled stack is Running when all its live services run, Partly running when
 * some do, Not Running when none ever ran, Stopped otherwise. The table never names stop: it is
 * accepted in Running and Partly running (where something runs).
 */
import type { Job } from '../actions/call.ts';
import { fieldIgnored } from '../fault-families.ts';
import type { CloudFaultName } from '../faults.ts';
import { badRequest } from '../http/errors.ts';
import { newUuid } from '../ids.ts';
import { resourceUri, type UriScope } from '../uris.ts';
import type { CloudUser } from '../users.ts';
import type { World } from '../world.ts';
import type { Service, Stack, StackState } from './model.ts';
import { announce, setState } from './notify.ts';
import { readServiceCreate, readServiceUpdate, type ServiceSpec } from './service-fields.ts';
import { markServiceTerminated, redeployService, revertServiceOp, startService, stopService, terminateService } from './service-ops.ts';
import {
  applyServiceUpdate,
  buildService,
  resolveBindings,
  resolveLinks,
  serviceAllows,
  storeService,
  uriResolver,
  type ServiceOp,
  type ServiceResolver,
} from './service.ts';
import { clearStackOutOfSync, stackFlaggedOutOfSync } from './stack-sync-flag.ts';
import { pick } from './store.ts';
import type { StateTable } from './states.ts';
import { optList, optString, reqString, type Fields } from './validate.ts';

export type StackOp = 'start' | 'redeploy' | 'terminate';

export const STACK_OPS: StateTable<StackState, StackOp> = {
  'Not Running': ['start', 'terminate'],
  Starting: [],
  Running: ['redeploy', 'terminate'],
  'Partly running': ['redeploy', 'terminate'],
  Stopping: [],
  Stopped: ['start', 'redeploy', 'terminate'],
  Redeploying: [],
  Terminating: [],
  Terminated: [],
};

/** States where stop (not named by the table) is accepted. */
export const STACK_STOPPABLE: readonly StackState[] = ['Running', 'Partly running'];
/** States where PATCH is accepted. */
export const STACK_STABLE: readonly StackState[] = ['Not Running', 'Running', 'Partly running', 'Stopped'];

export const stackServices = (world: World, stack: Stack): Service[] => pick(world.store.services, stack.services);
const liveServices = (world: World, stack: Stack): Service[] => stackServices(world, stack).filter((s) => s.state !== 'Terminated');

/** Names of the stack's services first, then service URIs of the namespace. */
function stackResolver(world: World, namespace: string, byName: ReadonlyMap<string, Service>): ServiceResolver {
  const byUri = uriResolver(world, namespace);
  return (ref) => byName.get(ref)?.uuid ?? byUri(ref);
}

/** Builds services from specs, resolving references among them and to `existing`. */
function buildStackServices(world: World, stack: Stack, specs: readonly ServiceSpec[], owner: CloudUser, existing: readonly Service[]): Service[] {
  const built = specs.map((spec) => buildService(stack.scope, spec, owner, stack.uuid));
  const byName = new Map([...existing, ...built].map((s) => [s.config.name, s]));
  if (byName.size !== existing.length + built.length) throw badRequest('service names in a stack must be unique');
  const resolve = stackResolver(world, stack.scope.namespace, byName);
  const nameOf = (uuid: string): string =>
    [...byName.values()].find((s) => s.uuid === uuid)?.config.name ?? world.store.services.get(uuid)?.config.name ?? uuid;
  const dropped = (ref: string | undefined, fault: CloudFaultName): boolean => ref !== undefined && byName.has(ref) && world.faults.has(fault);
  built.forEach((svc, i) => {
    const spec = specs[i] as ServiceSpec;
    svc.links = resolveLinks(
      spec.links.filter((l) => !dropped(l.ref, 'stack-link-by-name-dropped')),
      resolve,
      nameOf,
    );
    svc.bindings = resolveBindings(
      spec.bindings.filter((b) => !dropped(b.volumesFromRef ?? undefined, 'stack-volumes-from-by-name-dropped')),
      resolve,
    );
  });
  return built;
}

export function createStack(world: World, scope: UriScope, body: Fields, owner: CloudUser): Stack {
  const name = world.faults.has('create-missing-name-accepted') ? (optString(body, 'name') ?? '') : reqString(body, 'name');
  const items = world.faults.has('stack-services-ignored') ? [] : (optList(body, 'services') ?? []);
  const uuid = (world.faults.has('stack-client-uuid-kept') ? optString(body, 'uuid') : undefined) ?? newUuid();
  const stack: Stack = {
    kind: 'stack',
    uuid,
    resource_uri: resourceUri('stack', [uuid], scope),
    scope,
    name,
    nickname: (world.faults.has(fieldIgnored('stack', 'nickname')) ? undefined : optString(body, 'nickname')) ?? name,
    state: 'Not Running',
    services: [],
    deployed_datetime: null,
    destroyed_datetime: null,
  };
  if (world.faults.has('blind2-stack-refused-create-kept')) world.store.stacks.set(uuid, stack);
  const specs = items.map((s) => readServiceCreate(world, s));
  // Under `blind33-stack-service-sequential-default-true` the items take the stack file's default: sequential_deployment true.
  if (world.faults.has('blind33-stack-service-sequential-default-true'))
    specs.forEach((spec, i) => {
      if (items[i]?.sequential_deployment === undefined) spec.config.sequential_deployment = true;
    });
  const services = buildStackServices(world, stack, specs, owner, []);
  world.store.stacks.set(uuid, stack);
  announce(world, stack, 'create');
  for (const svc of services) {
    stack.services.push(svc.uuid);
    storeService(world, svc);
  }
  return stack;
}

/** PATCH: items naming a service of the stack update it; other items add a service. */
export function updateStack(world: World, stack: Stack, body: Fields, owner: CloudUser): void {
  const items = optList(body, 'services') ?? [];
  const current = liveServices(world, stack);
  const byName = new Map(current.map((s) => [s.config.name, s]));
  const resolve = stackResolver(world, stack.scope.namespace, byName);
  const updates = items.filter((i) => typeof i.name === 'string' && byName.has(i.name));
  const additions = items.filter((i) => !updates.includes(i)).map((i) => readServiceCreate(world, i));
  const parsedUpdates = updates.map((i) => ({ svc: byName.get(i.name as string) as Service, update: readServiceUpdate(world, i) }));
  const added = buildStackServices(world, stack, additions, owner, current);
  if (!world.faults.has('stack-update-ignored')) for (const { svc, update } of parsedUpdates) applyServiceUpdate(world, svc, update, resolve);
  for (const svc of added) {
    stack.services.push(svc.uuid);
    storeService(world, svc);
  }
  if (world.faults.has('stack-update-drops-unlisted')) {
    const named = new Set(updates.map((u) => byName.get(u.name as string)!.uuid));
    stack.services = stack.services.filter((uuid) => named.has(uuid) || added.some((a) => a.uuid === uuid));
  }
  announce(world, stack, 'update');
}

export function settleStack(world: World, stack: Stack): void {
  if (stack.state === 'Terminated') return;
  const live = liveServices(world, stack);
  const running = live.filter((s) => s.state === 'Running').length;
  const partly = live.some((s) => s.state === 'Partly running');
  const never = live.every((s) => s.state === 'Not running');
  const next: StackState =
    live.length > 0 && running === live.length
      ? 'Running'
      : running > 0 || partly
        ? 'Partly running'
        : never && !stack.deployed_datetime
          ? 'Not Running'
          : 'Stopped';
  setState(world, stack, next);
}

export function refreshStack(world: World, uuid: string): void {
  const stack = world.store.stacks.get(uuid);
  if (stack && STACK_STABLE.includes(stack.state)) settleStack(world, stack);
}

/** Runs one service operation on every service that allows it; fails if any of them fails. */
async function overServices(world: World, stack: Stack, op: ServiceOp, run: (svc: Service) => Promise<void>): Promise<void> {
  const targets = liveServices(world, stack).filter((s) => serviceAllows(world, s, op));
  const results = await Promise.allSettled(targets.map(run));
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) throw failure.reason;
}

/** The fault stack-start-one-container-each: a start that deploys one container, the target shown unchanged. */
async function startOneContainer(world: World, svc: Service, job: Job): Promise<void> {
  const target = svc.config.target_num_containers;
  svc.config.target_num_containers = Math.min(target, 1);
  await startService(world, svc, job).finally(() => {
    svc.config.target_num_containers = target;
  });
}

export async function startStack(world: World, stack: Stack, job: Job): Promise<void> {
  setState(world, stack, 'Starting');
  // Under `blind10-stack-start-skips-added-service` the start of a stack deployed before resumes what its stop stopped: a Not running service is left.
  const resumed = stack.deployed_datetime !== null && world.faults.has('blind10-stack-start-skips-added-service');
  const skipped = (s: Service): boolean => resumed && s.state === 'Not running';
  const start = world.faults.has('stack-start-one-container-each') ? startOneContainer : startService;
  await overServices(world, stack, 'start', (s) => (skipped(s) ? Promise.resolve() : start(world, s, job)));
  // Under `blind23-stack-deployed-date-redeploy-only` only the redeploy writes the date: a start leaves it as it was (null before one).
  if (!world.faults.has('blind23-stack-deployed-date-redeploy-only')) stack.deployed_datetime ??= world.clock.now();
  settleStack(world, stack);
}

export async function stopStack(world: World, stack: Stack, job: Job): Promise<void> {
  setState(world, stack, 'Stopping');
  const last = stack.services.at(-1);
  // Under `blind29-stack-stop-running-services-only` a service is stopped only when its state is Running: a Partly running one is left as it is.
  const notRunning = (s: Service): boolean => s.state !== 'Running' && world.faults.has('blind29-stack-stop-running-services-only');
  const skipped = (s: Service): boolean => (s.uuid === last && world.faults.has('blind-stack-stop-skips-last')) || notRunning(s);
  const stopping = overServices(world, stack, 'stop', (s) => (skipped(s) ? Promise.resolve() : stopService(world, s, job)));
  // Under `blind8-stack-stop-services-not-awaited` the stack settles (and its action ends) while its services still stop.
  if (world.faults.has('blind8-stack-stop-services-not-awaited')) void stopping.then(() => settleStack(world, stack)).catch(() => {});
  else await stopping;
  settleStack(world, stack);
}

export async function redeployStack(world: World, stack: Stack, reuseVolumes: boolean, job: Job): Promise<void> {
  setState(world, stack, 'Redeploying');
  await overServices(world, stack, 'redeploy', (s) => redeployService(world, s, reuseVolumes, job));
  clearStackOutOfSync(stack);
  if (world.faults.has('blind2-stack-redeploy-date-kept')) stack.deployed_datetime ??= world.clock.now();
  else stack.deployed_datetime = world.clock.now();
  settleStack(world, stack);
}

export async function terminateStack(world: World, stack: Stack, job: Job): Promise<void> {
  setState(world, stack, 'Terminating');
  // Under `blind31-stack-terminate-skips-undeployed` only the services that were deployed are torn down: a Not running one is left.
  const undeployed = (s: Service): boolean => s.state === 'Not running' && world.faults.has('blind31-stack-terminate-skips-undeployed');
  const skipped = (s: Service): boolean => (s.state === 'Stopped' && world.faults.has('blind2-stack-terminate-skips-stopped')) || undeployed(s);
  // Under `stack-terminate-containers-kept` each service is only marked Terminated: its containers run (or stand Stopped) on.
  const relabel = world.faults.has('stack-terminate-containers-kept');
  await overServices(world, stack, 'terminate', (s) =>
    skipped(s) ? Promise.resolve() : relabel ? markServiceTerminated(world, s, job) : terminateService(world, s, job),
  );
  // Under `blind9-stack-empty-terminate-no-destroyed-date` the date is written when a service's terminate completes: a stack without services gets none.
  if (stack.services.length > 0 || !world.faults.has('blind9-stack-empty-terminate-no-destroyed-date')) stack.destroyed_datetime = world.clock.now();
  setState(world, stack, 'Terminated');
}

export function revertStackOp(world: World, stack: Stack): void {
  for (const svc of liveServices(world, stack)) if (!['Not running', 'Running', 'Partly running', 'Stopped'].includes(svc.state)) revertServiceOp(world, svc);
  settleStack(world, stack);
}

export function stackJson(world: World, stack: Stack): Record<string, unknown> {
  const services = stackServices(world, stack);
  return {
    uuid: stack.uuid,
    resource_uri: world.faults.has('stack-uri-by-name') ? stack.resource_uri.replace(stack.uuid, stack.name) : stack.resource_uri,
    name: stack.name,
    nickname: stack.nickname,
    state: stack.state,
    synchronized:
      !world.faults.has('stack-never-synchronized') &&
      !stackFlaggedOutOfSync(stack) &&
      // Under `blind22-stack-synchronized-first-service` only the stack's first service is looked at.
      (world.faults.has('blind22-stack-synchronized-first-service') ? services.slice(0, 1) : services).every((s) =>
        pick(world.store.containers, s.containers).every((c) => c.state === 'Terminated' || c.revision === s.revision),
      ),
    services: services.length === 0 && world.faults.has('stack-services-null-when-empty') ? null : services.map((s) => s.resource_uri),
    deployed_datetime: world.date(stack.deployed_datetime),
    destroyed_datetime: world.date(stack.destroyed_datetime),
  };
}
