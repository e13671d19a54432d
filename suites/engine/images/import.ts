import { gzipSync } from 'node:zlib';
import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { expectNoStreamError, expectObjectStream, isRefusal, PROGRESS_OBJECTS } from '../support/image-streams.ts';
import type { RequirementRef } from '../../../harness/check/signals.ts';
import { IMAGE_MARKER, imageIdOf, importRequest, removeLater, uniqueRootfs } from '../support/images.ts';
import { expectImageTarball, markersIn, saveImage } from '../support/image-tarball.ts';
import { plainName, readTar } from '../support/tar-files.ts';
import { requireLocalTarget, serveOnce, serveRedirect } from '../support/loopback-server.ts';

/** Spec: Endpoints > Images > 27. POST /images/create with fromSrc (import). */
const ENDPOINT = 'engine/images/create';
const FROM_URL = 'engine/images/create/query-from-src-url';
const SAVED = 'engine/images/get/200-tarball';
const FROM_URL_REDIRECT = 'engine/images/create/query-from-src-url-redirect';

/** Imports `body` with the query; the answer must be a 200 stream of progress objects with no error. */
async function expectImported(
  ctx: EngineContext,
  query: Record<string, string>,
  body: Buffer,
  requirement: string,
  shapes: RequirementRef = requirement,
): Promise<void> {
  const res = await importRequest(ctx, query, body);
  const stream = expectObjectStream(ctx, res, 'progress-object', `import with ${JSON.stringify(query)}`, requirement, shapes);
  ctx.expect(stream.objects.length > 0, `import with ${JSON.stringify(query)}: the 200 body holds no progress object`, {
    expected: 'JSON progress objects',
    actual: res.text().slice(0, 200),
    requirement,
  });
  expectNoStreamError(ctx, stream, `import with ${JSON.stringify(query)}`, requirement);
}

/**
 * The image `repo` names must hold `rootfs`'s marker (the content `what` sent it), read from the
 * image saved back: a target that named some other (or an empty) image breaks `requirement`.
 */
async function expectHoldsRootfs(ctx: EngineContext, repo: string, rootfs: Buffer, what: string, requirement: string): Promise<void> {
  await imageIdOf(ctx, repo, requirement);
  const sent = (await readTar(rootfs)).find((e) => plainName(e.name) === IMAGE_MARKER)!.content.toString('utf8');
  const saved = await ctx.setUp(async () => expectImageTarball(ctx, await saveImage(ctx, repo), `GET /images/${repo}/get`, SAVED), SAVED);
  ctx.expect((await markersIn(saved)).includes(sent), `the image ${what} does not hold the file sent`, {
    expected: `a layer with ${IMAGE_MARKER} = ${sent.trim()}`,
    actual: await markersIn(saved),
    requirement,
  });
}

/**
 * Imports `url` as a repo of the check's own (named by `repo` alone: what `tag` does on an import
 * the spec does not say); the image must hold `rootfs`'s marker (what was served), saved back.
 */
async function expectImportedFrom(ctx: EngineContext, url: string, rootfs: Buffer, requirement: string): Promise<void> {
  const repo = ctx.uniqueName('import-url');
  removeLater(ctx, repo);
  const res = await ctx.api.post('/images/create', { query: { fromSrc: url, repo } });
  const stream = expectObjectStream(ctx, res, 'progress-object', `import from ${url}`, requirement);
  expectNoStreamError(ctx, stream, `import from ${url}`, requirement);
  await expectHoldsRootfs(ctx, repo, rootfs, `imported from ${url}`, requirement);
}

export default [
  engineCheck({
    id: 'engine/images/create/query-from-src-body',
    title: 'fromSrc=- imports the request body: 200 with progress objects, the image named repo holds the file the body carried',
    requirements: [
      'engine/images/create/query-from-src-body',
      'engine/images/create/200-progress-stream',
      'engine/images/progress-objects',
      'engine/service/json-object-streams',
    ],
    endpoint: ENDPOINT,
    async run(ctx) {
      // Named by repo alone: what `tag` does on an import the spec does not say (a target may ignore it).
      const repo = ctx.uniqueName('import');
      removeLater(ctx, repo);
      const rootfs = await uniqueRootfs();
      await expectImported(ctx, { repo }, rootfs, 'engine/images/create/200-progress-stream', ['engine/images/create/200-progress-stream', PROGRESS_OBJECTS]);
      // The effect: the image holds the body's file (an import that ignored the body and named an empty image has none).
      await expectHoldsRootfs(ctx, repo, rootfs, 'imported from the request body', 'engine/images/create/query-from-src-body');
    },
  }),
  engineCheck({
    id: 'engine/images/create/query-repo',
    title: 'repo is the name given to the imported image',
    endpoint: ENDPOINT,
    async run(ctx) {
      const repo = ctx.uniqueName('import-repo');
      removeLater(ctx, repo);
      await expectImported(ctx, { repo }, await uniqueRootfs(), 'engine/images/create/query-repo');
      await imageIdOf(ctx, repo, 'engine/images/create/query-repo');
    },
  }),
  engineCheck({
    id: 'engine/images/create/query-repo-with-tag',
    title: '(1.22) repo may include a tag: repo=name:tag names the import name:tag',
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const ref = `${ctx.uniqueName('import-tagged')}:t9`;
      removeLater(ctx, ref);
      await expectImported(ctx, { repo: ref }, await uniqueRootfs(), 'engine/images/create/query-repo-with-tag');
      await imageIdOf(ctx, ref, 'engine/images/create/query-repo-with-tag');
    },
  }),
  engineCheck({
    id: FROM_URL,
    title: 'fromSrc=<URL> imports the image from that URL',
    endpoint: ENDPOINT,
    async run(ctx) {
      requireLocalTarget(ctx);
      const rootfs = await uniqueRootfs();
      await expectImportedFrom(ctx, await serveOnce(ctx, rootfs, 'rootfs.tar'), rootfs, FROM_URL);
    },
  }),
  engineCheck({
    id: `${FROM_URL}/redirect`,
    title: '(recommended) fromSrc=<URL> of a URL answering a redirect imports the image the redirect leads to',
    requirements: [FROM_URL_REDIRECT],
    endpoint: ENDPOINT,
    async run(ctx) {
      requireLocalTarget(ctx);
      const rootfs = await uniqueRootfs();
      const target = await serveOnce(ctx, rootfs, 'rootfs.tar');
      await expectImportedFrom(ctx, await serveRedirect(ctx, target, 'moved.tar'), rootfs, FROM_URL_REDIRECT);
    },
  }),
  engineCheck({
    id: 'engine/images/create/import-body-format',
    title: 'which fromSrc=- body formats the target imports (plain tar, gzip tar): observed',
    endpoint: ENDPOINT,
    async run(ctx) {
      for (const [format, body] of [
        ['a plain tar', await uniqueRootfs()],
        ['a gzip-compressed tar', gzipSync(await uniqueRootfs())],
      ] as const) {
        const repo = ctx.uniqueName('import-format');
        removeLater(ctx, `${repo}:v1`);
        const res = await importRequest(ctx, { repo, tag: 'v1' }, body);
        const imported = res.status === 200 && (await ctx.api.get(`/images/${repo}:v1/json`)).status === 200;
        ctx.observe(`${format}: ${imported ? 'imported' : `not imported (${res.status}: ${res.text().trim().slice(-160)})`}`);
      }
    },
  }),
  engineCheck({
    id: 'engine/images/create/without-source-refused',
    title: 'POST /images/create naming neither fromImage nor fromSrc creates nothing and is not answered as a success',
    endpoint: ENDPOINT,
    async run(ctx) {
      const res = await ctx.api.post('/images/create', { query: { repo: ctx.uniqueName('no-source'), tag: 'v1' } });
      // An error status, or a 200 stream that reports the failure as an {error} object.
      ctx.expect(isRefusal(res), `a create naming neither fromImage nor fromSrc answered ${res.status} without an error`, {
        expected: 'an error status (500 is listed), or an {error} object',
        actual: { status: res.status, body: res.text().slice(0, 160) },
      });
    },
  }),
];
