/** DELETE /containers/(id): running containers need force; `v` removes its anonymous volumes. */
import { HttpError } from '../http/router.ts';
import { killContainer, stopContainer, volumeEvent } from './lifecycle.ts';
import type { Container } from './container.ts';
import type { Engine } from './engine.ts';
import { keepRemoved } from './graveyard.ts';

/** @param opts.byName the request named the container by its name (not its id). */
export async function removeContainer(engine: Engine, c: Container, opts: { force: boolean; volumes: boolean; byName?: boolean }): Promise<void> {
  // Under `blind8-delete-v-before-running-check` the volumes go first, whatever the state check then decides.
  if (opts.volumes && engine.faults.has('blind8-delete-v-before-running-check')) removeAnonymousVolumes(engine, c);
  if (c.isRunning && !opts.force && !engine.faults.has('delete-running-without-force')) {
    throw new HttpError(409, `Conflict, You cannot remove a running container ${c.id}. Stop the container before attempting removal or use -f`);
  }
  if (engine.faults.has('delete-keeps-container')) return;
  engine.cancel(c.restartTimer);
  c.removed = true;
  const forced = c.isRunning;
  // Under `delete-force-stops` the forced path stops the container (its stop signal first, SIGKILL after the default timeout).
  if (forced && engine.faults.has('delete-force-stops')) await stopContainer(engine, c, undefined);
  else if (forced) await killContainer(engine, c, 'SIGKILL', (message) => new HttpError(500, message));
  // Under `blind22-delete-force-kills-only` the forced path returns once the kill is done: the container is not removed.
  if (forced && engine.faults.has('blind22-delete-force-kills-only')) {
    c.removed = false;
    return;
  }
  for (const id of c.execIds) keepRemoved(engine.execs, engine.execs.get(id), id);
  if (!engine.faults.has('exec-outlives-container')) engine.execs.removeFor(c);
  // Under `blind16-delete-by-name-keeps-listed` the store entry is dropped by the path's key: a name matches no id, so the container stays.
  if (!(opts.byName && engine.faults.has('blind16-delete-by-name-keeps-listed'))) engine.containers.delete(c);
  keepRemoved(engine.containers, c, c.id, c.name.replace(/^\//, ''));
  if (opts.volumes) removeAnonymousVolumes(engine, c);
  if (!(forced && engine.faults.has('blind5-destroy-event-missing-forced'))) engine.containerEvent(c, 'destroy');
}

/** Volumes created for Config.Volumes (named by id) that no other container uses. */
function removeAnonymousVolumes(engine: Engine, c: Container): void {
  for (const mount of c.mounts) {
    if (!/^[0-9a-f]{64}$/.test(mount.Name)) continue;
    const inUse = engine.containers.all().some((other) => other !== c && other.mounts.some((m) => m.Name === mount.Name));
    if (inUse || !engine.volumes.delete(mount.Name)) continue;
    volumeEvent(engine, undefined, mount.Name, 'destroy');
  }
}

/**
 * `DELETE /containers/<parent>/<alias>?link=1` removes the link from the parent. A container's own
 * name is no link: asked to remove it, the daemon refuses the parameter (400), as Docker refuses
 * "the default name of the container"; the container exists, so never 404. Returns the names of
 * the containers the removed links named.
 */
export function removeLink(engine: Engine, path: string): string[] {
  const slash = path.lastIndexOf('/');
  if (slash <= 0 && engine.containers.resolve(path))
    throw new HttpError(400, `Conflict, cannot remove the default link name of the container: ${path} is a container's own name, not a link`);
  const parent = slash > 0 ? engine.containers.resolve(path.slice(0, slash)) : undefined;
  const alias = path.slice(slash + 1);
  const links = (parent?.hostConfig.Links as string[] | null) ?? [];
  const kept = links.filter((link) => link.split(':')[1]?.replace(/^.*\//, '') !== alias);
  if (!parent || kept.length === links.length) throw new HttpError(404, `Could not find link ${path}`);
  parent.hostConfig.Links = kept;
  return links.filter((link) => !kept.includes(link)).map((link) => link.split(':')[0]!.replace(/^\//, ''));
}
