import { engineCheck } from '../support/check.ts';
import { catalogContentType, contentType, expectTar, sharedRanContainer, WRITES_A_FILE } from '../support/container-data.ts';
import type { EngineContext } from '../support/context.ts';
import { noSuchContainerCheck } from '../support/lifecycle.ts';
import { plainName, underDirectory } from '../support/tar-files.ts';

const ENDPOINT = 'engine/containers/copy';
const R = 'engine/containers/copy/';

const copy = (ctx: EngineContext, id: string, resource: string) => ctx.api.post(`/containers/${id}/copy`, { json: { Resource: resource } });

/**
 * The copy check's container writes /conformance-written and a directory of two files, one in a
 * subdirectory: a Resource that is a directory is copied with its files, not as one entry. How the
 * tar names them (under the directory's name, or relative to it as Docker's copy does) is not shown.
 */
const DIRECTORY = 'conformance-dir';
/** Each file of the directory and the word it holds (echoed: the word and a newline). */
const DIRECTORY_FILES: ReadonlyArray<[string, string]> = [
  ['one.txt', 'one'],
  ['sub/inner.txt', 'inner'],
];
const WRITES_FILE_AND_DIRECTORY = [
  WRITES_A_FILE,
  `mkdir -p /${DIRECTORY}/sub`,
  ...DIRECTORY_FILES.map(([name, word]) => `echo ${word} > /${DIRECTORY}/${name}`),
].join(' && ');
/** The files of the directory's tar as [name relative to the directory, content], sorted. */
const DIRECTORY_TAR = DIRECTORY_FILES.map(([name, word]) => [name, `${word}\n`]).sort();
/** The entries beside the files a directory's tar may hold: the directory's own and its subdirectory's. */
const DIRECTORY_ENTRIES = ['', 'sub'];

/** Spec: Endpoints > Containers > 21. POST /containers/(id or name)/copy (deprecated in 1.22). */
export default [
  engineCheck({
    id: `${R}200-tar-stream`,
    title:
      'POST /containers/(id)/copy {Resource} answers 200 with the resource as a tar stream: a file with its content, ' +
      'a directory with the files under it, each with its content',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id } = await sharedRanContainer(ctx, WRITES_FILE_AND_DIRECTORY);
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
      // A Resource is a path in the container, a directory too: its tar holds what is in it, not the directory's own entry alone.
      const directory = await copy(ctx, id, `/${DIRECTORY}`);
      ctx.expectStatus(directory, 200, 'copy of a directory');
      const tree = underDirectory(await expectTar(ctx, directory, `the copy body of /${DIRECTORY}`), DIRECTORY);
      ctx.observe(`the tar of /${DIRECTORY} names its entries ${tree.prefixed ? `under ${DIRECTORY}/` : 'relative to the directory'}`);
      const files = tree.entries.filter((e) => e.type !== 'directory' || !DIRECTORY_ENTRIES.includes(e.name));
      ctx.expectEqual(
        files.map((e) => (e.type === 'file' ? [e.name, e.content.toString('utf8')] : [e.name, e.type])).sort(),
        DIRECTORY_TAR,
        `the tar of Resource /${DIRECTORY} holds its files (one.txt, and sub/inner.txt in its subdirectory) with their content, and nothing else`,
      );
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
