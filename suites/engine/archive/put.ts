import { engineCheck } from '../support/check.ts';
import { archive, containerWithTree, expectArchiveError, FILE_TEXT, oneFileTar, pathRequiredChecks, TREE_ROOT } from '../support/archive.ts';
import { expectTar } from '../support/container-data.ts';
import type { EngineContext } from '../support/context.ts';
import { createVolume } from '../support/resources.ts';
import { packTar, plainName } from '../support/tar-files.ts';

const ENDPOINT = 'engine/containers/archive-put';
const R = 'engine/containers/archive-put/';
const GET_OK = 'engine/containers/archive-get/200-tar-and-stat-header';
/** Where the 403 check mounts a volume read-only. */
const RO_VOLUME = '/conformance-ro';

/** A tar that puts a regular file where /arch/sub (a directory) is. */
const fileOverDir = () => packTar([{ name: 'sub', content: 'now a file\n' }]);
/** A tar that puts a directory where /arch/file.txt (a regular file) is: the reverse replacement. */
const dirOverFile = () => packTar([{ name: 'file.txt/', type: 'directory' }]);
/** Both replacements in one tar. */
const bothReplacements = () =>
  packTar([
    { name: 'sub', content: 'now a file\n' },
    { name: 'file.txt/', type: 'directory' },
  ]);
/** What /arch/sub and /arch/file.txt are in the tree as put, and once both replacements took place (a file with its content). */
const ORIGINAL = { sub: 'directory', 'file.txt': `file: ${FILE_TEXT}` };
const REPLACED = { sub: 'file: now a file\n', 'file.txt': 'directory' };

/** What /arch/sub and /arch/file.txt are, read back with GET /archive?path=/arch (a read the GET checks judge). */
async function kindsAfter(ctx: EngineContext, id: string): Promise<Record<string, string>> {
  const entries = await ctx.setUp(async () => {
    const back = await archive(ctx, 'GET', id, { path: TREE_ROOT });
    ctx.expectStatus(back, 200, 'GET /archive?path=/arch after the PUT');
    return expectTar(ctx, back, 'the archive of /arch');
  }, GET_OK);
  const kindOf = (name: string): string => {
    const e = entries.find((x) => plainName(x.name) === `arch/${name}`);
    if (!e) return 'missing';
    return e.type === 'file' ? `file: ${e.content.toString('utf8')}` : e.type;
  };
  return { sub: kindOf('sub'), 'file.txt': kindOf('file.txt') };
}

/** Spec: Endpoints > Containers > 24. (1.22) PUT /containers/(id or name)/archive. */
export default [
  engineCheck({
    id: `${R}200-extracted`,
    title: '(1.22) PUT /archive answers 200 and the tar is extracted into the directory `path`',
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const { id } = await containerWithTree(ctx, {}, undefined, true);
      const res = await archive(ctx, 'PUT', id, { path: `${TREE_ROOT}/sub` }, await packTar([{ name: 'put.txt', content: 'put content\n' }]));
      ctx.expectStatus(res, 200, 'PUT of a one-file tar into /arch/sub');
      const back = await archive(ctx, 'GET', id, { path: `${TREE_ROOT}/sub/put.txt` });
      ctx.expectStatus(back, 200, 'GET of the extracted file');
      const entries = await expectTar(ctx, back, 'the archive of the extracted file');
      ctx.expectEqual(
        entries.map((e) => e.content.toString('utf8')),
        ['put content\n'],
        'the file is in /arch/sub with its content',
      );
    },
  }),
  ...pathRequiredChecks('PUT'),
  engineCheck({
    id: `${R}400-path-is-file`,
    title: '(1.22) PUT /archive into a path that is a file answers 400 with the details in a JSON body',
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const { id } = await containerWithTree(ctx);
      expectArchiveError(
        ctx,
        await archive(ctx, 'PUT', id, { path: `${TREE_ROOT}/file.txt` }, await oneFileTar()),
        400,
        'PUT /archive into a file',
        `${R}400-path-is-file`,
      );
    },
  }),
  engineCheck({
    id: `${R}400-forbidden-overwrite`,
    title: '(1.22) With noOverwriteDirNonDir=1, replacing a directory with a file, or the reverse, answers 400',
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const cases = [
        { tar: fileOverDir, what: 'replacing the directory /arch/sub with a file' },
        { tar: dirOverFile, what: 'replacing the file /arch/file.txt with a directory' },
      ];
      for (const { tar, what } of cases) {
        const { id } = await containerWithTree(ctx);
        const res = await archive(ctx, 'PUT', id, { path: TREE_ROOT, noOverwriteDirNonDir: 1 }, await tar());
        expectArchiveError(ctx, res, 400, `PUT /archive ${what}, noOverwriteDirNonDir=1`, `${R}400-forbidden-overwrite`);
        // An error is no replacement: the refused PUT leaves what was there.
        ctx.expectEqual(await kindsAfter(ctx, id), ORIGINAL, `after the refused PUT ${what}, what /arch holds`, `${R}400-forbidden-overwrite`);
      }
    },
  }),
  engineCheck({
    id: `${R}overwrite-allowed-by-default`,
    title:
      '(1.22) Without noOverwriteDirNonDir, or with it 0, a tar replacing a directory with a file and a file with a directory answers 200 and replaces both',
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      for (const flag of [{}, { noOverwriteDirNonDir: 0 }]) {
        const what = `PUT /archive replacing the directory /arch/sub with a file and the file /arch/file.txt with a directory, ${
          'noOverwriteDirNonDir' in flag ? 'noOverwriteDirNonDir=0' : 'no flag'
        }`;
        const { id } = await containerWithTree(ctx);
        ctx.expectStatus(await archive(ctx, 'PUT', id, { path: TREE_ROOT, ...flag }, await bothReplacements()), 200, what);
        // Not an error means the replacement happens: a 200 that keeps what was there ignored the tar.
        ctx.expectEqual(await kindsAfter(ctx, id), REPLACED, `${what}: what /arch holds afterwards`);
      }
    },
  }),
  engineCheck({
    id: `${R}403-read-only`,
    title: '(1.22) PUT /archive into a read-only root filesystem (ReadonlyRootfs) or into a volume mounted read-only answers 403',
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      // Both targets are judged, each failure reported: a target may refuse one and not the other.
      const refused = async (id: string, path: string, what: string): Promise<void> => {
        const res = await archive(ctx, 'PUT', id, { path }, await oneFileTar());
        ctx.verify(res.status === 403, `PUT /archive into ${what}: expected status 403, got ${res.status}`, {
          requirement: `${R}403-read-only`,
          expected: 403,
          actual: { status: res.status, body: res.text().trim().slice(0, 200) },
        });
        // Refused means not written: a target that extracts the archive and then answers 403 still changed the read-only place.
        const written = await archive(ctx, 'HEAD', id, { path: `${path}/x.txt` });
        ctx.verify(res.status !== 403 || written.status === 404, `after the 403 PUT into ${what}, x.txt of its archive is not there`, {
          requirement: `${R}403-read-only`,
          expected: `HEAD /archive?path=${path}/x.txt answering 404`,
          actual: written.status,
        });
      };
      const rootfs = await ctx.createContainer({ cmd: ['true'], hostConfig: { ReadonlyRootfs: true } });
      await refused(rootfs.id, '/etc', 'a read-only root filesystem');
      // The other read-only target the spec names: a volume, in a container whose root filesystem is writable.
      const volume = await ctx.setUp(() => createVolume(ctx));
      const mounted = await ctx.createContainer({ cmd: ['true'], hostConfig: { Binds: [`${volume.Name}:${RO_VOLUME}:ro`] } });
      await refused(mounted.id, RO_VOLUME, `${RO_VOLUME}, a volume mounted read-only`);
    },
  }),
  engineCheck({
    id: `${R}404-no-such-path`,
    title: '(1.22) PUT /archive into a directory that does not exist answers 404 with the details in a JSON body',
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const { id } = await ctx.createContainer({ cmd: ['true'] });
      expectArchiveError(
        ctx,
        await archive(ctx, 'PUT', id, { path: '/conformance-missing' }, await oneFileTar()),
        404,
        'PUT /archive into a missing directory',
        `${R}404-no-such-path`,
      );
    },
  }),
  engineCheck({
    id: `${R}404-no-such-container`,
    title: '(1.22) PUT /archive on a container that does not exist answers 404 with the details in a JSON body',
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      expectArchiveError(
        ctx,
        await archive(ctx, 'PUT', ctx.uniqueName('missing'), { path: '/' }, await oneFileTar()),
        404,
        'PUT /archive on a missing container',
        `${R}404-no-such-container`,
      );
    },
  }),
];
