/**
 * A container's anonymous volume (Config.Volumes) and whether it outlives the container's DELETE,
 * for the checks of `v` (Endpoints > Containers > 20. DELETE /containers/(id or name)).
 *
 * In 1.22 the volumes endpoints show it: GET /volumes/(name) of the volume inspect's Mounts names.
 * 1.18 has no volumes endpoint: the container's data shows whether the volume is gone. The
 * container writes a token to its volume; a second container binds the host directory that 1.18
 * inspect's Volumes map gives for the volume (Binds `host-src:container-dest`) and keeps running,
 * so that no bind is made after the delete (Docker would make a missing host directory anew). Its
 * exec reads the token before the delete (the spec does not say what the map's values are: a path
 * that does not show the token leaves the check unverified) and after it: a removed volume's data
 * is gone, a kept one's still there.
 */
import { randomBytes } from 'node:crypto';
import type { RequirementRef } from '../../../harness/check/signals.ts';
import type { EngineContext } from './context.ts';
import { createExec, startAttached } from './exec.ts';
import { exitedContainer } from './lifecycle.ts';
import { eventually } from './poll.ts';
import { demux } from './streams.ts';

/** Where the container's volume is (Config.Volumes) and where the observer binds its host directory. */
const VOLUME_AT = '/data';
const BOUND_AT = '/conformance-volume-dir';

export interface ContainerVolume {
  /** The container whose volume it is: exited, or running when asked for. */
  id: string;
  /**
   * Expects the volume removed (`removed`) or kept after the container's DELETE: `rule` says by
   * what, `requirement` names what it verifies when the check carries several.
   */
  expectRemoved(removed: boolean, rule: string, requirement?: RequirementRef): Promise<void>;
}

/**
 * A container with one anonymous volume, holding a token, and how to see whether the volume outlives
 * the container: exited, or (`running`) still running once it has written the token.
 */
export async function containerWithVolume(ctx: EngineContext, running = false): Promise<ContainerVolume> {
  const token = randomBytes(8).toString('hex');
  const write = `echo ${token} > ${VOLUME_AT}/token`;
  const spec = { extra: { Volumes: { [VOLUME_AT]: {} } } };
  const { id } = await ctx.setUp(async () => {
    if (running) return ctx.runningContainer(['sh', '-c', `${write} && exec sleep 300`], spec);
    const container = await exitedContainer(ctx, ['sh', '-c', write], spec);
    if (container.exitCode !== 0) ctx.fail(`writing a file to the container's volume ${VOLUME_AT} exited ${container.exitCode}`);
    return container;
  }, 'engine/containers/create/body-volumes');
  return ctx.version === '1.22' ? byVolumesEndpoint(ctx, id) : byHostDirectory(ctx, id, token);
}

async function byVolumesEndpoint(ctx: EngineContext, id: string): Promise<ContainerVolume> {
  const mounts = ((await ctx.inspect(id)).Mounts ?? []) as Array<{ Name?: string; Destination?: string }>;
  const volume = mounts.find((m) => m.Destination === VOLUME_AT)?.Name;
  if (!volume) return ctx.preconditionUnmet(`inspect Mounts shows no named volume for Config.Volumes ${VOLUME_AT}: ${JSON.stringify(mounts)}`);
  ctx.defer(async () => {
    await ctx.api.delete(`/volumes/${volume}`);
  });
  return {
    id,
    async expectRemoved(removed, rule, requirement) {
      const res = await ctx.api.get(`/volumes/${volume}`);
      ctx.expectStatus(res, removed ? 404 : 200, `${rule}: GET /volumes/(name) of the container's volume ${volume}`, requirement);
    },
  };
}

async function byHostDirectory(ctx: EngineContext, id: string, token: string): Promise<ContainerVolume> {
  const schema = 'engine/containers/inspect/200-response-schema';
  const volumes = await ctx.setUp(async () => (await ctx.inspect(id)).Volumes, schema);
  if (typeof volumes !== 'object' || volumes === null) ctx.blockedBy(schema, `1.18 inspect has no Volumes map (${JSON.stringify(volumes)})`);
  const dir = (volumes as Record<string, unknown>)[VOLUME_AT];
  if (typeof dir !== 'string' || !dir.startsWith('/'))
    ctx.unverified(`inspect Volumes gives no absolute host directory for the volume at ${VOLUME_AT} (${JSON.stringify(dir)}) to bind and read it through`);
  keptVolumeRemoved(ctx, dir);
  const observer = await ctx.setUp(
    () => ctx.runningContainer(['sleep', '300'], { hostConfig: { Binds: [`${dir}:${BOUND_AT}:ro`] } }),
    'engine/containers/create/host-config-binds',
  );
  const read = (): Promise<string> => ctx.setUp(() => readToken(ctx, observer.id), 'engine/exec/create/201-response-schema');
  // A running container may not have written its token yet when the observer first reads.
  const before = await eventually(read, (text) => text === token, 3000, 100);
  if (before !== token)
    ctx.unverified(
      `${dir}, which inspect Volumes gives for the volume at ${VOLUME_AT}, bound into another container shows ${JSON.stringify(before)}, ` +
        'not the token written there',
    );
  return {
    id,
    async expectRemoved(removed, rule, requirement) {
      const after = await read();
      ctx.expect(
        removed ? after !== token : after === token,
        `${rule}: the token the container wrote to its volume, read through a bind of its host directory ${dir}, is ${removed ? 'gone' : 'still there'}`,
        { expected: removed ? 'no token' : token, actual: after, ...(requirement ? { requirement } : {}) },
      );
    },
  };
}

/** The token's text as an exec in the observer reads it through the bind; empty when there is none. */
async function readToken(ctx: EngineContext, observer: string): Promise<string> {
  const exec = await createExec(ctx, observer, { Cmd: ['sh', '-c', `cat ${BOUND_AT}/token 2>/dev/null; true`] });
  return demux((await startAttached(ctx, exec, false)).data)
    .stdout.toString('utf8')
    .trim();
}

/**
 * After the check, removes the volume in case the DELETE kept it: 1.18 names no volume endpoint, so
 * it is the 1.22 one, of the name the directory carries in Docker's and Podman's layout
 * (`…/volumes/<name>/_data`); a target that serves neither keeps it.
 */
function keptVolumeRemoved(ctx: EngineContext, dir: string): void {
  const name = /\/volumes\/([^/]+)\/_data$/.exec(dir)?.[1];
  if (!name) return;
  ctx.defer(async () => {
    await ctx.api.raw('DELETE', `/v1.22/volumes/${encodeURIComponent(name)}`);
  });
}
