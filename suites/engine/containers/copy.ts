import { engineCheck } from '../support/check.ts';
import { catalogContentType, contentType, expectTar, sharedRanContainer, WRITES_A_FILE } from '../support/container-data.ts';
import type { EngineContext } from '../support/context.ts';
import { noSuchContainerCheck } from '../support/lifecycle.ts';
import { plainName } from '../support/tar-files.ts';

const ENDPOINT = 'engine/containers/copy';
const R = 'engine/containers/copy/';

const copy = (ctx: EngineContext, id: string, resource: string) => ctx.api.post(`/containers/${id}/copy`, { json: { Resource: resource } });

/** Spec: Endpoints > Containers > 21. POST /containers/(id or name)/copy (deprecated in 1.22). */
export default [
  engineCheck({
    id: `${R}200-tar-stream`,
    title: 'POST /containers/(id)/copy {Resource} answers 200 with the resource as a tar stream',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id } = await sharedRanContainer(ctx, WRITES_A_FILE);
      const res = await copy(ctx, id, '/conformance-written');
      ctx.expectStatus(res, 200, 'copy of a file');
      const entries = await expectTar(ctx, res, 'the copy body');
      ctx.expectEqual(
        entries.map((e) => [plainName(e.name), e.content.toString('utf8')]),
        [['conformance-written', 'written\n']],
        'the tar holds the one file, with its content',
      );
      // A second Resource of the same container: the answer follows the path named, not one file.
      const other = await copy(ctx, id, '/etc/fixture-release');
      ctx.expectStatus(other, 200, 'copy of a second file of the container');
      const names = (await expectTar(ctx, other, 'the copy body of /etc/fixture-release')).map((e) => plainName(e.name));
      ctx.expectEqual(names, ['fixture-release'], 'the tar of Resource /etc/fixture-release holds that one file');
    },
  }),
  engineCheck({
    id: `${R}content-type-x-tar`,
    title: 'The copy answer has the content type the spec gives (application/x-tar)',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id } = await ctx.createContainer({ cmd: ['true'] });
      const res = await copy(ctx, id, '/etc/fixture-release');
      if (res.status === 404)
        ctx.blockedBy(`${R}200-tar-stream`, `POST /containers/(id)/copy of a file that exists answered 404: ${res.text().trim().slice(0, 120)}`);
      ctx.expectStatus(res, 200, 'copy of a file');
      ctx.expectEqual(contentType(res), catalogContentType(ENDPOINT), 'the copy Content-Type');
    },
  }),
  engineCheck({
    id: `${R}deprecated-in-1.22`,
    title: '(1.22) Copy is deprecated in favour of the archive endpoints: record whether the target still serves it',
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const { id } = await ctx.createContainer({ cmd: ['true'] });
      const res = await copy(ctx, id, '/etc/fixture-release');
      ctx.observe(`POST /v1.22/containers/(id)/copy answered ${res.status}${res.status === 200 ? ' (still served)' : ''}`);
    },
  }),
  noSuchContainerCheck({ endpoint: ENDPOINT, method: 'POST', suffix: 'copy', body: { Resource: '/etc' }, keepsExited: true }),
];
