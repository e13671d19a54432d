/** Endpoints 2-4, 6, 7, 9, 14, 15, 19, 20: create, inspect, top, changes, export, resize, update, rename, wait, delete. */
import { gzipSync } from 'node:zlib';
import { exportTar } from '../fs/tar.ts';
import type { FsNode } from '../fs/filesystem.ts';
import type { Container } from '../state/container.ts';
import { HttpError, type RouteContext, type Router } from '../http/router.ts';
import type { Engine } from '../state/engine.ts';
import { newId } from '../state/ids.ts';
import { checkName, createContainer } from '../state/create.ts';
import { checkResources } from '../state/host-config.ts';
import { removeContainer, removeLink } from '../state/remove.ts';
import { notRunning } from '../state/lifecycle.ts';
import { inspectContainer } from '../shape/container-inspect.ts';
import { applyResourceUpdate } from '../state/runtime-view.ts';
import { topView } from '../shape/top.ts';
import { keepListedName } from '../shape/container-list.ts';
import { cachedRemoved, findContainer, noSuchContainer } from './lookup.ts';

const UPDATABLE = [
  'BlkioWeight',
  'CpuShares',
  'CpuPeriod',
  'CpuQuota',
  'CpusetCpus',
  'CpusetMems',
  'Memory',
  'MemorySwap',
  'MemoryReservation',
  'KernelMemory',
];

/**
 * The create as the mutant `operation/refused-leaves-object` has it: a refused create (4xx) still
 * leaves a container behind, made from the same body without the refused name where it can be.
 */
function leftBehindOnRefusal<T>(engine: Engine, ctx: RouteContext, body: Record<string, unknown>, create: () => T): T {
  try {
    return create();
  } catch (err) {
    if (err instanceof HttpError && err.status >= 400 && err.status < 500 && ctx.exchange?.refusalApplied) {
      try {
        createContainer(engine, ctx.version, null, body);
      } catch {
        // the body itself is what was refused: nothing can be left behind
      }
    }
    throw err;
  }
}

/** The Id a create answers: the container's own (another one under the fault create-returns-other-id). */
function createdId(ctx: RouteContext, id: string): string {
  return ctx.faults.has('create-returns-other-id') ? newId() : id;
}

/**
 * The name a rename gives, checked as a create's. Rename lists 204, 404, 409 (name already assigned)
 * and 500: a missing name or one outside `/?[a-zA-Z0-9_-]+` is a bad parameter, refused with the
 * code the list leaves (ctx.badParameter), as the container exists and no container holds that name.
 */
function checkNewName(engine: Engine, ctx: RouteContext, requested: string): string {
  if (!requested) throw ctx.badParameter('rename needs a new name (query parameter name)');
  try {
    return checkName(engine, requested);
  } catch (err) {
    const badName = err instanceof HttpError && err.status === 400;
    throw badName && !engine.faults.has('rename-bad-name-400') ? ctx.badParameter(err.message) : err;
  }
}

/** The container holding `requested` as its name while not running (`blind24-rename-conflict-running-only`). */
function stoppedNameHolder(engine: Engine, requested: string): Container | undefined {
  const holder = engine.containers.resolve(`/${requested.replace(/^\//, '')}`);
  return holder && !holder.isRunning ? holder : undefined;
}

export function registerBasicContainerRoutes(router: Router, engine: Engine): void {
  router.add('POST', '/containers/create', async (ctx) => {
    const body = await ctx.json<Record<string, unknown>>().catch((err: unknown) => {
      throw ctx.faults.has('create-bad-json-500') ? new HttpError(500, String(err)) : err;
    });
    const { container, warnings } = leftBehindOnRefusal(engine, ctx, body, () => createContainer(engine, ctx.version, ctx.query.get('name'), body));
    ctx.sendJson(
      ctx.faults.has('create-returns-200') ? 200 : 201,
      ctx.faults.has('create-no-Warnings') ? { Id: createdId(ctx, container.id) } : { Id: createdId(ctx, container.id), Warnings: warnings },
    );
  });

  router.add('GET', '/containers/{id}/json', (ctx) => {
    const c = findContainer(engine, ctx);
    const sizeRead = ctx.version === '1.22' || ctx.faults.has('inspect-1.18-mounts');
    // Under `blind34-inspect-size-false-computed` size is tested for presence: size=0 and size=false compute the sizes too.
    const sizeAsked = ctx.faults.has('blind34-inspect-size-false-computed') ? ctx.query.has('size') : ctx.bool('size');
    ctx.sendJson(200, inspectContainer(engine, c, ctx.version, sizeRead && sizeAsked !== ctx.faults.has('inspect-size-inverted')));
  });

  router.add('GET', '/containers/{id}/top', (ctx) => {
    const c = topTarget(engine, ctx);
    if (!c.run || !c.isRunning) throw notRunning(c);
    if (ctx.faults.has('top-unsupported')) throw new HttpError(500, 'top is not supported on this system');
    const psArgs = ctx.faults.has('top-ps-args-ignored') ? '-ef' : (ctx.query.get('ps_args') ?? (ctx.faults.has('top-default-not-ef') ? 'aux' : '-ef'));
    const processes = c.run.processes();
    const view = topView(ctx.faults.has('blind-top-last-process-dropped') ? processes.slice(0, -1) : processes, psArgs, c.state.startedAt ?? new Date());
    engine.containerEvent(c, 'top');
    ctx.sendJson(200, ctx.faults.has('top-titles-joined') ? { ...view, Titles: view.Titles.join(' ') } : view);
  });

  router.add('GET', '/containers/{id}/changes', (ctx) => {
    const swap = (kind: number): number => (ctx.faults.has('changes-kind-swapped') && kind < 2 ? 1 - kind : kind);
    const typed = (kind: number): number | string => (ctx.faults.has('changes-kind-string') ? String(kind) : kind);
    // Under `blind12-changes-parent-dirs-omitted` only the paths the container wrote are listed, not the image directories above them.
    // Under `blind23-changes-ancestors-take-child-kind` those directories take the kind of the change below them, not 0.
    // Under `blind27-changes-missing-container-empty` an unknown container has the empty diff of a layer that is not there.
    if (ctx.faults.has('blind27-changes-missing-container-empty') && !engine.containers.resolve(ctx.params.id ?? '')) return ctx.sendJson(200, []);
    const changes = findContainer(engine, ctx)
      .fs.changes(!ctx.faults.has('blind12-changes-parent-dirs-omitted'), ctx.faults.has('blind23-changes-ancestors-take-child-kind'))
      .filter((c) => c.Kind !== 2 || !ctx.faults.has('blind2-changes-deletions-omitted'))
      .map((c) => ({ ...c, Kind: typed(swap(c.Kind)) }));
    ctx.sendJson(200, changes.length === 0 && ctx.faults.has('blind3-changes-empty-null') ? null : changes);
  });

  router.add('GET', '/containers/{id}/export', async (ctx) => {
    const c = findContainer(engine, ctx);
    // Under `blind31-export-by-name-404` the reference goes to the layer store, which keys layers by container id: a name is not found.
    if (ctx.faults.has('blind31-export-by-name-404') && !c.id.startsWith(ctx.params.id ?? '')) throw noSuchContainer(ctx, ctx.params.id ?? '');
    const added = ctx.faults.has('blind2-export-added-files-omitted')
      ? new Set(
          c.fs
            .changes()
            .filter((ch) => ch.Kind === 1)
            .map((ch) => ch.Path),
        )
      : undefined;
    // Under `blind28-export-container-layer-only` the export walks the container's own layer (the paths changes lists), not the image's files.
    const layer = ctx.faults.has('blind28-export-container-layer-only')
      ? new Set(
          c.fs
            .changes()
            .filter((ch) => ch.Kind !== 2)
            .map((ch) => ch.Path),
        )
      : undefined;
    const skip = (path: string): boolean => (added?.has(path) ?? false) || (layer !== undefined && !layer.has(path));
    const whole = await exportTar(c.fs, (added || layer) && skip, deletedKept(ctx, c));
    const tar = ctx.faults.has('export-tar-truncated') ? whole.subarray(0, 1024) : whole;
    // Under `blind17-export-gzip-compressed` the tar goes out through gzip, as an archive the build and import accept.
    const body = ctx.faults.has('blind17-export-gzip-compressed') ? gzipSync(tar) : tar;
    engine.containerEvent(c, 'export');
    ctx.res.writeHead(200, {
      'Content-Type': ctx.faults.has('export-wrong-content-type') ? 'application/x-tar' : 'application/octet-stream',
      'Content-Length': body.length,
    });
    ctx.res.end(body);
  });

  router.add('POST', '/containers/{id}/resize', (ctx) => {
    const c = findContainer(engine, ctx);
    const height = ctx.int('h');
    const width = ctx.int('w');
    if (height === undefined || width === undefined) throw ctx.badParameter('resize needs both h and w');
    // Only a running container has a terminal to resize: the daemon answers the others 500, the
    // code the spec gives "cannot resize" ("Container ... is not running", API 1.18 to 1.22).
    if (!c.isRunning) throw new HttpError(500, `Cannot resize container ${c.id}: Container ${c.id} is not running`);
    // Under `blind21-resize-not-kept-for-restart` only the running terminal is sized: the next start does not get the size.
    if (!ctx.faults.has('blind21-resize-not-kept-for-restart')) c.tty = { height, width };
    c.run?.resize(height, width);
    // Under `blind30-events-resize-attributes-swapped` the event's attributes are filled in (w, h) order: height holds the width.
    const [eventHeight, eventWidth] = ctx.faults.has('blind30-events-resize-attributes-swapped') ? [width, height] : [height, width];
    engine.containerEvent(c, 'resize', { height: String(eventHeight), width: String(eventWidth) });
    if (ctx.faults.has('resize-answers-json')) return ctx.sendJson(200, {});
    ctx.sendStatus(200, 'text/plain; charset=utf-8');
  });

  router.add(
    'POST',
    '/containers/{id}/update',
    async (ctx) => {
      const c = findContainer(engine, ctx);
      const body = await ctx.json<Record<string, unknown>>();
      const checked = { ...pickResources(c.hostConfig), ...body };
      // Under `blind3-update-swap-unchecked` the swap-versus-memory rule is checked at create only.
      if (ctx.faults.has('blind3-update-swap-unchecked')) delete checked.MemorySwap;
      checkResources(checked, ctx.faults);
      // Under `blind13-update-blkio-weight-bounds-exclusive` the update's own range test leaves out both bounds.
      if ((body.BlkioWeight === 10 || body.BlkioWeight === 1000) && ctx.faults.has('blind13-update-blkio-weight-bounds-exclusive'))
        throw new HttpError(400, 'Range of blkio weight is from 10 to 1000');
      // A running container's kernel memory limit cannot be changed: the daemon of API 1.22 refuses
      // it as a server error ("Cannot update container", 500), after the parameters passed.
      if (c.isRunning && Number(body.KernelMemory ?? 0) !== 0)
        throw new HttpError(500, `Cannot update container ${c.id}: Can not update kernel memory to a running container, please stop it first.`);
      // Under `blind33-update-cpuset-mems-dropped` the list of updatable resources lacks CpusetMems: it is checked, not stored.
      const updatable = ctx.faults.has('blind33-update-cpuset-mems-dropped') ? UPDATABLE.filter((key) => key !== 'CpusetMems') : UPDATABLE;
      for (const key of updatable)
        if (body[key] !== undefined && !ctx.faults.has('update-ignores-body') && !memoryKept(ctx, key)) c.hostConfig[key] = body[key];
      if (c.isRunning) applyResourceUpdate(engine, c);
      engine.containerEvent(c, 'update');
      ctx.sendJson(200, ctx.faults.has('update-no-Warnings') ? {} : { Warnings: [] });
    },
    { versions: ['1.22'] },
  );

  router.add('POST', '/containers/{id}/rename', (ctx) => {
    const c = findContainer(engine, ctx);
    if (ctx.faults.has('rename-by-id-only') && !c.id.startsWith(ctx.params.id ?? '')) throw noSuchContainer(ctx, ctx.params.id ?? '');
    const requested = ctx.query.get('name') ?? '';
    let name: string;
    try {
      name = checkNewName(engine, ctx, requested);
    } catch (err) {
      // Under `blind24-rename-conflict-running-only` the name is looked for among the running containers only: a stopped holder does not conflict.
      const conflict = err instanceof HttpError && err.status === 409;
      const stoppedHolder = conflict && ctx.faults.has('blind24-rename-conflict-running-only') ? stoppedNameHolder(engine, requested) : undefined;
      if (!stoppedHolder) {
        if (conflict && ctx.faults.has('rename-conflict-204')) return ctx.sendStatus(204);
        if (ctx.faults.has('refused-rename-emits-event')) engine.containerEvent(c, 'rename', { oldName: c.name });
        if (err instanceof HttpError && err.status < 500 && ctx.exchange?.refusalApplied) c.name = `/${requested.replace(/^\//, '')}`;
        throw err;
      }
      name = stoppedHolder.name;
    }
    const oldName = c.name;
    if (ctx.faults.has('rename-ignored')) return ctx.sendStatus(204);
    c.name = ctx.faults.has('blind2-rename-no-leading-slash') ? name.slice(1) : name;
    // Under `blind21-rename-list-names-stale` the list's view of the container is not refreshed: it keeps the old name.
    if (ctx.faults.has('blind21-rename-list-names-stale')) keepListedName(c, oldName);
    if (!(ctx.version === '1.22' && ctx.faults.has('blind7-events-rename-not-emitted'))) engine.containerEvent(c, 'rename', { oldName });
    ctx.sendStatus(204);
  });

  router.add('POST', '/containers/{id}/wait', async (ctx) => {
    // Under `blind7-wait-removed-answers-last-code` a removed container is still found in a cache of ended ones.
    const ref = ctx.params.id ?? '';
    const c = cachedRemoved(engine, ref, ctx.faults.has('blind7-wait-removed-answers-last-code')) ?? findContainer(engine, ctx);
    // Under `blind33-wait-exited-404` the container is looked for among those with a live monitor: one not active is not found.
    if (!c.isActive && ctx.faults.has('blind33-wait-exited-404')) throw noSuchContainer(ctx, ref);
    // Under `blind20-wait-paused-returns-at-once` only the running status blocks: a paused container is taken as stopped.
    const pausedTakenStopped = c.state.status === 'paused' && ctx.faults.has('blind20-wait-paused-returns-at-once');
    const code = ctx.faults.has('wait-no-block') || pausedTakenStopped ? c.state.exitCode : await c.waitNotRunning();
    // Under `blind4-wait-signal-exit-zero` a signal death (128 + n) is read as a normal exit status of 0.
    const signalled = code > 128 && ctx.faults.has('blind4-wait-signal-exit-zero');
    // Under `blind26-wait-status-code-signed-byte` the status is read as a signed byte: 128 to 255 come back negative.
    const status = ctx.faults.has('blind26-wait-status-code-signed-byte') ? (code << 24) >> 24 : code;
    ctx.sendJson(200, { StatusCode: ctx.faults.has('wait-wrong-exitcode') || signalled ? 0 : status });
  });

  router.add('DELETE', '/containers/{id*}', async (ctx) => {
    if (ctx.bool('link')) {
      const linked = ctx.faults.has('delete-link-kept') ? [] : removeLink(engine, ctx.params.id!);
      // Under `delete-link-removes-container` the container the link named is removed (forced) with the link.
      for (const name of ctx.faults.has('delete-link-removes-container') ? linked : []) {
        const c = engine.containers.resolve(name);
        if (c) await removeContainer(engine, c, { force: true, volumes: false, byName: true });
      }
      return ctx.sendStatus(204);
    }
    const c = findContainer(engine, ctx);
    const volumes = !ctx.faults.has('delete-v-ignored') && (ctx.bool('v') || (ctx.faults.has('delete-v-default-true') && ctx.query.get('v') === null));
    const byName = !c.id.startsWith(ctx.params.id ?? '');
    const force = ctx.bool('force') && !ctx.faults.has('delete-force-ignored');
    // Under `delete-force-v-kept` the force path of a running container skips the volume removal.
    const forceKeepsVolumes = force && c.isActive && ctx.faults.has('delete-force-v-kept');
    await removeContainer(engine, c, { force, volumes: volumes && !forceKeepsVolumes, byName });
    ctx.sendStatus(204);
  });
}

/**
 * The container of a top. Under `blind26-top-missing-container-500` the lookup runs inside the ps
 * step, whose failures answer 500: an unknown container is a ps error, not a 404.
 */
function topTarget(engine: Engine, ctx: RouteContext): Container {
  try {
    return findContainer(engine, ctx);
  } catch (err) {
    if (err instanceof HttpError && err.status === 404 && ctx.faults.has('blind26-top-missing-container-500'))
      throw new HttpError(500, `Error running top: ${err.message}`);
    throw err;
  }
}

function pickResources(hostConfig: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(UPDATABLE.map((key) => [key, hostConfig[key]]));
}

/** Under `blind-update-memory-not-applied`, the memory fields an update leaves as they were. */
function memoryKept(ctx: RouteContext, key: string): boolean {
  return ctx.faults.has('blind-update-memory-not-applied') && (key === 'Memory' || key === 'MemorySwap');
}

/**
 * Under `blind12-export-deleted-files-kept` the image layers are flattened without applying the
 * container's whiteouts: what the container deleted is exported as the image had it.
 */
function deletedKept(ctx: RouteContext, c: Container): Array<{ path: string; node: FsNode }> {
  if (!ctx.faults.has('blind12-export-deleted-files-kept')) return [];
  return c.fs
    .changes()
    .filter((ch) => ch.Kind === 2)
    .flatMap((ch) => {
      const node = c.fs.lookupLower(ch.Path);
      return node ? [{ path: ch.Path, node }] : [];
    });
}
