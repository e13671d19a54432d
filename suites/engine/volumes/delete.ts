import { engineCheck } from '../support/check.ts';
import { createVolume, volumeOfRemovedContainer } from '../support/resources.ts';

const V122 = ['1.22' as const];

/** Spec: Endpoints > Volumes > 50. DELETE /volumes/(name) (1.22). */
export default [
  engineCheck({
    id: 'engine/volumes/delete/204-removed',
    title: 'DELETE /volumes/(name) answers 204 and the volume is gone',
    endpoint: 'engine/volumes/delete',
    versions: V122,
    async run(ctx) {
      const { Name } = await createVolume(ctx);
      ctx.expectStatus(await ctx.api.delete(`/volumes/${Name}`), 204, 'DELETE of an unused volume');
      ctx.expectStatus(await ctx.api.get(`/volumes/${Name}`), 404, 'after a 204 delete, inspect of the volume');
    },
  }),
  engineCheck({
    id: 'engine/volumes/delete/204-removed/container-removed',
    title: 'DELETE /volumes/(name) of a volume whose only container was removed answers 204 and the volume is gone (no longer in use)',
    requirements: ['engine/volumes/delete/204-removed'],
    endpoint: 'engine/volumes/delete',
    versions: V122,
    async run(ctx) {
      const { Name } = await volumeOfRemovedContainer(ctx);
      ctx.expectStatus(await ctx.api.delete(`/volumes/${Name}`), 204, 'DELETE of a volume whose container was removed');
      ctx.expectStatus(await ctx.api.get(`/volumes/${Name}`), 404, 'after a 204 delete, inspect of the volume');
    },
  }),
  engineCheck({
    id: 'engine/volumes/delete/404-no-such-volume',
    title: 'DELETE /volumes/(name) of a volume that does not exist answers 404',
    endpoint: 'engine/volumes/delete',
    versions: V122,
    async run(ctx) {
      ctx.expectStatus(await ctx.api.delete(`/volumes/${ctx.uniqueName('missing')}`), 404, 'DELETE of a missing volume');
    },
  }),
  engineCheck({
    id: 'engine/volumes/delete/409-in-use',
    title: 'DELETE /volumes/(name) of a volume a container uses, running or created, answers 409 and keeps it',
    endpoint: 'engine/volumes/delete',
    versions: V122,
    async run(ctx) {
      // A running container uses its volume under any reading of "in use"; a created one names it for its start (Docker and Podman refuse both).
      const binds = (name: string) => ({ hostConfig: { Binds: [`${name}:/data`] } });
      const users: Array<[string, (name: string) => Promise<unknown>]> = [
        ['a running container', (name) => ctx.runningContainer(['sleep', '300'], binds(name))],
        ['a created, never started container', (name) => ctx.createContainer({ cmd: ['true'], ...binds(name) })],
      ];
      for (const [user, mount] of users) {
        const { Name } = await createVolume(ctx);
        await mount(Name);
        ctx.expectStatus(await ctx.api.delete(`/volumes/${Name}`), 409, `DELETE of a volume mounted by ${user}`);
        ctx.expectStatus(await ctx.api.get(`/volumes/${Name}`), 200, `after a 409, the volume ${user} mounts still exists`);
      }
    },
  }),
];
