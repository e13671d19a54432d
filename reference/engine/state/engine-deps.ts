/** The EngineDeps the image routes receive, built from the daemon's state. */
import { ContainerFs } from '../fs/filesystem.ts';
import { startProgram } from '../runtime/program.ts';
import type { BuildContainer, BuildContainerOptions, CommitSource, EngineDeps } from '../deps.ts';
import type { Engine } from './engine.ts';
import { newId } from './ids.ts';
import { createContainer } from './create.ts';
import { API_VERSIONS, HttpError } from '../http/router.ts';

export function engineDeps(engine: Engine): EngineDeps {
  engine.images.isInUse = (imageId) => engine.containers.usesImage(imageId);
  engine.images.faults = engine.faults;
  return {
    images: engine.images,
    events: engine.events,
    containers: engine.containers,
    volumes: engine.volumes,
    networks: engine.networks,
    faults: engine.faults,
    profile: engine.profile,
    createBuildContainer: (opts) => buildContainer(opts),
    leaveBuildContainer: (id, image, cmd, limits) => leaveBuildContainer(engine, id, { Image: image.id, Cmd: cmd, HostConfig: limits }),
    commitSource: (idOrName) => commitSource(engine, idOrName),
  };
}

/** A limit the container create refuses (a memory below its minimum) leaves no container: the build has succeeded. */
function leaveBuildContainer(engine: Engine, id: string, body: Record<string, unknown>): void {
  try {
    createContainer(engine, API_VERSIONS.at(-1)!, null, body, id);
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
  }
}

function buildContainer(opts: BuildContainerOptions): BuildContainer {
  const fs = new ContainerFs(opts.image.layers);
  const imageEnv = opts.image.config.Env ?? [];
  return {
    id: newId(),
    fs,
    async run() {
      const chunks: Buffer[] = [];
      const run = startProgram({
        argv: opts.cmd,
        env: [...imageEnv, ...(opts.env ?? [])],
        fs,
        hostname: 'build',
        workingDir: opts.workingDir || opts.image.config.WorkingDir || '/',
        tty: false,
        io: { stdin: null, stdout: (d) => chunks.push(d), stderr: (d) => chunks.push(d) },
      });
      const exitCode = await run.exited;
      return { exitCode, output: Buffer.concat(chunks) };
    },
    remove: () => undefined,
  };
}

function commitSource(engine: Engine, idOrName: string): CommitSource | undefined {
  const c = engine.containers.resolve(idOrName);
  if (!c) return undefined;
  return {
    id: c.id,
    fs: c.fs,
    imageId: c.imageId,
    config: c.config,
    // Like the real daemon (its commit calls the container's pause), a commit's pause shows in the
    // container's state (Paused while the commit runs) and as pause/unpause events.
    pause: () => {
      if (c.state.status !== 'running' || !c.run) return;
      c.run.pause();
      c.state = { ...c.state, status: 'paused' };
      engine.containerEvent(c, 'pause');
    },
    resume: () => {
      if (c.state.status !== 'paused' || !c.run) return;
      c.run.resume();
      c.state = { ...c.state, status: 'running' };
      engine.containerEvent(c, 'unpause');
    },
  };
}
