/** Endpoints 21-24: copy (both versions) and the 1.22 archive HEAD/GET/PUT with the path-stat header. */
import { archivePath, extractInto } from '../fs/tar.ts';
import { readTar, writeTar } from '../fs/tar-io.ts';
import { FsError, archiveErrorStatus } from '../fs/errors.ts';
import { encodePathStat, pathStat } from '../fs/stat.ts';
import { ContainerFs, emptyLayer } from '../fs/filesystem.ts';
import { posix } from 'node:path';
import { isWithin, normalize } from '../fs/paths.ts';
import { HttpError, type RouteContext, type Router } from '../http/router.ts';
import type { Container } from '../state/container.ts';
import type { Engine } from '../state/engine.ts';
import { sharedMounts } from '../state/mount-storage.ts';
import { runtimeViewOf } from '../state/runtime-view.ts';
import type { FaultSet } from '../faults.ts';
import { findContainer } from './lookup.ts';

const V122 = { versions: ['1.22' as const] };

/** Under archive-own-layer: each container's archive layer, apart from the one its programs see. */
const apartLayers = new WeakMap<Container, ContainerFs>();

/** The filesystem the 1.22 archive endpoints read and write: the container's own, or (faulty) a layer of their own over its image. */
function archiveFs(c: Container, faults: FaultSet): ContainerFs {
  if (!faults.has('archive-own-layer')) return c.fs;
  const kept = apartLayers.get(c);
  if (kept) return kept;
  const fs = new ContainerFs(c.fs.imageLayers);
  apartLayers.set(c, fs);
  return fs;
}

export function registerArchiveRoutes(router: Router, engine: Engine): void {
  router.add(
    'HEAD',
    '/containers/{id}/archive',
    async (ctx) => {
      const { c, path } = archiveTarget(engine, ctx);
      // Under `blind30-archive-head-mount-path-refused` HEAD runs GET's copy check: a path at or under a bind or volume mount is refused.
      const mount = ctx.faults.has('blind30-archive-head-mount-path-refused') ? userMountAt(c, path) : undefined;
      if (mount) throw new HttpError(400, `${path}: copying from the mount at ${mount} is not allowed`, 'json');
      try {
        setStatHeader(ctx, archiveFs(c, ctx.faults), path);
      } catch (err) {
        // Under `blind20-archive-head-stat-error-200` a HEAD (which has no body to carry an error) answers 200 bare.
        if (err instanceof HttpError && ctx.faults.has('blind20-archive-head-stat-error-200')) return ctx.sendStatus(200);
        throw err;
      }
      if (ctx.faults.has('archive-head-has-body'))
        return headWithBody(ctx, await asArchiveError(() => archivePath(archiveFs(c, ctx.faults), path, true), ctx.faults));
      ctx.sendStatus(200);
    },
    V122,
  );

  router.add(
    'GET',
    '/containers/{id}/archive',
    async (ctx) => {
      const target = archiveTarget(engine, ctx);
      const c = target.c;
      // Under `blind27-archive-relative-path-from-workdir` a relative path is taken from the WorkingDir, not the container root.
      const fromWorkDir = ctx.faults.has('blind27-archive-relative-path-from-workdir') && !target.path.startsWith('/') && c.config.WorkingDir;
      const path = fromWorkDir ? `${c.config.WorkingDir.replace(/\/+$/, '')}/${target.path}` : target.path;
      // User mounts cannot be copied (spec, endpoint 23), like /proc, /sys and /dev.
      const mount = userMountAt(c, path);
      if (mount && !ctx.faults.has('archive-user-mount-copied')) throw new HttpError(400, `${path}: copying from the mount at ${mount} is not allowed`, 'json');
      // Under `archive-special-paths-copied` /proc, /sys and /dev are copied as the running container sees them.
      const special = ctx.faults.has('archive-special-paths-copied') && /^\/(proc|sys|dev)(\/|$)/.test(normalize(path));
      // Under `archive-user-mount-copied` a path in a bind or volume is read from the mount's storage.
      const fs = special ? (runtimeViewOf(c)?.fs ?? c.fs) : mount ? withUserMounts(engine, c) : archiveFs(c, ctx.faults);
      // Under `archive-get-stat-of-parent` GET's path-stat header describes the directory holding the resource (HEAD's stays right).
      setStatHeader(ctx, fs, ctx.faults.has('archive-get-stat-of-parent') ? posix.dirname(normalize(path)) : path);
      // Under `blind23-archive-relative-link-from-root` a relative symlink target is resolved from the container root, not the link's directory.
      const tar = await asArchiveError(
        () =>
          archivePath(
            fs,
            getPath(path, ctx.faults),
            !ctx.faults.has('archive-symlink-not-followed'),
            ctx.faults.has('blind23-archive-relative-link-from-root'),
            special,
          ),
        ctx.faults,
      );
      ctx.res.writeHead(200, { 'Content-Type': 'application/x-tar', 'Content-Length': tar.length });
      ctx.res.end(tar);
    },
    V122,
  );

  router.add(
    'PUT',
    '/containers/{id}/archive',
    async (ctx) => {
      const { c, path } = archiveTarget(engine, ctx);
      const tar = await ctx.body();
      const target = normalize(path);
      const readOnlyMount = ctx.faults.has('archive-put-readonly-volume-allowed') ? undefined : c.mounts.find((m) => !m.RW && isWithin(target, m.Destination));
      // Under `blind27-archive-put-readonly-running-only` read-only is read from the live mounts: a container not running has none.
      const unmounted = ctx.faults.has('blind27-archive-put-readonly-running-only') && !c.isRunning;
      if ((c.hostConfig.ReadonlyRootfs || readOnlyMount) && !unmounted && !ctx.faults.has('archive-put-readonly-allowed')) {
        throw new HttpError(403, `container rootfs or volume at ${readOnlyMount?.Destination ?? '/'} is marked read-only`, 'json');
      }
      const noOverwriteDirNonDir =
        ctx.bool('noOverwriteDirNonDir', ctx.faults.has('archive-put-overwrite-default-on')) && !ctx.faults.has('archive-put-overwrite-unchecked');
      if (!ctx.faults.has('archive-put-not-extracted'))
        await asArchiveError(
          () =>
            extractInto(archiveFs(c, ctx.faults), path, tar, {
              noOverwriteDirNonDir,
              dirsOnly: ctx.faults.has('blind2-archive-put-overwrite-dir-only'),
              skipConflicts: ctx.faults.has('archive-put-conflict-skipped'),
              refuseAfter: ctx.faults.has('archive-put-overwrite-refused-after'),
            }),
          ctx.faults,
        );
      ctx.sendStatus(200);
    },
    V122,
  );

  router.add('POST', '/containers/{id}/copy', async (ctx) => {
    const c = findContainer(engine, ctx);
    const { Resource } = await ctx.json<{ Resource?: string }>();
    if (!Resource) throw new HttpError(500, 'Path cannot be empty');
    let tar: Buffer;
    try {
      tar = await archivePath(c.fs, Resource);
    } catch (err) {
      if (err instanceof FsError) throw new HttpError(err.code === 'ENOENT' ? 404 : 500, err.message);
      throw err;
    }
    // Under `copy-directory-entry-only` the tar keeps the Resource's own entry alone: a directory without its files.
    if (ctx.faults.has('copy-directory-entry-only')) tar = await writeTar((await readTar(tar)).slice(0, 1));
    if (ctx.faults.has('copy-tar-truncated')) tar = tar.subarray(0, 700);
    engine.containerEvent(c, 'copy');
    ctx.res.writeHead(200, {
      'Content-Type': ctx.faults.has('copy-wrong-content-type') ? 'application/octet-stream' : 'application/x-tar',
      'Content-Length': tar.length,
    });
    ctx.res.end(tar);
  });
}

/**
 * The path GET archives. Under `archive-dot-ignored` a trailing `/.` is dropped; under
 * `blind21-archive-slash-copies-contents` a trailing `/` is read rsync-style, as `/.` (the contents only).
 */
function getPath(path: string, faults: FaultSet): string {
  if (faults.has('archive-dot-ignored')) return path.replace(/\/\.$/, '');
  return faults.has('blind21-archive-slash-copies-contents') ? path.replace(/([^/])\/+$/, '$1/.') : path;
}

function archiveTarget(engine: Engine, ctx: RouteContext): { c: Container; path: string } {
  // The archive endpoints answer 404 with the details in a JSON body (spec, endpoints 23 and 24).
  const body = ctx.faults.has('archive-errors-text') ? 'text' : 'json';
  const c = findContainer(engine, ctx, undefined, body);
  // Under `archive-path-missing-root` a request without `path` takes the root; an empty `path=` is still refused.
  const raw = ctx.query.get('path') ?? (ctx.faults.has('archive-path-missing-root') ? '/' : '');
  // Under blind2-archive-slash-file-200 a trailing slash is trimmed, so it no longer asserts a directory.
  const path = ctx.faults.has('blind2-archive-slash-file-200') ? raw.replace(/([^/])\/+$/, '$1') : raw;
  if (!path) throw new HttpError(400, 'path cannot be empty', body);
  if (ctx.faults.has('archive-relative-path-refused') && !path.startsWith('/')) throw new HttpError(400, `path ${path} is not absolute`, body);
  return { c, path };
}

/**
 * The `archive-head-has-body` fault: the HEAD answer carries the tar after its header. Node leaves
 * out the body of a HEAD answer, so it is let through; the connection closes after it (a client
 * that reads the next answer on it would read the tar).
 */
function headWithBody(ctx: RouteContext, tar: Buffer): void {
  (ctx.res as unknown as { _hasBody: boolean })._hasBody = true;
  ctx.res.writeHead(200, { 'Content-Type': 'application/x-tar', 'Content-Length': tar.length, Connection: 'close' });
  ctx.res.end(tar);
}

/** The bind or volume mount point a path is at or under (the root excepted), if any. */
function userMountAt(c: Container, path: string): string | undefined {
  const target = normalize(path.startsWith('/') ? path : `/${path}`);
  return c.mounts.map((m) => normalize(m.Destination)).find((dest) => dest !== '/' && isWithin(target, dest));
}

/** The container's filesystem with its binds and volumes over it (their storage, running or not). */
function withUserMounts(engine: Engine, c: Container): ContainerFs {
  return c.fs.withRuntime({ layer: emptyLayer(), writable: () => false, shared: sharedMounts(engine, c, c.mounts) });
}

function setStatHeader(ctx: RouteContext, fs: ContainerFs, path: string): void {
  const found = asArchiveErrorSync(() => pathStat(fs, path, ctx.faults.has('blind8-path-stat-link-target-raw')), ctx.faults);
  const stat = ctx.faults.has('blind2-archive-stat-size-zero') ? { ...found, size: 0 } : found;
  if (!ctx.faults.has('archive-no-stat-header')) ctx.res.setHeader(ctx.spell('X-Vendor-Container-Path-Stat'), encodePathStat(stat));
}

function toHttp(err: unknown, faults: FaultSet): unknown {
  if (!(err instanceof FsError)) return err;
  const broken = (err.code === 'ENOTDIR' && faults.has('archive-not-dir-500')) || (err.code === 'ENOENT' && faults.has('archive-missing-path-500'));
  return new HttpError(broken ? 500 : archiveErrorStatus(err), err.message, 'json');
}

async function asArchiveError<T>(fn: () => Promise<T>, faults: FaultSet): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw toHttp(err, faults);
  }
}

function asArchiveErrorSync<T>(fn: () => T, faults: FaultSet): T {
  try {
    return fn();
  } catch (err) {
    throw toHttp(err, faults);
  }
}
