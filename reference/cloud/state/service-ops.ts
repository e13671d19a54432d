/**
 * The background work of service operations. Not shown, chosen here:
 * start: Starting → containers created (or started again) → Running; redeploy: Redeploying →
 * every container redeployed in place → Running; stop: Stopping → Stopped; scale: Scaling →
 * containers added or removed (newest first) → settled (a service at rest only records the new
 * target); terminate: Terminating → Terminated with all its containers. A start with no node to
 * place containers on fails (the action ends Failed, the service settles back).
 */
import type { Job } from '../actions/call.ts';
import type { World } from '../world.ts';
import { beginStop, bootContainers, finishStop, markRunning, redeployInPlace, stopDuration, terminateContainersNow } from './container-ops.ts';
import type { Container, Node, Service } from './model.ts';
import { scaledUnlinked } from './links.ts';
import { setState } from './notify.ts';
import { candidateNodes, placeContainers, placeOnEveryNode, redeployNode } from './placement.ts';
import { liveContainers } from './queries.ts';
import { appliedTarget, settleService } from './service.ts';
import { deploysInSequence } from './service-fields.ts';

const isEveryNode = (svc: Service): boolean => svc.config.deployment_strategy === 'EVERY_NODE';

/** Brings the number of live containers to the target: new ones placed, extra ones (newest) terminated. */
function reconcileCount(world: World, svc: Service, scaling = false): Container[] {
  appliedTarget.delete(svc.config);
  if (isEveryNode(svc)) return placeOnEveryNode(world, svc);
  const live = liveContainers(world, svc);
  // Under `blind33-scale-counts-running-only` a scale counts the Running containers only: a Stopped one is not counted.
  const counted = scaling && world.faults.has('blind33-scale-counts-running-only') ? live.filter((c) => c.state === 'Running') : live;
  const missing = svc.config.target_num_containers - counted.length;
  if (missing < 0 && !world.faults.has('blind-service-scale-down-ignored')) terminateContainersNow(world, live.slice(missing));
  // Under `blind12-scale-emptiest-among-service-nodes` a scale looks for the emptiest node among those the service already runs on.
  const serviceNodes = new Set(live.map((c) => c.nodeUuid));
  const among = scaling && world.faults.has('blind12-scale-emptiest-among-service-nodes') ? (n: Node) => serviceNodes.has(n.uuid) : undefined;
  // Under `scale-ignores-tags` a scale places the containers it adds on any deployed node of the namespace.
  return placeContainers(world, svc, missing, among, scaling && world.faults.has('scale-ignores-tags'));
}

function markStarted(world: World, svc: Service): void {
  const now = world.clock.now();
  // The fault service-start-date-first-only keeps the date of the first start.
  svc.started_datetime = world.faults.has('service-start-date-first-only') ? (svc.started_datetime ?? now) : now;
  svc.deployed_datetime ??= now;
}

export async function startService(world: World, svc: Service, job: Job): Promise<void> {
  setState(world, svc, 'Starting');
  const restarted = liveContainers(world, svc).filter((c) => c.state === 'Stopped');
  for (const c of restarted) setState(world, c, 'Starting');
  const added = reconcileCount(world, svc);
  job.log(`Starting ${restarted.length + added.length} container(s) of ${svc.config.name}`);
  await bootContainers(world, [...restarted, ...added], deploysInSequence(svc.config), job);
  markStarted(world, svc);
  settleService(world, svc);
}

export async function stopService(world: World, svc: Service, job: Job): Promise<void> {
  setState(world, svc, 'Stopping');
  const running = liveContainers(world, svc).filter((c) => c.state === 'Running' || c.state === 'Starting');
  beginStop(world, running);
  await job.wait(stopDuration(world, running));
  finishStop(world, running);
  svc.stopped_datetime = world.clock.now();
  job.log(`Stopped ${running.length} container(s) of ${svc.config.name}`);
  settleService(world, svc);
}

export async function redeployService(world: World, svc: Service, reuseVolumes: boolean, job: Job): Promise<void> {
  setState(world, svc, 'Redeploying');
  if (world.faults.has('redeploy-noop')) {
    await job.wait('redeploy');
    return settleService(world, svc);
  }
  // Under `blind24-redeploy-skips-stopped-containers` only the containers that run are redeployed: a Stopped one is left as it was.
  const skipsStopped = world.faults.has('blind24-redeploy-skips-stopped-containers');
  const live = liveContainers(world, svc).filter((c) => !skipsStopped || c.state !== 'Stopped');
  const firstOnly = world.faults.has('redeploy-config-first-container-only');
  for (const [i, c] of live.entries()) {
    redeployNode(world, svc, c);
    redeployInPlace(world, svc, c, reuseVolumes, firstOnly && i > 0);
  }
  const added = reconcileCount(world, svc);
  job.log(`Redeploying ${live.length + added.length} container(s) of ${svc.config.name}`);
  await job.wait('redeploy');
  await bootContainers(world, [...live.filter((c) => c.state === 'Starting'), ...added], deploysInSequence(svc.config), job);
  svc.deployed_datetime = world.clock.now();
  markStarted(world, svc);
  settleService(world, svc);
}

/**
 * Scale to the current target. Under `patch-scales-scale-noop` a PATCH scales at once (`byPatch`) and the scale
 * endpoint's own work does nothing: its action ends Success.
 */
export async function scaleService(world: World, svc: Service, job: Job, byPatch = false): Promise<void> {
  if (!byPatch && world.faults.has('patch-scales-scale-noop')) return job.wait('scale');
  appliedTarget.delete(svc.config);
  if (svc.state === 'Not running' || svc.state === 'Stopped') {
    await job.wait('update');
    job.log(`Target of ${svc.config.name} is ${svc.config.target_num_containers}; applied on the next start`);
    return;
  }
  setState(world, svc, 'Scaling');
  const strategy = svc.config.deployment_strategy;
  const first = liveContainers(world, svc)[0];
  if (strategy === 'HIGH_AVAILABILITY' && world.faults.has('high-availability-scale-emptiest')) svc.config.deployment_strategy = 'EMPTIEST_NODE';
  const added = reconcileCount(world, svc, true);
  svc.config.deployment_strategy = strategy;
  if (world.faults.has('sequential-scale-unlinked')) for (const c of added) scaledUnlinked.add(c);
  // Under `blind9-scaled-container-envvars-dropped` a container added by scale is built without the service's variables.
  if (world.faults.has('blind9-scaled-container-envvars-dropped')) for (const c of added) c.config.container_envvars = [];
  // Under `scaled-container-labels-empty` a container added by scale is built without the service's labels.
  if (world.faults.has('scaled-container-labels-empty')) for (const c of added) c.config.labels = {};
  // Under `blind10-scaled-container-cloned-from-first` an added container is a copy of the first one (its settings as last deployed).
  if (first && world.faults.has('blind10-scaled-container-cloned-from-first')) for (const c of added) c.config = structuredClone(first.config);
  job.log(`Scaling ${svc.config.name} to ${svc.config.target_num_containers}`);
  await job.wait('scale');
  await bootContainers(world, added, deploysInSequence(svc.config), job);
  settleService(world, svc);
}

export async function terminateService(world: World, svc: Service, job: Job): Promise<void> {
  setState(world, svc, 'Terminating');
  // Under `blind16-service-terminate-skips-every-second` the containers are removed from the list being walked: every second one is skipped.
  const skips = world.faults.has('blind16-service-terminate-skips-every-second');
  const live = liveContainers(world, svc).filter((_, i) => !skips || i % 2 === 0);
  for (const c of live) {
    c.stopProgram?.();
    setState(world, c, 'Terminating');
  }
  await job.wait('terminate');
  terminateContainersNow(world, live);
  svc.destroyed_datetime = world.clock.now();
  setState(world, svc, 'Terminated');
  svc.logs.end();
  job.log(`Service ${svc.config.name} terminated`);
  settleService(world, svc);
}

/** The service row alone written Terminated, its containers left as they are (the fault stack-terminate-containers-kept). */
export async function markServiceTerminated(world: World, svc: Service, job: Job): Promise<void> {
  setState(world, svc, 'Terminating');
  await job.wait('terminate');
  svc.destroyed_datetime = world.clock.now();
  setState(world, svc, 'Terminated');
  job.log(`Service ${svc.config.name} terminated`);
}

/** Undoes a canceled or failed operation: containers it created go away, others not yet up stop. */
export function revertServiceOp(world: World, svc: Service): void {
  const neverStarted = liveContainers(world, svc).filter((c) => c.state === 'Starting' && c.started_datetime === null);
  terminateContainersNow(world, neverStarted);
  for (const c of liveContainers(world, svc)) {
    if (c.state === 'Starting' || c.state === 'Terminating') {
      c.stopped_datetime = world.clock.now();
      setState(world, c, 'Stopped');
    }
    if (c.state === 'Stopping') setState(world, c, 'Running');
  }
  settleService(world, svc);
}

/** New nodes get a container of every running EVERY_NODE service whose tags they carry. */
export function placeEveryNodeOn(world: World, nodes: readonly Node[]): void {
  if (world.faults.has('every-node-skips-new-nodes')) return;
  const running = [...world.store.services.values()].filter((s) => isEveryNode(s) && (s.state === 'Running' || s.state === 'Partly running'));
  for (const svc of running) {
    const fits = candidateNodes(world, svc).filter((n) => nodes.includes(n));
    const placed = placeOnEveryNode(world, svc, fits);
    if (!placed.length) continue;
    world.clock.after(world.clock.ms('startContainer'), () => {
      for (const c of placed) markRunning(world, c);
      settleService(world, svc);
    });
    settleService(world, svc);
  }
}
