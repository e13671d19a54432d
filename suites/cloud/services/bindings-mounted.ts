/**
 * Spec: Resources and their fields > Service, "Service binding: host_path S or null, container_path S or null, rewritable B
 * (writable), volumes_from URI or null", and the create body's bindings. What a host_path and a volumes_from binding mount
 * in the containers, read by exec: the values a service stores and echoes are compared by the create and zero-value checks.
 *
 * The data is written once every container involved runs: a target that copies the directory or the volume when it
 * deploys a container shows an older copy, not what is written now.
 */
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { firstContainer, runningService, sharedNodes } from '../support/app.ts';
import { sameResource } from '../support/lists.ts';
import { DATA_PATH, volumeAt, writeMarker } from '../support/reuse-volumes.ts';
import { printedIn } from '../support/streams.ts';
import type { Container } from '../support/views.generated.ts';

const R = {
  hostPath: 'cloud/service/binding-host-path-in-containers',
  volumesFrom: 'cloud/service/binding-volumes-from-in-containers',
};

/** The file the checks write and read below a mount point. */
const markerUnder = (path: string): string => `${path}/conformance-marker`;

/** `file` in `container` holds `marker` (`present`) or does not. */
async function expectMarkerIn(ctx: CloudContext, container: Container, file: string, marker: string, present: boolean, requirement: string): Promise<void> {
  const read = await printedIn(ctx, container, `cat ${file}`);
  ctx.expect(read.includes(marker) === present, `${file} in ${container.resource_uri} ${present ? 'does not hold' : 'holds'} the data written`, {
    expected: present ? `${file} holding ${marker}` : `no ${marker} in ${file}`,
    actual: read.slice(0, 200),
    requirement,
  });
}

export default [
  cloudCheck({
    id: R.hostPath,
    title: "A host_path binding mounts the node's directory: a container of another service on the node binding it sees what is written there",
    endpoint: 'cloud/container/exec',
    async run(ctx) {
      const at = await sharedNodes(ctx);
      // Paths of this check alone: the shared node runs the other checks' services too.
      const [shared, other] = [`/tmp/${ctx.uniqueName('host')}`, `/tmp/${ctx.uniqueName('host-other')}`];
      // Different container paths and services: only the host path joins the two bindings.
      const writer = await firstContainer(
        ctx,
        await runningService(ctx, at, {
          bindings: [
            { host_path: shared, container_path: '/conformance-host-a' },
            { host_path: other, container_path: '/conformance-host-other' },
          ],
        }),
      );
      const reader = await firstContainer(ctx, await runningService(ctx, at, { bindings: [{ host_path: shared, container_path: '/conformance-host-b' }] }));
      // A host path is a directory of one node; where a service runs is the target's choice.
      ctx.precondition(
        sameResource(writer.node, reader.node),
        `the two containers run on different nodes (${String(writer.node)}, ${String(reader.node)}): the same host path is not the same directory`,
      );
      const marker = await writeMarker(ctx, [writer], markerUnder('/conformance-host-a'));
      await expectMarkerIn(ctx, reader, markerUnder('/conformance-host-b'), marker, true, R.hostPath);
      // Another host path is another directory: a target mounting one directory for every host path shows the data there.
      await expectMarkerIn(ctx, writer, markerUnder('/conformance-host-other'), marker, false, R.hostPath);
    },
  }),
  cloudCheck({
    id: R.volumesFrom,
    title: "A volumes_from binding mounts the other service's volumes: its containers see what that service's container writes in its volume",
    endpoint: 'cloud/container/exec',
    async run(ctx) {
      const at = await sharedNodes(ctx);
      const sourceService = await runningService(ctx, at, { bindings: [{ container_path: DATA_PATH }] });
      const source = await firstContainer(ctx, sourceService);
      const mounting = await firstContainer(ctx, await runningService(ctx, at, { bindings: [{ volumes_from: sourceService.resource_uri }] }));
      const volume = volumeAt(source, DATA_PATH);
      // Where the volumes are mounted is not stated: where the container shows the source's volume, else at the source's path.
      const path = (typeof volume === 'string' && volume !== '' && mounting.bindings?.find((b) => sameResource(b.volume, volume))?.container_path) || DATA_PATH;
      ctx.observe(
        `the source container shows volume ${String(volume)} at ${DATA_PATH} on ${String(source.node)}; the volumes_from container is on ` +
          `${String(mounting.node)} and shows bindings ${JSON.stringify(mounting.bindings ?? null)}; read at ${path}`,
      );
      const marker = await writeMarker(ctx, [source]);
      await expectMarkerIn(ctx, mounting, markerUnder(path), marker, true, R.volumesFrom);
    },
  }),
];
