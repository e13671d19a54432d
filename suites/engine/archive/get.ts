import { engineCheck } from '../support/check.ts';
import { LONG_SLEEP, sharedRunningContainer } from '../support/lifecycle.ts';
import {
  archive,
  sharedContainerWithTree,
  expectArchiveError,
  expectPathStat,
  FILE_TEXT,
  pathRequiredChecks,
  TREE_ROOT,
  TREE_WORKDIR,
} from '../support/archive.ts';
import { expectTar } from '../support/container-data.ts';
import type { EngineContext } from '../support/context.ts';
import { createVolume } from '../support/resources.ts';
import { plainName, readTar, type TarRead } from '../support/tar-files.ts';

const ENDPOINT = 'engine/containers/archive-get';
const R = 'engine/containers/archive-get/';

/** GET /archive?path=… of the test tree, answering 200 with a tar; its entries. */
async function entriesOf(ctx: EngineContext, id: string, path: string, requirement: string): Promise<TarRead[]> {
  const res = await archive(ctx, 'GET', id, { path });
  ctx.expectStatus(res, 200, `GET /archive?path=${path}`, requirement);
  return expectTar(ctx, res, `the archive of ${path}`, requirement);
}

/** Where the user-mount check mounts its volume, and what it writes there. */
const MOUNT = '/conformance-mount';
const MOUNT_TEXT = 'kept in the mount';

/**
 * "Cannot be copied" (the spec names no status for it): an error status, or a tar that carries
 * nothing of the resource: no entry but directories and empty files.
 */
async function expectNotCopied(ctx: EngineContext, id: string, path: string): Promise<void> {
  const res = await archive(ctx, 'GET', id, { path });
  const entries = res.status === 200 ? await readTar(res.body).catch((): TarRead[] | undefined => undefined) : [];
  const carried = entries
    ? entries
        .filter((e) => e.type !== 'directory' && !(e.type === 'file' && e.content.length === 0))
        .map((e) => `${e.type} ${e.name} (${e.content.length} bytes)`)
    : [`a body of ${res.body.length} bytes that is no tar`];
  ctx.expect(carried.length === 0, `GET /archive?path=${path} answered ${res.status} and copied the resource`, {
    expected: 'an error status, or a tar without the content of the resource',
    actual: carried,
  });
}

const names = (entries: TarRead[]): string[] => entries.map((e) => plainName(e.name)).filter((n) => n !== '' && n !== '.');

/** Spec: Endpoints > Containers > 23. (1.22) GET /containers/(id or name)/archive. */
export default [
  engineCheck({
    id: `${R}200-tar-and-stat-header`,
    title: '(1.22) GET /archive answers 200 with a tar of the resource and the path-stat header describing it',
    requirements: [`${R}200-tar-and-stat-header`, 'engine/containers/archive-path-stat-header'],
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const { id } = await sharedContainerWithTree(ctx);
      const res = await archive(ctx, 'GET', id, { path: `${TREE_ROOT}/file.txt` });
      ctx.expectStatus(res, 200, 'GET of an existing file');
      const stat = expectPathStat(ctx, res, 'GET /archive', `${R}200-tar-and-stat-header`);
      // The header GET sends describes the resource it copies, as HEAD's does: not only a well-formed stat.
      ctx.expectEqual(
        [stat.name, stat.size],
        ['file.txt', Buffer.byteLength(FILE_TEXT)],
        'the path-stat header of GET /archive?path=/arch/file.txt names the file and gives its size',
        'engine/containers/archive-path-stat-header',
      );
      const entries = await expectTar(ctx, res, 'the archive');
      ctx.expectEqual(
        entries.map((e) => [plainName(e.name), e.content.toString('utf8')]),
        [['file.txt', FILE_TEXT]],
        'the tar holds file.txt with its content',
      );
    },
  }),
  engineCheck({
    id: `${R}relative-path`,
    title: '(1.22) A relative path is relative to the container root, not to the WorkingDir',
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const { id } = await sharedContainerWithTree(ctx);
      const entries = await entriesOf(ctx, id, 'arch/file.txt', `${R}relative-path`);
      ctx.expectEqual(
        entries.map((e) => e.content.toString('utf8')),
        [FILE_TEXT],
        `path arch/file.txt of a container whose WorkingDir is ${TREE_WORKDIR} is /arch/file.txt (not ${TREE_WORKDIR}/arch/file.txt)`,
      );
      // Only a WorkingDir other than the root tells the two apart: a target that did not keep it is recorded.
      const workingDir = ((await ctx.inspect(id)).Config as { WorkingDir?: unknown } | undefined)?.WorkingDir;
      if (workingDir !== TREE_WORKDIR)
        ctx.observe(`the container's WorkingDir is ${JSON.stringify(workingDir)}, not ${TREE_WORKDIR}: root and WorkingDir may coincide`);
    },
  }),
  engineCheck({
    id: `${R}trailing-slash-dot`,
    title: '(1.22) A trailing /. copies only the contents of the directory, not the directory itself',
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const { id } = await sharedContainerWithTree(ctx);
      const whole = names(await entriesOf(ctx, id, `${TREE_ROOT}/sub`, `${R}trailing-slash-dot`));
      const contents = names(await entriesOf(ctx, id, `${TREE_ROOT}/sub/.`, `${R}trailing-slash-dot`));
      ctx.expectEqual(whole.sort(), ['sub', 'sub/inner.txt'], 'the archive of /arch/sub holds the directory and its file');
      ctx.expectEqual(contents, ['inner.txt'], 'the archive of /arch/sub/. holds only the contents (inner.txt)');
    },
  }),
  engineCheck({
    id: `${R}symlink-resolved`,
    title: '(1.22) Symlinks are resolved to their target: the archive of a link holds the target content',
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const { id } = await sharedContainerWithTree(ctx);
      const inDir = await entriesOf(ctx, id, `${TREE_ROOT}/dirlink/inner.txt`, `${R}symlink-resolved`);
      ctx.expectEqual(
        inDir.map((e) => e.content.toString('utf8')),
        ['inner\n'],
        'a path through a symlinked directory reaches the target file',
      );
      const link = await entriesOf(ctx, id, `${TREE_ROOT}/link`, `${R}symlink-resolved`);
      ctx.expectEqual(
        link.map((e) => [e.type, e.content.toString('utf8')]),
        [['file', FILE_TEXT]],
        'the archive of a symlink to a file holds the target file (a regular file with its content), not the link',
      );
      // A relative target is read from the link's own directory (/arch/rellink -> sub/inner.txt is /arch/sub/inner.txt).
      const relative = await entriesOf(ctx, id, `${TREE_ROOT}/rellink`, `${R}symlink-resolved`);
      ctx.expectEqual(
        relative.map((e) => [e.type, e.content.toString('utf8')]),
        [['file', 'inner\n']],
        'the archive of a symlink with a relative target (sub/inner.txt, from its own directory) holds that file',
      );
    },
  }),
  engineCheck({
    id: `${R}special-paths-not-copied`,
    title: '(1.22) Resources under /proc, /sys and /dev cannot be copied: an error status, or a tar without their content',
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const { id } = await sharedRunningContainer(ctx, [...LONG_SLEEP]);
      for (const path of ['/proc/self/status', '/sys/kernel', '/dev/null']) await expectNotCopied(ctx, id, path);
    },
  }),
  engineCheck({
    id: `${R}special-paths-not-copied/user-mount`,
    title: '(1.22) The files of a user mount (a named volume) cannot be copied: GET of the mount path and of a file in it copies none of them',
    requirements: [`${R}special-paths-not-copied`],
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const volume = await ctx.setUp(() => createVolume(ctx));
      const hostConfig = { Binds: [`${volume.Name}:${MOUNT}`] };
      // One container writes the file into the volume and ends; the one read from has the volume mounted, running.
      const writer = await ctx.createContainer({ cmd: ['sh', '-c', `printf '${MOUNT_TEXT}' > ${MOUNT}/kept.txt`], hostConfig });
      await ctx.start(writer.id);
      ctx.precondition(
        (await ctx.waitExit(writer.id)) === 0,
        `writing ${MOUNT}/kept.txt into the volume failed`,
        'engine/containers/create/host-config-binds-volume-name',
      );
      const { id } = await ctx.runningContainer([...LONG_SLEEP], { hostConfig });
      for (const path of [MOUNT, `${MOUNT}/kept.txt`]) await expectNotCopied(ctx, id, path);
    },
  }),
  ...pathRequiredChecks('GET'),
  engineCheck({
    id: `${R}400-path-is-file-asserted-dir`,
    title:
      '(1.22) A trailing / asserts a directory: on a file GET /archive answers 400 with the details in a JSON body, on a directory it archives the directory',
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const { id } = await sharedContainerWithTree(ctx);
      // The assertion holds for a directory: a target refusing every trailing / would pass the 400 alone.
      ctx.expectEqual(
        names(await entriesOf(ctx, id, `${TREE_ROOT}/sub/`, `${R}400-path-is-file-asserted-dir`)).sort(),
        ['sub', 'sub/inner.txt'],
        'the archive of /arch/sub/ (a directory, asserted to be one) holds the directory and its file',
        `${R}400-path-is-file-asserted-dir`,
      );
      expectArchiveError(
        ctx,
        await archive(ctx, 'GET', id, { path: `${TREE_ROOT}/file.txt/` }),
        400,
        'GET /archive of a file asserted to be a directory',
        `${R}400-path-is-file-asserted-dir`,
      );
    },
  }),
  engineCheck({
    id: `${R}404-no-such-path`,
    title: '(1.22) GET /archive of a path that does not exist answers 404 with the details in a JSON body',
    requirements: [`${R}404-no-such-path`, 'engine/errors/archive-json-body'],
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const { id } = await ctx.createContainer({ cmd: ['true'] });
      expectArchiveError(ctx, await archive(ctx, 'GET', id, { path: '/conformance-missing' }), 404, 'GET /archive of a missing path', `${R}404-no-such-path`);
    },
  }),
  engineCheck({
    id: `${R}404-no-such-container`,
    title: '(1.22) GET /archive on a container that does not exist answers 404 with the details in a JSON body',
    requirements: [`${R}404-no-such-container`, 'engine/errors/archive-json-body'],
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      expectArchiveError(
        ctx,
        await archive(ctx, 'GET', ctx.uniqueName('missing'), { path: '/' }),
        404,
        'GET /archive of a missing container',
        `${R}404-no-such-container`,
      );
    },
  }),
];
