import { engineCheck } from '../support/check.ts';
import { BUILD_ENDPOINT, buildName, builtImage, fromFixture, postBuild, type BuildResult } from '../support/build.ts';
import type { EngineContext } from '../support/context.ts';
import { configOf } from '../support/images.ts';
import { requireLocalTarget, serveOnce } from '../support/loopback-server.ts';
import { packTar } from '../support/tar-files.ts';
import type { Query } from '../../../harness/protocol/query.ts';

/**
 * Spec: Endpoints > Images > 26. POST /build, `remote`: an HTTP(S) URI to a single text file
 * becomes the build file; (1.22) a URI to a tarball is the context, and with `vendorfile` that path
 * must exist in it. The check serves the URI itself, on loopback (skipped for a remote target).
 */

/** A build file labelling its image `conformance.remote=<value>`. */
const labelling = (ctx: EngineContext, value: string): string => `${fromFixture(ctx)}\nLABEL conformance.remote=${value}\n`;

/** POST /build?remote=<url> with no context in the body. */
function remoteBuild(ctx: EngineContext, name: string, url: string, query: Query = {}): Promise<BuildResult> {
  return postBuild(ctx, { buildFile: '', noContext: true, query: { t: name, remote: url, ...query } });
}

/** Builds from `url` and expects the image `name` labelled `conformance.remote=<value>`. */
async function expectBuiltFrom(ctx: EngineContext, purpose: string, url: string, value: string, requirement: string, query: Query = {}): Promise<void> {
  const name = buildName(ctx, purpose);
  const { id } = await builtImage(ctx, name, await remoteBuild(ctx, name, url, query), requirement);
  ctx.expectEqual((await configOf(ctx, id)).Labels?.['conformance.remote'], value, `the build used the build file at ${url}`, requirement);
}

/** A build that fails: an error status, or an {error} object in its 200 stream. */
function expectBuildFailed(ctx: EngineContext, result: BuildResult, what: string, requirement: string): void {
  const failed = result.res.status === 200 ? result.stream.errors.length > 0 : result.res.status >= 400;
  ctx.expect(failed, `${what} succeeded`, { expected: 'an error', actual: { status: result.res.status, last: result.stream.objects.at(-1) }, requirement });
}

export default [
  engineCheck({
    id: 'engine/images/build/query-remote-file',
    title: 'remote=<URI of a text file>: that file is the build file; a URI that cannot be fetched fails the build',
    endpoint: BUILD_ENDPOINT,
    async run(ctx) {
      requireLocalTarget(ctx);
      const url = await serveOnce(ctx, Buffer.from(labelling(ctx, 'file')), 'Build.conformance', 'text/plain');
      await expectBuiltFrom(ctx, 'remote-file', url, 'file', 'engine/images/build/query-remote-file');
      const missing = await serveOnce(ctx, Buffer.from('not found\n'), 'Build.conformance', 'text/plain', 404);
      expectBuildFailed(
        ctx,
        await remoteBuild(ctx, buildName(ctx, 'remote-missing'), missing),
        `a build from ${missing} (answered 404)`,
        'engine/images/build/query-remote-file',
      );
    },
  }),
  engineCheck({
    id: 'engine/images/build/query-vendorfile-ignored-with-remote-file',
    title: 'vendorfile is ignored when remote is a single file: a vendorfile naming no file still builds from it',
    endpoint: BUILD_ENDPOINT,
    async run(ctx) {
      requireLocalTarget(ctx);
      const url = await serveOnce(ctx, Buffer.from(labelling(ctx, 'ignored')), 'Build.conformance', 'text/plain');
      await expectBuiltFrom(ctx, 'remote-vendorfile', url, 'ignored', 'engine/images/build/query-vendorfile-ignored-with-remote-file', {
        [ctx.spell('vendorfile')]: 'conformance/no-such-file',
      });
    },
  }),
  engineCheck({
    id: 'engine/images/build/query-remote-tarball',
    title: '(1.22) remote=<URI of a tarball>: the tarball is the build context',
    endpoint: BUILD_ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      requireLocalTarget(ctx);
      const context = await packTar([{ name: ctx.spell('Vendorfile'), content: labelling(ctx, 'tarball') }]);
      const url = await serveOnce(ctx, context, 'context.tar');
      await expectBuiltFrom(ctx, 'remote-tarball', url, 'tarball', 'engine/images/build/query-remote-tarball');
    },
  }),
  engineCheck({
    id: 'engine/images/build/query-remote-tarball-vendorfile',
    title: '(1.22) with a tarball remote, vendorfile names the build file in it; a path the tarball lacks fails the build',
    endpoint: BUILD_ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      requireLocalTarget(ctx);
      const path = 'custom/Build.conformance';
      const context = await packTar([
        { name: ctx.spell('Vendorfile'), content: labelling(ctx, 'default') },
        { name: 'custom/', type: 'directory' },
        { name: path, content: labelling(ctx, 'named') },
      ]);
      const url = await serveOnce(ctx, context, 'context.tar');
      const R = 'engine/images/build/query-remote-tarball-vendorfile';
      await expectBuiltFrom(ctx, 'remote-named', url, 'named', R, { [ctx.spell('vendorfile')]: path });
      const lacking = await remoteBuild(ctx, buildName(ctx, 'remote-lacking'), url, { [ctx.spell('vendorfile')]: 'custom/missing' });
      expectBuildFailed(ctx, lacking, `a build from ${url} with vendorfile=custom/missing`, R);
    },
  }),
];
