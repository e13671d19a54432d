import { engineCheck } from '../support/check.ts';
import {
  BUILD_ENDPOINT,
  buildImage,
  buildName,
  expectBuildSucceeded,
  expectOutputsId,
  fromFixture,
  intermediatesAfter,
  markedBuild,
  postBuild,
  type BuildResult,
} from '../support/build.ts';
import type { EngineContext } from '../support/context.ts';
import { configOf, imageIdOf, sameImage } from '../support/images.ts';

/** Spec: Endpoints > Images > 26. POST /build, query parameters. */

/**
 * No intermediate container of a build sent with `marker` is left: none in the list (all=1) whose
 * Command holds the marker, and none the output names (inspect 404). The list finds them whatever
 * the output says.
 */
async function expectContainersRemoved(ctx: EngineContext, result: BuildResult, marker: string, rule: string, requirement: string): Promise<void> {
  const { marked, named } = await intermediatesAfter(ctx, result, marker);
  ctx.expect(marked.length === 0, `${rule}: intermediate containers whose command holds the RUN step's marker are still listed`, {
    expected: `no container in GET /containers/json?all=1 whose Command holds ${marker}`,
    actual: marked,
    requirement,
  });
  for (const { id, status } of named)
    ctx.expect(status === 404, `${rule}: the intermediate container ${id} the output names still exists`, { expected: 404, actual: status, requirement });
}

/** A build whose answer is an error: an error status, or an {error} object in the 200 stream (its shape is judged by engine/errors/build-error-detail). */
function isBuildError(result: BuildResult): boolean {
  return result.res.status === 200 ? result.stream.errors.length > 0 : result.res.status >= 400;
}

export default [
  engineCheck({
    id: 'engine/images/build/query-vendorfile',
    title: `the vendorfile parameter names the build file's path in the context`,
    endpoint: BUILD_ENDPOINT,
    async run(ctx) {
      const path = 'custom/Build.conformance';
      const { id } = await buildImage(
        ctx,
        'named-file',
        {
          buildFile: `${fromFixture(ctx)}\nLABEL conformance.via=default\n`,
          files: [
            { name: 'custom/', type: 'directory' },
            { name: path, content: `${fromFixture(ctx)}\nLABEL conformance.via=parameter\n` },
          ],
          query: { [ctx.spell('vendorfile')]: path },
        },
        'engine/images/build/query-vendorfile',
      );
      ctx.expectEqual(
        (await configOf(ctx, id)).Labels?.['conformance.via'],
        'parameter',
        `the build used the file named by ${ctx.spell('vendorfile')}=${path}, not the default one`,
      );
    },
  }),
  engineCheck({
    id: 'engine/images/build/query-t',
    title: 't names the built image; the tag defaults to latest',
    endpoint: BUILD_ENDPOINT,
    async run(ctx) {
      await buildImage(ctx, 't', { buildFile: `${fromFixture(ctx)}\nLABEL conformance.t=1\n` }, 'engine/images/build/query-t');
      const withTag = `${buildName(ctx, 't-tagged')}:custom`;
      const result = await postBuild(ctx, { buildFile: `${fromFixture(ctx)}\nLABEL conformance.t=2\n`, query: { t: withTag } });
      const stream = expectBuildSucceeded(ctx, result, `build with t=${withTag}`, 'engine/images/build/query-t');
      expectOutputsId(ctx, stream, await imageIdOf(ctx, withTag, 'engine/images/build/query-t'), 'engine/images/build/query-t');
    },
  }),
  engineCheck({
    id: 'engine/images/build/query-t-repeatable',
    title: '(1.22) t may be repeated: the built image gets every given name',
    endpoint: BUILD_ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const names = [`${buildName(ctx, 'multi-a')}:one`, `${buildName(ctx, 'multi-b')}:two`];
      const result = await postBuild(ctx, { buildFile: `${fromFixture(ctx)}\nLABEL conformance.multi=1\n`, query: { t: names } });
      const stream = expectBuildSucceeded(ctx, result, 'build with two t values');
      const [a, b] = [
        await imageIdOf(ctx, names[0]!, 'engine/images/build/query-t-repeatable'),
        await imageIdOf(ctx, names[1]!, 'engine/images/build/query-t-repeatable'),
      ];
      ctx.expect(sameImage(a, b), 'the two names given with t reference different images', {
        expected: 'one image under both names',
        actual: { [names[0]!]: a, [names[1]!]: b },
      });
      // Both names on one image is not enough: that image must be the one this build made (the ID its output gives), not its base.
      expectOutputsId(ctx, stream, a, 'engine/images/build/query-t-repeatable');
    },
  }),
  engineCheck({
    id: 'engine/images/build/query-q',
    title: 'q=1 suppresses the verbose build output that q=0 shows',
    endpoint: BUILD_ENDPOINT,
    async run(ctx) {
      const stepsShown = async (quiet: boolean): Promise<{ shown: boolean; text: string }> => {
        const marker = `conformance-quiet-${Number(quiet)}-${Math.random().toString(36).slice(2, 8)}`;
        const result = await postBuild(ctx, {
          buildFile: `${fromFixture(ctx)}\nLABEL conformance.marker=${marker}\n`,
          query: { t: buildName(ctx, 'quiet'), q: quiet },
        });
        const stream = expectBuildSucceeded(ctx, result, `build with q=${Number(quiet)}`, 'engine/images/build/query-q');
        return { shown: stream.text.includes(marker), text: stream.text.slice(0, 400) };
      };
      const verbose = await stepsShown(false);
      ctx.expect(verbose.shown, 'with q=0 the output does not show the build step (its instruction), so q=1 has nothing to suppress', {
        expected: 'the step LABEL conformance.marker=… in the output',
        actual: verbose.text,
      });
      const quiet = await stepsShown(true);
      ctx.expect(!quiet.shown, 'with q=1 the output still shows the build steps', { expected: 'no step output', actual: quiet.text });
    },
  }),
  engineCheck({
    id: 'engine/images/build/query-nocache',
    title: 'nocache=1 builds without the cache: the same context gives a new image; nocache=0 builds with it',
    endpoint: BUILD_ENDPOINT,
    async run(ctx) {
      // A context of this check's own: another check's build of the same file would be in the cache too.
      const buildFile = `${fromFixture(ctx)}\nLABEL conformance.cache=${ctx.uniqueName('cache')}\n`;
      const first = await buildImage(ctx, 'cache', { buildFile }, 'engine/images/build/query-nocache');
      const second = await buildImage(ctx, 'nocache', { buildFile, query: { nocache: true } }, 'engine/images/build/query-nocache');
      ctx.expect(!sameImage(first.id, second.id), 'nocache=1 gave the same image as the earlier build of the same context (the cache was used)', {
        expected: `an image other than ${first.id}`,
        actual: second.id,
      });
      // Which of the two cached images a cached step takes is not stated: either one is the cache.
      const third = await buildImage(ctx, 'cached', { buildFile, query: { nocache: false } }, 'engine/images/build/query-nocache');
      ctx.expect(
        sameImage(third.id, first.id) || sameImage(third.id, second.id),
        'nocache=0 gave a new image although the same context was built before (the cache was not used)',
        { expected: `${first.id} or ${second.id}`, actual: third.id },
      );
    },
  }),
  engineCheck({
    id: 'engine/images/build/query-rm-default',
    title: 'by default (rm) the intermediate containers are removed after a successful build',
    endpoint: BUILD_ENDPOINT,
    async run(ctx) {
      const { result, marker } = await markedBuild(ctx, 'true', { t: buildName(ctx, 'rm'), nocache: true });
      expectBuildSucceeded(ctx, result, 'build without rm', 'engine/images/build/query-rm-default');
      await expectContainersRemoved(ctx, result, marker, 'after a successful build without rm', 'engine/images/build/query-rm-default');
    },
  }),
  engineCheck({
    id: 'engine/images/build/query-forcerm',
    title: 'forcerm=1 always removes the intermediate containers: after a failed build, and after a successful one with rm=0',
    endpoint: BUILD_ENDPOINT,
    async run(ctx) {
      const failed = await markedBuild(ctx, 'false', { t: buildName(ctx, 'forcerm'), nocache: true, forcerm: true });
      ctx.expect(isBuildError(failed.result), 'the build with a failing step did not report an error', {
        expected: 'an {error} object',
        actual: failed.result.stream.objects.slice(-2),
      });
      await expectContainersRemoved(ctx, failed.result, failed.marker, 'after a failed build with forcerm=1', 'engine/images/build/query-forcerm');
      const kept = await markedBuild(ctx, 'true', { t: buildName(ctx, 'forcerm-norm'), nocache: true, rm: false, forcerm: true });
      expectBuildSucceeded(ctx, kept.result, 'build with rm=0&forcerm=1', 'engine/images/build/query-forcerm');
      await expectContainersRemoved(
        ctx,
        kept.result,
        kept.marker,
        'after a successful build with rm=0&forcerm=1 (always remove)',
        'engine/images/build/query-forcerm',
      );
    },
  }),
  engineCheck({
    id: 'engine/images/build/query-buildargs',
    title: '(1.22) buildargs sets build-time variables the instructions see',
    endpoint: BUILD_ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const value = 'conformance-arg-value';
      const { id } = await buildImage(
        ctx,
        'args',
        {
          buildFile: `${fromFixture(ctx)}\nARG CONFORMANCE_ARG\nLABEL conformance.arg=\${CONFORMANCE_ARG}\n`,
          query: { buildargs: JSON.stringify({ CONFORMANCE_ARG: value }) },
        },
        'engine/images/build/query-buildargs',
      );
      ctx.expectEqual((await configOf(ctx, id)).Labels?.['conformance.arg'], value, 'the LABEL step saw the value given in buildargs');
    },
  }),
  engineCheck({
    id: 'engine/images/build/query-shmsize',
    title: '(1.22) shmsize must be greater than 0: a positive size builds, a negative one is an error',
    requirements: ['engine/images/build/query-shmsize', 'engine/limits/shm-size-positive'],
    endpoint: BUILD_ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const buildFile = `${fromFixture(ctx)}\nRUN true\n`;
      const ok = await postBuild(ctx, { buildFile, query: { t: buildName(ctx, 'shm'), shmsize: 128 * 1024 * 1024 } });
      expectBuildSucceeded(ctx, ok, 'build with shmsize=128 MB', 'engine/images/build/query-shmsize');
      const negative = await postBuild(ctx, { buildFile, query: { t: buildName(ctx, 'shm-negative'), nocache: true, shmsize: -1 } });
      ctx.expect(isBuildError(negative), 'a build with shmsize=-1 succeeded; shmsize must be greater than 0', {
        expected: 'an error',
        actual: { status: negative.res.status, last: negative.stream.objects.at(-1) },
        requirement: ['engine/images/build/query-shmsize', 'engine/limits/shm-size-positive'],
      });
    },
  }),
];
