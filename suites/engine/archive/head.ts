import type { Query } from '../../../harness/protocol/query.ts';
import { type HttpResponse, isSuccess } from '../../../harness/target/http-transport.ts';
import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { LONG_SLEEP } from '../support/lifecycle.ts';
import { archive, sharedContainerWithTree, expectPathStat, FILE_TEXT, TREE_ROOT } from '../support/archive.ts';

const ENDPOINT = 'engine/containers/archive-head';
const R = 'engine/containers/archive-head/';
/** How long before a HEAD the shared tree may have been written: the file's checks run within a run of minutes. */
const TREE_AGE_MS = 30 * 60_000;
/** A daemon clock a little ahead of the suite's (both read the same host clock here; a remote daemon's may drift). */
const CLOCK_SLACK_MS = 60_000;

/** The mount points of the mounts check's container: a volume, and a bind mount of MOUNTED_HOST_DIR. */
const VOLUME_AT = '/conformance-head-vol';
const BIND_AT = '/conformance-head-bind';
/** A host directory every Linux host has. */
const MOUNTED_HOST_DIR = '/tmp';

/**
 * A running container with a volume at VOLUME_AT and a bind mount at BIND_AT. A refused create or
 * start blocks the check: the bind check (the container's other mount, a volume, is the plainer one) reports it.
 */
async function containerWithMounts(ctx: EngineContext): Promise<string> {
  const spec = { extra: { Volumes: { [VOLUME_AT]: {} } }, hostConfig: { Binds: [`${MOUNTED_HOST_DIR}:${BIND_AT}:ro`] } };
  return (await ctx.setUp(() => ctx.runningContainer([...LONG_SLEEP], spec), 'engine/containers/create/host-config-binds')).id;
}

/** HEAD of a file in a container's tree, which must answer 200. */
async function headOfFile(ctx: EngineContext): Promise<HttpResponse> {
  const { id } = await sharedContainerWithTree(ctx);
  const res = await archive(ctx, 'HEAD', id, { path: `${TREE_ROOT}/file.txt` });
  ctx.expectStatus(res, 200, 'HEAD of an existing file');
  return res;
}

/**
 * The bytes a target sends after the head of a HEAD answer, read on a raw connection that asks to
 * close (an HTTP client drops a HEAD body unread, so only the wire shows one).
 */
async function bytesAfterHead(ctx: EngineContext): Promise<number> {
  const { id } = await sharedContainerWithTree(ctx);
  const conn = await ctx.api.hijack('HEAD', `/containers/${id}/archive`, {
    query: { path: `${TREE_ROOT}/file.txt` },
    headers: { connection: 'close' },
    upgrade: false,
  });
  try {
    ctx.expectEqual(conn.status, 200, 'HEAD of an existing file (raw connection)');
    return (await conn.readAll({ timeoutMs: 2000 })).data.length;
  } finally {
    conn.close();
  }
}

/** Spec: Endpoints > Containers > 22. (1.22) HEAD /containers/(id or name)/archive. */
export default [
  engineCheck({
    id: `${R}200-path-stat-header`,
    title: '(1.22) HEAD /archive answers 200 with the path-stat header: base64 JSON {name, size, mode, mtime, linkTarget}',
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      expectPathStat(ctx, await headOfFile(ctx), 'HEAD /archive', `${R}200-path-stat-header`);
      // HEAD "returns only the path-stat header": whatever it answers for a missing path (codes not
      // listed, recorded by error-codes), an answer that claims success returns the header too.
      const { id, name } = await sharedContainerWithTree(ctx);
      // (id or name): addressed by its name, the container answers alike.
      const byName = await archive(ctx, 'HEAD', name, { path: `${TREE_ROOT}/file.txt` });
      ctx.expectStatus(byName, 200, `HEAD of an existing file, the container named ${name}`, `${R}200-path-stat-header`);
      expectPathStat(ctx, byName, 'HEAD /archive by the container name', `${R}200-path-stat-header`);
      const missing = await archive(ctx, 'HEAD', id, { path: '/conformance-missing' });
      if (isSuccess(missing.status)) expectPathStat(ctx, missing, `HEAD /archive of a missing path, answered ${missing.status}`, `${R}200-path-stat-header`);
    },
  }),
  engineCheck({
    id: `${R}200-path-stat-header/mounts`,
    title:
      '(1.22) HEAD /archive of a mount point answers 200 with the path-stat header describing it (its name): a volume and a bind mount, ' +
      'which GET may refuse to copy from (a HEAD copies nothing)',
    requirements: [`${R}200-path-stat-header`],
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const requirement = `${R}200-path-stat-header`;
      const id = await containerWithMounts(ctx);
      const cases: Array<[string, string]> = [
        [VOLUME_AT, 'a volume'],
        [BIND_AT, `a bind mount of ${MOUNTED_HOST_DIR}`],
      ];
      for (const [path, what] of cases) {
        const res = await archive(ctx, 'HEAD', id, { path });
        ctx.expectStatus(res, 200, `HEAD /archive?path=${path}, ${what}`, requirement);
        const stat = expectPathStat(ctx, res, `HEAD /archive of ${path}`, requirement);
        ctx.expectEqual(stat.name, path.slice(1), `the path-stat header of ${path} (${what}) names it`, requirement);
      }
    },
  }),
  engineCheck({
    id: `${R}no-body`,
    title: '(1.22) HEAD /archive returns only the header, no body',
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      ctx.expectEqual((await headOfFile(ctx)).body.length, 0, 'the HEAD answer has no body');
      ctx.expectEqual(await bytesAfterHead(ctx), 0, 'on the wire, nothing follows the head of the HEAD answer (the connection closes after it)');
    },
  }),
  engineCheck({
    id: 'engine/containers/archive-path-stat-header',
    title:
      '(1.22) The path-stat header describes the resource: its name, its size, a directory mode for a directory, ' +
      'the time it was written, and for a symlink its target',
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const { id } = await sharedContainerWithTree(ctx);
      const headAt = Date.now();
      const file = expectPathStat(ctx, await archive(ctx, 'HEAD', id, { path: `${TREE_ROOT}/file.txt` }), 'HEAD of the file');
      ctx.expectEqual([file.name, file.size], ['file.txt', Buffer.byteLength(FILE_TEXT)], 'the stat of /arch/file.txt names it and gives its size');
      const dir = expectPathStat(ctx, await archive(ctx, 'HEAD', id, { path: `${TREE_ROOT}/sub` }), 'HEAD of the directory');
      ctx.expectEqual(dir.name, 'sub', 'the stat of /arch/sub names it');
      ctx.expect(dir.mode !== file.mode, 'the directory and the file have different modes (the mode tells a directory)', {
        expected: 'different modes',
        actual: { dir: dir.mode, file: file.mode },
      });
      // The tree was packed (mtimes of that moment, in whole seconds) and put in place earlier in this run.
      const written = Date.parse(file.mtime);
      ctx.expect(written <= headAt + CLOCK_SLACK_MS && written >= headAt - TREE_AGE_MS, 'the stat mtime of /arch/file.txt is when the file was written', {
        expected: `an instant within the ${TREE_AGE_MS / 60000} minutes before the HEAD`,
        actual: file.mtime,
      });
      const link = expectPathStat(ctx, await archive(ctx, 'HEAD', id, { path: `${TREE_ROOT}/link` }), 'HEAD of the symlink');
      ctx.observe(`the stat of a symlink: ${JSON.stringify(link)}`);
      ctx.expectEqual(link.linkTarget, `${TREE_ROOT}/file.txt`, 'the stat of /arch/link (a symlink to /arch/file.txt) gives that target as linkTarget');
      // Whether linkTarget is the link's text or the container path it resolves to is not stated: a relative link shows which.
      const relative = expectPathStat(ctx, await archive(ctx, 'HEAD', id, { path: `${TREE_ROOT}/rellink` }), 'HEAD of the relative symlink');
      ctx.observe(`the stat linkTarget of /arch/rellink (a symlink written as sub/inner.txt): ${JSON.stringify(relative.linkTarget)}`);
    },
  }),
  engineCheck({
    id: `${R}error-codes`,
    title: '(1.22) The codes of HEAD /archive for a missing container, a missing path, an empty path or none (path is required) are not listed: record them',
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const { id } = await sharedContainerWithTree(ctx);
      const cases: Array<[string, string, Query]> = [
        ['a missing container', ctx.uniqueName('missing'), { path: '/' }],
        ['a missing path', id, { path: '/conformance-missing' }],
        ['an empty path', id, { path: '' }],
        ['no path parameter', id, {}],
      ];
      for (const [what, ref, query] of cases) ctx.observe(`HEAD /archive for ${what}: ${(await archive(ctx, 'HEAD', ref, query)).status}`);
    },
  }),
];
