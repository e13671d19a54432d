/** Endpoints 47-50 (1.22): volumes. */
import { HttpError, type RouteContext, type Router } from '../http/router.ts';
import { checkFilterKeys } from '../http/query.ts';
import type { Engine } from '../state/engine.ts';
import type { Volume } from '../state/volumes.ts';
import { volumeEvent } from '../state/lifecycle.ts';
import type { Container } from '../state/container.ts';
import { mountField } from '../state/mount-storage.ts';
import { keepRemoved, missing, removedObjects, stillAnswered, wasRemoved } from '../state/graveyard.ts';

const V122 = { versions: ['1.22' as const] };

export function registerVolumeRoutes(router: Router, engine: Engine): void {
  // Under `blind3-volume-held-by-removed-container` a removed container's mounts still hold their volumes.
  const holders = (ctx: RouteContext): Container[] =>
    ctx.faults.has('blind3-volume-held-by-removed-container')
      ? [...engine.containers.all(), ...removedObjects<Container>(engine.containers)]
      : engine.containers.all();
  const users = (name: string, ctx: RouteContext) => holders(ctx).filter((c) => c.mounts.some((m) => m.Name === name));
  const inUse = (name: string, ctx: RouteContext): boolean => users(name, ctx).length > 0;
  const inUseForDangling = (name: string, ctx: RouteContext): boolean =>
    ctx.faults.has('blind-volume-dangling-running-only') ? users(name, ctx).some((c) => c.isRunning) : inUse(name, ctx);
  const view = (v: Volume, ctx: RouteContext): Record<string, unknown> => ({
    Name: v.Name,
    Driver: v.Driver,
    ...(ctx.faults.has('volume-no-Mountpoint') ? {} : { Mountpoint: v.Mountpoint }),
  });
  // Under `blind9-volume-found-by-prefix` volumes are resolved like containers: a prefix of a volume's name finds it.
  const byPrefix = (ctx: RouteContext): Volume | undefined => {
    const name = ctx.params.name ?? '';
    return name && ctx.faults.has('blind9-volume-found-by-prefix') ? engine.volumes.all().find((v) => v.Name.startsWith(name)) : undefined;
  };
  const find = (ctx: RouteContext): Volume => {
    const volume = engine.volumes.get(ctx.params.name ?? '') ?? stillAnswered<Volume>(engine.volumes, ctx.params.name ?? '', ctx.exchange) ?? byPrefix(ctx);
    const notFound = new HttpError(ctx.faults.has('volume-missing-500') ? 500 : 404, `get ${ctx.params.name}: no such volume`);
    if (!volume) throw missing(engine.volumes, ctx.params.name ?? '', ctx.faults, notFound);
    return volume;
  };

  router.add(
    'GET',
    '/volumes',
    (ctx) => {
      const filters = ctx.filters();
      checkFilterKeys(filters, ['dangling']);
      const dangling = filters.get('dangling')?.[0];
      if (dangling !== undefined && !['true', 'false', '1', '0'].includes(dangling)) throw new HttpError(500, `Invalid filter 'dangling=${dangling}'`);
      const wantDangling = dangling === 'true' || dangling === '1';
      const volumes = engine.volumes
        .all()
        .filter((v) => dangling === undefined || ctx.faults.has('volumes-dangling-filter-ignored') || inUseForDangling(v.Name, ctx) !== wantDangling)
        .flatMap((v) => (ctx.faults.has('blind-volume-list-repeats-mounted') ? Array(1 + users(v.Name, ctx).length).fill(v) : [v]));
      const listed = volumes.length === 0 && ctx.faults.has('blind3-volumes-empty-null') ? null : volumes.map((v) => view(v, ctx));
      ctx.sendJson(200, { Volumes: listed, Warnings: [] });
    },
    V122,
  );

  router.add(
    'POST',
    '/volumes/create',
    async (ctx) => {
      const body = (await ctx.optionalJson<{ Name?: string; Driver?: string; DriverOpts?: Record<string, string> }>()) ?? {};
      if (body.Driver && body.Driver !== 'local') throw new HttpError(500, `Error looking up volume plugin ${body.Driver}: plugin not found`);
      if (body.Name && !/^[a-zA-Z0-9][a-zA-Z0-9_.-]+$/.test(body.Name))
        throw new HttpError(500, `create ${body.Name}: "${body.Name}" includes invalid characters for a local volume name`);
      if (body.Name && !engine.volumes.get(body.Name) && wasRemoved(engine.volumes, body.Name) && ctx.faults.has('blind6-volume-name-reuse-refused'))
        throw new HttpError(500, `create ${body.Name}: volume directory ${engine.rootDir}/volumes/${body.Name} already exists`);
      if (!body.Name && ctx.faults.has('volume-name-required')) throw new HttpError(500, 'volume create: a Name is required');
      const { volume, created } = engine.volumes.create(
        ctx.faults.has('volume-driver-opts-dropped') ? { ...body, DriverOpts: {} } : body,
        ctx.faults.has('blind7-volume-create-empty-name-kept'),
        ctx.faults.has('blind8-volume-generated-name-repeats'),
      );
      if (created && !body.Driver && ctx.faults.has('volume-driver-default-empty')) volume.Driver = '';
      if (created) volumeEvent(engine, undefined, volume.Name, 'create');
      ctx.sendJson(201, view(volume, ctx));
    },
    V122,
  );

  router.add(
    'GET',
    '/volumes/{name}',
    (ctx) => {
      const shown = view(find(ctx), ctx);
      // Under `blind13-volume-inspect-mountpoint-volume-dir` inspect shows the volume's directory, not its data directory.
      if (ctx.faults.has('blind13-volume-inspect-mountpoint-volume-dir') && typeof shown.Mountpoint === 'string')
        shown.Mountpoint = shown.Mountpoint.replace(/\/_data$/, '');
      ctx.sendJson(200, shown);
    },
    V122,
  );

  router.add(
    'DELETE',
    '/volumes/{name}',
    (ctx) => {
      if (ctx.faults.has('blind5-volume-delete-missing-204') && !engine.volumes.get(ctx.params.name ?? '')) return ctx.sendStatus(204);
      const volume = find(ctx);
      // Under `blind28-volume-delete-binds-holder-ignored` a container holds a volume through its Volumes (and VolumesFrom) mounts only:
      // a volume mounted by name through Binds (`name:/dest`) is not counted as in use.
      const held = ctx.faults.has('blind4-volume-delete-held-by-stopped-204')
        ? users(volume.Name, ctx).some((c) => c.isRunning)
        : ctx.faults.has('blind28-volume-delete-binds-holder-ignored')
          ? users(volume.Name, ctx).some((c) => c.mounts.some((m) => m.Name === volume.Name && mountField(c, m) !== 'Binds'))
          : inUse(volume.Name, ctx);
      if (held && !ctx.faults.has('volume-delete-in-use-204')) {
        throw new HttpError(409, `remove ${volume.Name}: volume is in use`);
      }
      if (!ctx.faults.has('volume-delete-keeps-volume')) engine.volumes.delete(volume.Name);
      keepRemoved(engine.volumes, volume, volume.Name);
      volumeEvent(engine, undefined, volume.Name, 'destroy');
      ctx.sendStatus(204);
    },
    V122,
  );
}
