import { randomBytes } from 'node:crypto';
import { engineCheck } from '../support/check.ts';
import { stdoutOf } from '../support/container-data.ts';
import { forAll, nameSuffix } from '../support/properties.ts';
import { createVolume, type Volume } from '../support/resources.ts';

const V122 = ['1.22' as const];

/** Spec: Endpoints > Volumes > 49. GET /volumes/(name) (1.22). */
export default [
  engineCheck({
    id: 'engine/volumes/inspect/200-response-schema',
    title: 'GET /volumes/(name) answers 200 with the Volume {Name, Driver, Mountpoint}',
    endpoint: 'engine/volumes/inspect',
    versions: V122,
    async run(ctx) {
      // Two volumes, the first inspected first: a lookup answering the latest volume, or the first it finds, shows.
      const volumes = [await createVolume(ctx), await createVolume(ctx)];
      for (const created of volumes) {
        const res = await ctx.api.get(`/volumes/${created.Name}`);
        ctx.expectStatus(res, 200, 'GET /volumes/(name) of an existing volume');
        const volume = ctx.expectVersionSchema<Volume>('volume', ctx.expectJson(res, 'volume inspect'), 'the inspected volume');
        const shown = { Name: volume.Name, Driver: volume.Driver, Mountpoint: volume.Mountpoint };
        ctx.expectEqual(
          shown,
          { Name: created.Name, Driver: created.Driver, Mountpoint: created.Mountpoint },
          `inspect of ${created.Name} shows the Name, Driver and Mountpoint of that volume as created`,
        );
      }
    },
  }),
  engineCheck({
    id: 'engine/volumes/inspect/200-response-schema/mountpoint-holds-data',
    title: "The inspected Mountpoint is where the volume's data is: a bind of that host directory shows a file written to the volume",
    requirements: ['engine/volumes/inspect/200-response-schema'],
    endpoint: 'engine/volumes/inspect',
    versions: V122,
    async run(ctx) {
      // A Mountpoint is only type-checked elsewhere: a constant or empty one passed. Its meaning, the point
      // the volume is mounted at on the host, is read back through Binds `host-src:container-dest`.
      const { Name } = await createVolume(ctx);
      const res = await ctx.api.get(`/volumes/${Name}`);
      ctx.expectStatus(res, 200, 'GET /volumes/(name) of an existing volume');
      const { Mountpoint } = ctx.expectJson<{ Mountpoint?: unknown }>(res, 'volume inspect');
      ctx.expect(typeof Mountpoint === 'string' && Mountpoint.startsWith('/'), 'Mountpoint is an absolute host path', {
        expected: 'an absolute path',
        actual: Mountpoint,
      });
      if (typeof Mountpoint !== 'string' || !Mountpoint.startsWith('/')) return;
      const token = randomBytes(8).toString('hex');
      const written = await ctx.setUp(
        () => stdoutOf(ctx, ['sh', '-c', `echo ${token} > /conformance-vol/token && echo ok`], { hostConfig: { Binds: [`${Name}:/conformance-vol`] } }),
        'engine/containers/create/host-config-binds',
      );
      if (written.trim() !== 'ok')
        ctx.blockedBy('engine/containers/create/host-config-binds', `writing to the volume through Binds printed ${JSON.stringify(written)}`);
      const read = await ctx.setUp(
        () => stdoutOf(ctx, ['sh', '-c', 'cat /conformance-mp/token 2>/dev/null; true'], { hostConfig: { Binds: [`${Mountpoint}:/conformance-mp:ro`] } }),
        'engine/containers/create/host-config-binds',
      );
      // The spec names the field and gives it no further words: a path that does not show the data leaves
      // its meaning unverified (as the 1.18 Volumes map does), a path that does verifies it.
      if (read.trim() !== token)
        ctx.unverified(`a bind of Mountpoint ${Mountpoint} does not show the file written to volume ${Name} (read ${JSON.stringify(read.trim())})`);
    },
  }),
  engineCheck({
    id: 'engine/volumes/inspect/404-no-such-volume',
    title: 'GET /volumes/(name) of a volume that does not exist answers 404',
    endpoint: 'engine/volumes/inspect',
    versions: V122,
    async run(ctx) {
      const res = await ctx.api.get(`/volumes/${ctx.uniqueName('missing')}`);
      ctx.expectStatus(res, 404, 'inspect of a missing volume');
    },
  }),
  engineCheck({
    id: 'engine/volumes/inspect/404-no-such-volume/prefix-of-another',
    title: "A name that is only a prefix of an existing volume's name answers 404 on inspect and on delete, and that volume is kept",
    requirements: ['engine/volumes/inspect/404-no-such-volume', 'engine/volumes/delete/404-no-such-volume', 'engine/errors/404-not-found'],
    endpoint: 'engine/volumes/inspect',
    versions: V122,
    async run(ctx) {
      // A volume is addressed by its name: no volume carries the prefix, whatever volume it starts.
      const prefix = ctx.uniqueName('prefix');
      const { Name } = await createVolume(ctx, { Name: `${prefix}-volume` });
      ctx.expectStatus(await ctx.api.get(`/volumes/${prefix}`), 404, `inspect of '${prefix}' beside the volume ${Name}`);
      ctx.expectStatus(await ctx.api.delete(`/volumes/${prefix}`), 404, `DELETE of '${prefix}' beside the volume ${Name}`);
      ctx.expectStatus(await ctx.api.get(`/volumes/${Name}`), 200, `after the DELETE of '${prefix}', inspect of the volume ${Name}`);
    },
  }),
  engineCheck({
    id: 'engine/volumes/inspect/404-no-such-volume/property',
    title: 'Any name no volume carries answers 404 on inspect and on delete',
    requirements: ['engine/volumes/inspect/404-no-such-volume', 'engine/volumes/delete/404-no-such-volume'],
    endpoint: 'engine/volumes/inspect',
    versions: V122,
    async run(ctx) {
      const prefix = ctx.uniqueName('missing');
      await forAll(ctx, nameSuffix(), async (suffix) => {
        const name = `${prefix}-${suffix}`;
        const inspect = await ctx.api.get(`/volumes/${name}`);
        if (inspect.status !== 404) return `GET /volumes/${name} answered ${inspect.status}, expected 404`;
        const remove = await ctx.api.delete(`/volumes/${name}`);
        if (remove.status !== 404) return `DELETE /volumes/${name} answered ${remove.status}, expected 404`;
        return undefined;
      });
    },
  }),
];
