import { engineCheck } from '../support/check.ts';
import { catalogContentType, contentType, expectTar, sharedRanContainer, WRITES_A_FILE } from '../support/container-data.ts';
import { noSuchContainerCheck } from '../support/lifecycle.ts';
import { plainName } from '../support/tar-files.ts';

const ENDPOINT = 'engine/containers/export';
const R = 'engine/containers/export/';

/** Spec: Endpoints > Containers > 7. GET /containers/(id or name)/export. */
export default [
  engineCheck({
    id: `${R}200-tar-stream`,
    title: 'GET /containers/(id)/export answers 200 with the container filesystem as a tar stream',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id } = await sharedRanContainer(ctx, WRITES_A_FILE);
      const res = await ctx.api.get(`/containers/${id}/export`);
      ctx.expectStatus(res, 200, 'export');
      const entries = await expectTar(ctx, res, 'the export body');
      const file = entries.find((e) => plainName(e.name) === 'conformance-written');
      ctx.expectEqual(file?.content.toString('utf8'), 'written\n', 'the tar holds the file the container wrote, with its content');
      ctx.expect(
        entries.some((e) => plainName(e.name) === 'etc/fixture-release'),
        'the tar holds the image files too (/etc/fixture-release)',
        { expected: 'etc/fixture-release', actual: entries.slice(0, 30).map((e) => e.name) },
      );
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
