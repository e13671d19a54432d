/**
 * What happens to containers: creation on a node, booting (with the log lines their program
 * writes), stopping, terminating, in-place redeploy, and the exit of a finite run_command with
 * its autorestart/autodestroy consequences.
 */
import type { Job } from '../actions/call.ts';
import type { DurationName } from '../clock.ts';
import { unixSeconds } from '../dates.ts';
import { newUuid, nextPrivateIp } from '../ids.ts';
import { resourceUri } from '../uris.ts';
import type { World } from '../world.ts';
import { containerHostname, shellEnvFor, volumeUri } from './container.ts';
import { LogBook } from './logbook.ts';
import type { Container, ContainerBinding, ContainerLogLine, Node, Service, ServiceConfig } from './model.ts';
import { announce, setState } from './notify.ts';
import { liveContainers } from './queries.ts';
import { refreshService } from './service.ts';
import { volumeFilesOf } from './store.ts';
import { ignoresTerm, isFiniteProgram, runLine } from './shell.ts';
import { runCommandOf } from './images.ts';
import { deploysInSequence } from './service-fields.ts';

const nextDynamicPort = new Map<string, number>();

function allocatePort(node: Node): number {
  const port = nextDynamicPort.get(node.uuid) ?? 32768;
  nextDynamicPort.set(node.uuid, port + 1);
  return port;
}

/** The outer port of a port published without one: allocated (none under outer-port-not-allocated, the inner port under outer-port-default-inner). */
function defaultOuterPort(world: World, node: Node, inner: number): number | null {
  if (world.faults.has('outer-port-not-allocated')) return null;
  return world.faults.has('outer-port-default-inner') ? inner : allocatePort(node);
}

/**
 * Under `service-delete-keeps-volume` volumes are keyed by service name and container path, as named volumes are: a
 * service created with the name of a deleted one mounts the volume the deleted one had there, with its data.
 */
function deletedServiceVolume(world: World, svc: Service, path: string | null): string | undefined {
  const deleted = [...world.store.services.values()].filter(
    (s) => s !== svc && s.state === 'Terminated' && s.config.name === svc.config.name && s.scope.namespace === svc.scope.namespace,
  );
  const bindings = deleted.flatMap((s) => s.containers.flatMap((uuid) => world.store.containers.get(uuid)?.bindings ?? []));
  return bindings.find((p) => p.container_path === path && p.volume)?.volume ?? undefined;
}

/**
 * The volume a volumes_from binding mounts: the source container's own. Under `volumes-from-ignored` a new empty volume
 * of the service at its path instead; under `volumes-from-copied-at-deploy` a new one holding a copy of its data as it
 * was at the deploy (what is written later on either side is not seen on the other).
 */
function volumeFromSource(world: World, svc: Service, volume: string | null): string | null {
  if (!volume || !(world.faults.has('volumes-from-ignored') || world.faults.has('volumes-from-copied-at-deploy'))) return volume;
  const own = volumeUri(newUuid(), svc);
  if (world.faults.has('volumes-from-copied-at-deploy')) world.store.volumeFiles.set(own, new Map(volumeFilesOf(world.store, volume)));
  return own;
}

function bindingsFor(world: World, svc: Service, previous: readonly ContainerBinding[], reuseVolumes: boolean): ContainerBinding[] {
  const reuse = reuseVolumes && !world.faults.has('reuse-volumes-ignored');
  return svc.bindings.flatMap((b): ContainerBinding[] => {
    if (b.volumesFrom) {
      const source = world.store.services.get(b.volumesFrom);
      const first = source ? liveContainers(world, source)[0] : undefined;
      return first ? first.bindings.map((x) => ({ ...x, volume: volumeFromSource(world, svc, x.volume), rewritable: b.rewritable })) : [];
    }
    if (b.host_path) return [{ volume: null, host_path: b.host_path, container_path: b.container_path, rewritable: b.rewritable }];
    const kept = reuse ? previous.find((p) => p.container_path === b.container_path && p.volume)?.volume : undefined;
    const named = world.faults.has('service-delete-keeps-volume') ? deletedServiceVolume(world, svc, b.container_path) : undefined;
    if (named) return [{ volume: named, host_path: null, container_path: b.container_path, rewritable: b.rewritable }];
    // Under `redeploy-volume-data-dropped` the volume is kept (the same one shown) but recreated empty: its data is lost.
    if (kept && world.faults.has('redeploy-volume-data-dropped')) world.store.volumeFiles.delete(kept);
    if (world.faults.has('blind9-binding-volume-shared-by-containers')) {
      // The volume is keyed by service and path: every container of the service mounts the first one's.
      const sibling = liveContainers(world, svc)
        .flatMap((c) => c.bindings)
        .find((p) => p.container_path === b.container_path && p.volume);
      if (sibling) return [{ volume: sibling.volume, host_path: null, container_path: b.container_path, rewritable: b.rewritable }];
    }
    return [{ volume: kept ?? newVolume(world, svc, b.container_path), host_path: null, container_path: b.container_path, rewritable: b.rewritable }];
  });
}

/**
 * A new volume of the service at `path`. Under `container-delete-keeps-data` a terminated container's volume
 * stays on the node: the new URI is mounted on its data (the same files).
 */
function newVolume(world: World, svc: Service, path: string | null): string {
  const uri = volumeUri(newUuid(), svc);
  if (!world.faults.has('container-delete-keeps-data')) return uri;
  const old = svc.containers
    .map((uuid) => world.store.containers.get(uuid))
    .filter((c) => c?.state === 'Terminated')
    .flatMap((c) => c!.bindings)
    .find((p) => p.container_path === path && p.volume && world.store.volumeFiles.has(p.volume));
  if (old) world.store.volumeFiles.set(uri, world.store.volumeFiles.get(old.volume!)!);
  return uri;
}

/**
 * The next overlay address. Under `blind14-private-ip-count-reused-after-terminate` it is derived from the
 * number of live containers: after a terminate the next container gets an address a live one holds.
 */
function privateIpOf(world: World): string {
  if (!world.faults.has('blind14-private-ip-count-reused-after-terminate')) return nextPrivateIp();
  const live = [...world.store.containers.values()].filter((c) => c.state !== 'Terminated').length;
  return `10.7.0.${live + 2}`;
}

/** A new container of the service on the node, Starting. */
export function createContainer(world: World, svc: Service, node: Node): Container {
  const uuid = newUuid();
  const now = world.clock.now();
  const c: Container = {
    kind: 'container',
    uuid,
    resource_uri: resourceUri('container', [uuid], svc.scope),
    scope: svc.scope,
    serviceUuid: svc.uuid,
    nodeUuid: node.uuid,
    // Under `containers-named-as-service` (a variation the spec allows) every container takes its service's name as it is.
    name: world.faults.has('containers-named-as-service') ? svc.config.name : `${svc.config.name}-${svc.nextNumber++}`,
    config: { ...structuredClone(svc.config), sequential_deployment: deploysInSequence(svc.config) },
    revision: svc.revision,
    state: 'Starting',
    exit_code: null,
    exit_code_msg: null,
    // Under `blind12-private-ip-per-service-pool` each service allocates from its own pool: services' containers share addresses.
    private_ip: world.faults.has('blind12-private-ip-per-service-pool') ? `10.7.0.${svc.containers.length + 2}` : privateIpOf(world),
    outerPorts: svc.config.container_ports.map((p) => (p.published ? (p.outer_port ?? defaultOuterPort(world, node, p.inner_port)) : null)),
    bindings: [],
    deployed_datetime: now,
    started_datetime: null,
    stopped_datetime: null,
    destroyed_datetime: null,
    logs: new LogBook<ContainerLogLine>(),
    restarts: 0,
  };
  c.bindings = bindingsFor(world, svc, [], false);
  world.store.containers.set(uuid, c);
  svc.containers.push(uuid);
  announce(world, c, 'create');
  return c;
}

/** Redeploy in place: the service's current definition (unless a fault keeps the old one), volumes kept when reuse_volumes. */
export function redeployInPlace(world: World, svc: Service, c: Container, reuseVolumes: boolean, keepConfig = false): void {
  c.stopProgram?.();
  if (!keepConfig && !world.faults.has('redeploy-keeps-old-config')) {
    // Under `blind22-redeploy-keeps-container-env` the old container's environment is carried over onto the new definition.
    const oldEnv: ServiceConfig['container_envvars'] = c.config.container_envvars;
    c.config = structuredClone(svc.config);
    if (world.faults.has('blind22-redeploy-keeps-container-env')) c.config.container_envvars = oldEnv;
    if (world.faults.has('blind4-vendor-auth-lost-on-redeploy')) c.config.roles = [];
    // Under `blind13-privileged-lost-on-redeploy` the redeployed container's definition leaves the flag at its zero value.
    if (world.faults.has('blind13-privileged-lost-on-redeploy')) c.config.privileged = false;
    c.revision = svc.revision;
  }
  c.bindings = bindingsFor(world, svc, c.bindings, reuseVolumes);
  c.deployed_datetime = world.clock.now();
  c.exit_code = null;
  c.exit_code_msg = null;
  setState(world, c, 'Starting');
}

export function appendLog(world: World, c: Container, written: 'stdout' | 'stderr', text: string): void {
  const streamType = world.faults.has('logs-stderr-as-stdout') ? 'stdout' : written;
  const timestamp = unixSeconds(world.clock.now());
  const service = world.store.services.get(c.serviceUuid);
  const aggregated = !world.faults.has('service-logs-first-container-only') || service?.containers[0] === c.uuid;
  for (const line of text.split('\n').filter((l) => l.length > 0)) {
    const log = world.faults.has('logs-frame-header-kept') ? `${frameHeader(streamType, line)}${line}` : line;
    c.logs.append({ type: 'log', log, streamType, timestamp });
    const source = service && world.faults.has('blind-service-log-source-service') ? service.config.name : serviceLogSource(world, service, c);
    if (aggregated) service?.logs.append({ type: 'log', source, log, streamType, timestamp });
  }
}

/** The engine's frame header of a line (stream 1 or 2, three zero bytes, the length big-endian), as characters. */
function frameHeader(streamType: 'stdout' | 'stderr', line: string): string {
  const size = Buffer.byteLength(line);
  return String.fromCharCode(streamType === 'stdout' ? 1 : 2, 0, 0, 0, size >>> 24, (size >>> 16) & 255, (size >>> 8) & 255, size & 255);
}

/** The source of a container's line in its service's log: the container's name (a fault names the service's next container). */
function serviceLogSource(world: World, service: Service | undefined, c: Container): string {
  // Under `blind24-service-log-source-engine-name` the source is the engine's container name, with its leading slash.
  if (world.faults.has('blind24-service-log-source-engine-name')) return `/${c.name}`;
  if (!service || !world.faults.has('service-logs-source-next-container')) return c.name;
  const next = service.containers[(service.containers.indexOf(c.uuid) + 1) % service.containers.length];
  return world.store.containers.get(next ?? '')?.name ?? c.name;
}

/** Starting → Running: the program writes its first lines; a finite run_command exits later. */
export function markRunning(world: World, c: Container): void {
  if (c.state !== 'Starting') return;
  if (world.faults.has('blind2-container-started-date-first')) c.started_datetime ??= world.clock.now();
  else c.started_datetime = world.clock.now();
  setState(world, c, 'Running');
  const cfg = c.config;
  const command = runCommandOf(world, cfg);
  if (!isFiniteProgram(command)) {
    appendLog(world, c, 'stdout', `Starting ${cfg.image_name} on ${containerHostname(c)}`);
    if (command) appendLog(world, c, 'stdout', `Running: ${command}`);
    appendLog(world, c, 'stdout', 'Ready');
    return;
  }
  // Under `blind29-user-program-runs-as-root` the user is not passed at the container's create (only to an exec): its own program runs as root.
  const env = shellEnvFor(world, c);
  const result = runLine(command ?? '', world.faults.has('blind29-user-program-runs-as-root') ? { ...env, user: 'root' } : env);
  for (const out of result.output) appendLog(world, c, out.stream, out.text);
  c.stopProgram = world.clock.after(world.clock.ms('containerRun'), () => programExited(world, c, result.exitCode));
}

function programExited(world: World, c: Container, code: number): void {
  if (c.state !== 'Running') return;
  c.stopProgram = undefined;
  if (!world.faults.has('exit-code-missing')) {
    c.exit_code = code;
    c.exit_code_msg = `Exit code ${code}`;
  }
  c.stopped_datetime = world.clock.now();
  setState(world, c, 'Stopped');
  const { autorestart, autodestroy } = c.config;
  const restarts = !world.faults.has('autorestart-ignored') && (autorestart === 'ALWAYS' || (autorestart === 'ON_FAILURE' && code !== 0));
  if (restarts) {
    c.restarts += 1;
    const backoff = world.clock.ms('startContainer') * 2 ** Math.min(c.restarts - 1, 6);
    c.stopProgram = world.clock.after(backoff, () => {
      setState(world, c, 'Starting');
      c.stopProgram = world.clock.after(world.clock.ms('startContainer'), () => {
        markRunning(world, c);
        refreshService(world, c.serviceUuid);
      });
      refreshService(world, c.serviceUuid);
    });
  } else if (autodestroy === 'ALWAYS' || (autodestroy === 'ON_SUCCESS' && code === 0)) {
    terminateContainersNow(world, [c]);
  }
  refreshService(world, c.serviceUuid);
}

/** Boots Starting containers: one after the other when sequential, else together. */
export async function bootContainers(world: World, containers: readonly Container[], sequential: boolean, job: Job): Promise<void> {
  // Under `sequential-boots-all-at-once` a sequential deployment boots its containers together (its links are still written in sequence).
  const together = !sequential || world.faults.has('sequential-boots-all-at-once');
  if (together) await job.wait('startContainer');
  // Under `blind21-sequential-boot-newest-first` the containers are taken off the end of the list (popped): newest first.
  const order = sequential && world.faults.has('blind21-sequential-boot-newest-first') ? [...containers].reverse() : containers;
  for (const c of order) {
    if (!together) await job.wait('startContainer');
    markRunning(world, c);
    job.log(`Container ${c.name} started`);
  }
}

/** Whether the container's program ignores SIGTERM: its stop waits out the grace period, then kills it. */
const ignoresTermOf = (world: World, c: Container): boolean => ignoresTerm(runCommandOf(world, c.config));

/** How long a stop of these containers takes: the grace period when a program among them ignores SIGTERM. */
export const stopDuration = (world: World, containers: readonly Container[]): DurationName =>
  containers.some((c) => ignoresTermOf(world, c)) ? 'stopGrace' : 'stopContainer';

export function beginStop(world: World, containers: readonly Container[]): void {
  for (const c of containers) {
    c.stopProgram?.();
    setState(world, c, 'Stopping');
  }
}

export function finishStop(world: World, containers: readonly Container[]): void {
  for (const c of containers) {
    if (c.state !== 'Stopping') continue;
    // A program that ignored SIGTERM was killed (SIGKILL: 128 + 9).
    const code = ignoresTermOf(world, c) ? 137 : 0;
    c.exit_code = code;
    c.exit_code_msg = `Exit code ${code}`;
    c.stopped_datetime = world.clock.now();
    setState(world, c, 'Stopped');
    appendLog(world, c, 'stdout', 'Stopped');
  }
}

export function terminateContainersNow(world: World, containers: readonly Container[]): void {
  for (const c of containers) {
    if (c.state === 'Terminated') continue;
    c.stopProgram?.();
    c.destroyed_datetime = world.clock.now();
    setState(world, c, 'Terminated');
    c.logs.end();
    refreshService(world, c.serviceUuid);
  }
}

/** Running containers restart (vendor-upgrade of their node). */
/** @param stoppedToo `blind8-upgrade-starts-stopped-containers`: a Stopped container is restarted too. */
export async function restartContainers(world: World, containers: readonly Container[], job: Job, stoppedToo = false): Promise<void> {
  const running = containers.filter((c) => c.state === 'Running' || (stoppedToo && c.state === 'Stopped'));
  // Restarting nothing takes no time: an upgraded node's action ends with its Upgrading state.
  if (running.length === 0) return;
  for (const c of running) {
    c.stopProgram?.();
    setState(world, c, 'Starting');
  }
  await bootContainers(world, running, false, job);
  for (const c of running) refreshService(world, c.serviceUuid);
}
