import { engineCheck } from '../support/check.ts';
import { createBody, createRaw } from '../support/container-data.ts';
import { v122 } from '../support/resources.ts';

const REQUIREMENT = 'engine/containers/create/host-config-volume-driver';

/** Spec: Resources > Container create request, HostConfig VolumeDriver (1.22); Endpoints > Volumes (the default driver `local`). */
export default [
  engineCheck({
    id: `${REQUIREMENT}/local-makes-volume`,
    title: '(1.22) A create with VolumeDriver `local` (the default driver, spelled out) and a named volume in Binds answers 201; the volume has Driver local',
    requirements: [REQUIREMENT],
    endpoint: 'engine/containers/create',
    versions: ['1.22'],
    async run(ctx) {
      const volume = ctx.uniqueName('vd-local');
      // Registered before the container, so it runs after the container's removal (newest first).
      ctx.defer(async () => {
        await ctx.api.raw('DELETE', v122(`/volumes/${encodeURIComponent(volume)}`));
      });
      const { res } = await createRaw(ctx, createBody(ctx, { HostConfig: { VolumeDriver: 'local', Binds: [`${volume}:/conformance-vd`] } }));
      ctx.expectStatus(res, 201, `create with VolumeDriver local and Binds ${volume}:/conformance-vd`);
      const inspected = await ctx.api.raw('GET', v122(`/volumes/${encodeURIComponent(volume)}`));
      ctx.expectStatus(inspected, 200, `GET /volumes/${volume}, the volume the create named`);
      const driver = ctx.expectJson<{ Driver?: unknown }>(inspected, 'volume inspect').Driver;
      ctx.expectEqual(driver, 'local', `the volume ${volume} the container was created with has the driver VolumeDriver named`);
    },
  }),
];
