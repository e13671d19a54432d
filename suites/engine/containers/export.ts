import { engineCheck } from '../support/check.ts';
import { catalogContentType, contentType, expectTar, sharedRanContainer, WRITES_A_FILE } from '../support/container-data.ts';
import type { EngineContext } from '../support/context.ts';
import { noSuchContainerCheck } from '../support/lifecycle.ts';
import { plainName, type TarRead } from '../support/tar-files.ts';

const ENDPOINT = 'engine/containers/export';
const R = 'engine/containers/export/';
/** A program that writes a file and removes one of its image's. */
const WRITES_AND_REMOVES = `${WRITES_A_FILE}; rm /etc/fixture-release`;

/** The tar holds an entry named `name` (without a leading ./ or /). */
function expectHolds(ctx: EngineContext, entries: readonly TarRead[], name: string, what: string): void {
  ctx.expect(
    entries.some((e) => plainName(e.name) === name),
    what,
    { expected: name, actual: entries.slice(0, 30).map((e) => e.name) },
  );
}

/** Spec: Endpoints > Containers > 7. GET /containers/(id or name)/export. */
export default [
  engineCheck({
    id: `${R}200-tar-stream`,
    title: 'GET /containers/(id)/export answers 200 with the container filesystem as a tar stream: what it wrote, not what it removed',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id } = await sharedRanContainer(ctx, WRITES_AND_REMOVES);
      const res = await ctx.api.get(`/containers/${id}/export`);
      ctx.expectStatus(res, 200, 'export');
      const entries = await expectTar(ctx, res, 'the export body');
      const file = entries.find((e) => plainName(e.name) === 'conformance-written');
      ctx.expectEqual(file?.content.toString('utf8'), 'written\n', 'the tar holds the file the container wrote, with its content');
      expectHolds(ctx, entries, 'bin/busybox', 'the tar holds the image files too (/bin/busybox)');
      // The image's layer still holds the removed file: a tar of the layers, not of the container's filesystem, shows it.
      ctx.expect(!entries.some((e) => plainName(e.name) === 'etc/fixture-release'), 'the tar holds /etc/fixture-release, which the container removed', {
        expected: 'no etc/fixture-release',
        actual: entries.filter((e) => plainName(e.name).startsWith('etc/')).map((e) => e.name),
      });
    },
  }),
  engineCheck({
    id: `${R}200-tar-stream/never-ran`,
    title: 'GET /containers/(id)/export of a container that never ran answers its filesystem: the files of its image',
    requirements: [`${R}200-tar-stream`],
    endpoint: ENDPOINT,
    async run(ctx) {
      // Created, never started: its filesystem is its image's, though no process ever had it mounted.
      const { id } = await ctx.createContainer({ cmd: ['true'] });
      const res = await ctx.api.get(`/containers/${id}/export`);
      ctx.expectStatus(res, 200, 'export of a container created and never started');
      expectHolds(ctx, await expectTar(ctx, res, 'the export body'), 'etc/fixture-release', 'the tar of a container that never ran holds its image files');
    },
  }),
  engineCheck({
    id: `${R}content-type-octet-stream`,
    title: 'The export answer has the content type the spec gives (application/octet-stream)',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id } = await ctx.createContainer({ cmd: ['true'] });
      const res = await ctx.api.get(`/containers/${id}/export`);
      ctx.expectStatus(res, 200, 'export');
      ctx.expectEqual(contentType(res), catalogContentType(ENDPOINT), 'the export Content-Type');
    },
  }),
  noSuchContainerCheck({ endpoint: ENDPOINT, method: 'GET', suffix: 'export' }),
];
