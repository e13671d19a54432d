import { engineCheck, type EngineCheck } from '../support/check.ts';
import type { HttpResponse } from '../../../harness/target/http-transport.ts';
import { BUILD_ENDPOINT, buildImage, buildName, builtImage, fromFixture, postBuild } from '../support/build.ts';
import type { Compression } from '../support/compression.ts';
import { stdoutOf } from '../support/container-data.ts';
import { expectObjectStream, expectStreamError, expectStreamShapesNoted } from '../support/image-streams.ts';
import type { EngineContext } from '../support/context.ts';
import { configOf, envValue, imageExists } from '../support/images.ts';

/** Spec: Endpoints > Images > 26. POST /build; Errors (in-stream errors); Limits (build archive compression). */

/** The directory the order check's build file names in WORKDIR before its last RUN. */
const ORDER_DIR = '/conformance-order-dir';

/**
 * Removes, after the check, the images carrying a label only this check sets: a builder that ran
 * steps before it reported the error leaves untagged images the check's name does not reach.
 */
function removeLabelled(ctx: EngineContext, label: string): void {
  ctx.defer(async () => {
    const res = await ctx.api.get('/images/json', { filters: JSON.stringify({ label: [label] }) });
    const images = res.status === 200 ? (JSON.parse(res.text()) as Array<{ Id: string }>) : [];
    for (const image of images) await ctx.api.delete(`/images/${image.Id}`, { force: true });
  });
}

function compressedContext(compression: Exclude<Compression, 'identity'>): EngineCheck {
  return engineCheck({
    id: `engine/images/build/context-${compression}`,
    title: `POST /build accepts a ${compression}-compressed context archive`,
    requirements: [`engine/images/build/context-${compression}`, 'engine/limits/build-compression'],
    oneRule: true,
    endpoint: BUILD_ENDPOINT,
    async run(ctx) {
      const { id } = await buildImage(
        ctx,
        compression,
        { buildFile: `${fromFixture(ctx)}\nLABEL compression=${compression}\n`, compression },
        `engine/images/build/context-${compression}`,
      );
      ctx.expectEqual(
        (await configOf(ctx, id)).Labels?.compression,
        compression,
        `the image built from the ${compression} context carries its label`,
        `engine/images/build/context-${compression}`,
      );
    },
  });
}

/**
 * The uncompressed context sent as application/x-tar was refused: the same context sent as
 * application/octet-stream, and gzip-compressed as application/x-tar, tell which rule the refusal
 * breaks (the content type, or the identity encoding).
 */
async function diagnoseRefusal(ctx: EngineContext, buildFile: string, refused: HttpResponse): Promise<void> {
  const octet = await postBuild(ctx, { buildFile, headers: { 'content-type': 'application/octet-stream' }, query: { t: buildName(ctx, 'stream-octet') } });
  ctx.verify(octet.res.status !== 200, `the context is refused as application/x-tar (${refused.status}) but accepted as application/octet-stream`, {
    expected: 'application/x-tar accepted',
    actual: refused.status,
    requirement: 'engine/images/build/content-type-x-tar',
  });
  const gzip = await postBuild(ctx, { buildFile, compression: 'gzip', query: { t: buildName(ctx, 'stream-gzip') } });
  ctx.verify(gzip.res.status !== 200, `the uncompressed (identity) context is refused (${refused.status}) but the same context gzip-compressed is accepted`, {
    expected: 'an identity context accepted',
    actual: refused.status,
    requirement: 'engine/images/build/context-identity',
  });
}

export default [
  engineCheck({
    id: 'engine/images/build/200-json-stream',
    title: 'POST /build of an uncompressed x-tar context answers 200 with {stream} objects that output the new image ID',
    requirements: [
      'engine/images/build/200-json-stream',
      'engine/images/build/content-type-x-tar',
      'engine/images/build/context-identity',
      'engine/images/progress-objects',
      'engine/service/json-object-streams',
    ],
    endpoint: BUILD_ENDPOINT,
    async run(ctx) {
      const buildFile = `${fromFixture(ctx)}\nLABEL conformance.step=one\n`;
      const name = buildName(ctx, 'stream');
      const result = await postBuild(ctx, { buildFile, query: { t: name } });
      if (result.res.status !== 200) await diagnoseRefusal(ctx, buildFile, result.res);
      const { stream } = await builtImage(ctx, name, result, undefined, true);
      ctx.expect(
        stream.objects.some((o) => typeof o.stream === 'string'),
        'the build answer has no {stream} object',
        { expected: '{stream S} objects', actual: stream.objects.slice(0, 5) },
      );
    },
  }),
  engineCheck({
    id: 'engine/images/build/default-vendorfile',
    title: 'the build file at the archive root under the default name is used; the other files form the context',
    endpoint: BUILD_ENDPOINT,
    async run(ctx) {
      const text = 'a file of the build context\n';
      const { id } = await buildImage(
        ctx,
        'default-file',
        { buildFile: `${fromFixture(ctx)}\nCOPY context.txt /context.txt\n`, files: [{ name: 'context.txt', content: text }] },
        'engine/images/build/default-vendorfile',
      );
      ctx.expectEqual(
        await stdoutOf(ctx, ['cat', '/context.txt'], { extra: { Image: id } }),
        text,
        'a container of the built image holds the context file the build file copied',
        'engine/images/build/default-vendorfile',
      );
    },
  }),
  engineCheck({
    id: 'engine/images/build/instructions-in-order',
    title: 'the build instructions run in order: a later ENV sees the earlier one, a later RUN the file system and WORKDIR the earlier ones left',
    endpoint: BUILD_ENDPOINT,
    async run(ctx) {
      // Each RUN appends to a file the one before it wrote, and the last one after an ENV reads that ENV:
      // steps run out of order, or each on the base image instead of the step before, leave another file.
      // The last RUN prints its directory: a RUN that does not see the WORKDIR before it runs where the base image did.
      const buildFile = [
        fromFixture(ctx),
        'ENV ORDER first',
        'ENV ORDER ${ORDER}-second',
        'RUN echo one > /conformance-order',
        'RUN echo two >> /conformance-order',
        'RUN echo $ORDER >> /conformance-order',
        `WORKDIR ${ORDER_DIR}`,
        'RUN pwd >> /conformance-order',
        '',
      ].join('\n');
      const { id } = await buildImage(ctx, 'order', { buildFile });
      ctx.expectEqual(envValue((await configOf(ctx, id)).Env, 'ORDER'), 'first-second', 'the ENV steps ran in order (ORDER=first-second)');
      const written = await ctx.setUp(() => stdoutOf(ctx, ['cat', '/conformance-order'], { extra: { Image: id } }), 'engine/containers/create/body-cmd');
      ctx.expectEqual(
        written,
        `one\ntwo\nfirst-second\n${ORDER_DIR}\n`,
        'the RUN steps ran in order, each on what the steps before it left (/conformance-order of the image)',
      );
    },
  }),
  compressedContext('gzip'),
  compressedContext('bzip2'),
  compressedContext('xz'),
  engineCheck({
    id: 'engine/images/build/syntax-error',
    title: 'a build file with a syntax error returns an error and runs no instruction',
    requirements: ['engine/images/build/syntax-error', 'engine/errors/build-error-detail'],
    endpoint: BUILD_ENDPOINT,
    async run(ctx) {
      const name = buildName(ctx, 'syntax');
      const marker = ctx.uniqueName('syntax-marker');
      removeLabelled(ctx, `conformance.marker=${marker}`);
      const { res, stream } = await postBuild(ctx, {
        buildFile: `${fromFixture(ctx)}\nLABEL conformance.marker=${marker}\nNOT_AN_INSTRUCTION here\n`,
        query: { t: name },
      });
      if (res.status !== 200) {
        ctx.expect(res.status >= 400, `a syntax error answered ${res.status}, which is not an error`, {
          expected: 'an error (an error status, or an {error} object in the 200 stream)',
          actual: res.status,
          requirement: 'engine/images/build/syntax-error',
        });
        if (res.status !== 500)
          ctx.observe(
            `the syntax error is answered with status ${res.status} before any stream ` +
              `(the build codes listed are 200 and 500): ${res.text().trim().slice(0, 120)}`,
          );
      } else {
        const judged = expectStreamShapesNoted(ctx, res, 'build-stream-object', 'the build answer to a syntax error', 'engine/images/build/syntax-error');
        const { error, object } = expectStreamError(ctx, judged, 'the build answer to a syntax error', 'engine/images/build/syntax-error');
        ctx.expect(error.has.errorDetail, 'the build error object has no errorDetail', {
          expected: '{error, errorDetail {code, message}}',
          actual: object,
          requirement: 'engine/errors/build-error-detail',
        });
        const code = (object as { errorDetail?: { code?: unknown } }).errorDetail?.code;
        ctx.expect(
          code === undefined || (Number.isInteger(code) && code !== 0),
          'the errorDetail code of a failed build, when given, is not 0 (the code of success)',
          {
            expected: 'an error code other than 0',
            actual: code,
            requirement: 'engine/errors/build-error-detail',
          },
        );
        ctx.expect(!stream.text.includes(marker), 'the build ran an instruction before the syntax error was reported (its step appears in the output)', {
          expected: 'no step output',
          actual: stream.text.slice(0, 400),
          requirement: 'engine/images/build/syntax-error',
        });
      }
      ctx.expect(!(await imageExists(ctx, `${name}:latest`)), `a build with a syntax error still produced the image ${name}`, {
        expected: 'no image',
        actual: `${name}:latest exists`,
        requirement: 'engine/images/build/syntax-error',
      });
    },
  }),
  engineCheck({
    id: 'engine/errors/build-error-detail',
    title: 'a failing build step is reported in the 200 stream (anywhere in it) as {error, errorDetail {code, message}}',
    requirements: ['engine/errors/build-error-detail', 'engine/errors/stream-error-object', 'engine/images/build/200-json-stream'],
    endpoint: BUILD_ENDPOINT,
    async run(ctx) {
      const result = await postBuild(ctx, { buildFile: `${fromFixture(ctx)}\nRUN false\n`, query: { t: buildName(ctx, 'fails'), nocache: true } });
      const stream = expectObjectStream(ctx, result.res, 'build-stream-object', 'the answer of a build whose step fails', 'engine/errors/build-error-detail');
      const { error, object } = expectStreamError(ctx, stream, 'the answer of a build whose step fails', 'engine/errors/stream-error-object');
      ctx.expect(error.has.error, 'the build error object has no {error S}', {
        expected: '{error S, errorDetail {code I, message S}}',
        actual: object,
        requirement: 'engine/errors/stream-error-object',
      });
      ctx.expect(error.has.errorDetail && error.code !== undefined, 'the build error object has no errorDetail {code I, message S}', {
        expected: '{error S, errorDetail {code I, message S}}',
        actual: object,
        requirement: 'engine/errors/build-error-detail',
      });
    },
  }),
];
