import { repeated } from '../../../harness/check/repeated.ts';
import { engineCheck } from '../support/check.ts';
import { createVolume, type Volume, volumeOfRemovedContainer } from '../support/resources.ts';

const V122 = ['1.22' as const];

interface VolumeList {
  Volumes: Volume[] | null;
  Warnings: string[] | null;
}

/** Spec: Endpoints > Volumes > 47. GET /volumes (1.22). */
export default [
  engineCheck({
    id: 'engine/volumes/list/200-response-schema',
    title: 'GET /volumes answers 200 with {Volumes [Volume], Warnings [S]}: two new volumes, each listed with its own Name, Driver and Mountpoint',
    endpoint: 'engine/volumes/list',
    versions: V122,
    async run(ctx) {
      const created = [await createVolume(ctx), await createVolume(ctx)];
      const res = await ctx.api.get('/volumes');
      ctx.expectStatus(res, 200, 'GET /volumes');
      const body = ctx.expectJson<Partial<VolumeList>>(res, 'volume list');
      const listed = Array.isArray(body.Volumes) ? body.Volumes : [];
      // Judged before the schema, so that a schema breach elsewhere in the answer does not hide them.
      for (const { Name, Driver, Mountpoint } of created) {
        const item = listed.find((v) => v?.Name === Name);
        // The create answer says which volume this is: the list shows that one, not another's driver or mount point.
        ctx.verify(
          item !== undefined && item.Driver === Driver && item.Mountpoint === Mountpoint,
          `the list item of the volume ${Name} just created, with the Driver and Mountpoint its create answered`,
          { requirement: 'engine/volumes/list/200-response-schema', expected: { Name, Driver, Mountpoint }, actual: item ?? 'not listed' },
        );
      }
      ctx.expectVersionSchema<VolumeList>('volume-list', body, 'the volume list');
    },
  }),
  engineCheck({
    id: 'engine/volumes/list/200-response-schema/none-listed',
    title: '(1.22) GET /volumes with no volume to list answers Volumes as a list (an empty one, not null)',
    endpoint: 'engine/volumes/list',
    versions: V122,
    requirements: ['engine/volumes/list/200-response-schema'],
    async run(ctx) {
      // The check makes no volume: on a daemon without (unused) volumes these answers list nothing.
      // The daemon is shared, so the empty answer cannot be forced; not reaching it leaves the check
      // not applicable (nothing to judge). Only Volumes is judged here: the rest is the exchange judge's.
      const queries: Array<[string, Record<string, string>]> = [
        ['GET /volumes', {}],
        ['GET /volumes with filters {"dangling":["true"]}', { filters: JSON.stringify({ dangling: ['true'] }) }],
      ];
      const listed: string[] = [];
      for (const [what, query] of queries) {
        const res = await ctx.api.get('/volumes', query);
        ctx.expectStatus(res, 200, what);
        const volumes = ctx.expectJson<{ Volumes?: unknown }>(res, 'volume list').Volumes;
        if (Array.isArray(volumes) && volumes.length) listed.push(`${what} listed ${volumes.length}`);
        else
          ctx.expect(Array.isArray(volumes), `${what} listed no volume, and its Volumes is not a list`, {
            expected: 'Volumes: [] (a list of Volume objects)',
            actual: { Volumes: volumes },
          });
      }
      if (listed.length === queries.length)
        ctx.notApplicable(`no answer was empty (the daemon holds volumes this check did not make): the data cannot show an empty list: ${listed.join('; ')}`);
    },
  }),
  engineCheck({
    id: 'engine/volumes/list/each-volume-once',
    title: '(1.22) GET /volumes lists each volume once: a new volume and one two containers mount are both listed, once',
    endpoint: 'engine/volumes/list',
    versions: V122,
    async run(ctx) {
      const mine = [(await createVolume(ctx)).Name, (await createVolume(ctx)).Name];
      // A list joined with the volumes' users would repeat the mounted one.
      for (let i = 0; i < 2; i++) await ctx.createContainer({ cmd: ['true'], hostConfig: { Binds: [`${mine[1]}:/data`] } });
      const res = await ctx.api.get('/volumes');
      ctx.expectStatus(res, 200, 'GET /volumes');
      const names = (ctx.expectJson<VolumeList>(res, 'volume list').Volumes ?? []).map((v) => v?.Name);
      const twice = repeated(names);
      ctx.expect(mine.every((n) => names.includes(n)) && twice.length === 0, 'GET /volumes does not list each volume once', {
        expected: { listed: mine, twice: [] },
        actual: { names, twice },
      });
    },
  }),
  engineCheck({
    id: 'engine/volumes/list/filter-dangling',
    title: 'Filter dangling=true lists only volumes no container uses (a new one, and one whose container was removed)',
    endpoint: 'engine/volumes/list',
    versions: V122,
    async run(ctx) {
      const unused = await createVolume(ctx);
      const freed = await volumeOfRemovedContainer(ctx);
      const used = await createVolume(ctx);
      await ctx.createContainer({ cmd: ['true'], hostConfig: { Binds: [`${used.Name}:/data`] } });
      const res = await ctx.api.get('/volumes', { filters: JSON.stringify({ dangling: ['true'] }) });
      ctx.expectStatus(res, 200, 'GET /volumes with filters {"dangling":["true"]}');
      const names = (ctx.expectJson<VolumeList>(res, 'volume list').Volumes ?? []).map((v) => v.Name);
      ctx.expect(names.includes(unused.Name), `dangling=true must list the unused volume ${unused.Name}`, { expected: unused.Name, actual: names });
      ctx.expect(names.includes(freed.Name), `dangling=true must list the volume ${freed.Name} whose only container was removed`, {
        expected: freed.Name,
        actual: names,
      });
      ctx.expect(!names.includes(used.Name), `dangling=true must not list the volume ${used.Name} a container uses`, {
        expected: `no ${used.Name}`,
        actual: names,
      });
    },
  }),
];
