import { engineCheck } from '../support/check.ts';
import { imageIdOf, missingRepo, ownImage, sameImage, tagAs } from '../support/images.ts';

/** Spec: Endpoints > Images > 31. POST /images/(name)/tag: 201 no body; 400, 404, 409; force. */
const ENDPOINT = 'engine/images/tag';

export default [
  engineCheck({
    id: 'engine/images/tag/201-tagged',
    title: 'POST /images/(name)/tag answers 201 with no body and the image is tagged repo:tag',
    endpoint: ENDPOINT,
    async run(ctx) {
      const image = await ownImage(ctx, 'tag');
      const repo = ctx.uniqueName('tagged');
      const res = await tagAs(ctx, image.ref, repo, 'extra');
      ctx.expectStatus(res, 201, 'tag of an image');
      ctx.expectEqual(res.body.length, 0, 'a 201 tag answer has no body');
      ctx.expect(sameImage(await imageIdOf(ctx, `${repo}:extra`), image.id), `${repo}:extra does not name the tagged image`, {
        expected: image.id,
        actual: `${repo}:extra`,
      });
    },
  }),
  engineCheck({
    id: 'engine/images/tag/400-bad-parameter',
    title: 'tagging with an invalid repository name answers 400',
    endpoint: ENDPOINT,
    async run(ctx) {
      const image = await ownImage(ctx, 'tag-bad');
      const res = await tagAs(ctx, image.ref, `Conformance-${ctx.run.runId}-UPPER CASE`, 'v1');
      ctx.expectStatus(res, 400, 'tag with an invalid repository name (upper case, a space)');
    },
  }),
  engineCheck({
    id: 'engine/images/tag/404-no-such-image',
    title: 'tagging an unknown image answers 404',
    endpoint: ENDPOINT,
    async run(ctx) {
      ctx.expectStatus(await tagAs(ctx, missingRepo(ctx), ctx.uniqueName('tag-missing'), 'v1'), 404, 'tag of an unknown image');
    },
  }),
  engineCheck({
    id: 'engine/images/tag/409-conflict',
    title: 'tagging over a tag another image holds, without force (default false), answers 409 and leaves the tag in place',
    requirements: ['engine/images/tag/409-conflict', 'engine/images/tag/query-force'],
    endpoint: ENDPOINT,
    async run(ctx) {
      const [holder, other] = [await ownImage(ctx, 'tag-holder'), await ownImage(ctx, 'tag-other')];
      const res = await tagAs(ctx, other.ref, holder.repo, holder.tag);
      ctx.verify(res.status === 409, `tag of another image as ${holder.ref} without force answered ${res.status}, not 409`, {
        requirement: 'engine/images/tag/409-conflict',
        expected: 409,
        actual: res.status,
      });
      ctx.verify(sameImage(await imageIdOf(ctx, holder.ref), holder.id), `without force (default false), ${holder.ref} was moved off its image`, {
        requirement: 'engine/images/tag/query-force',
        expected: holder.id,
        actual: holder.ref,
      });
    },
  }),
  engineCheck({
    id: 'engine/images/tag/query-force',
    title: 'force=1 moves a tag another image holds to this image (201)',
    endpoint: ENDPOINT,
    async run(ctx) {
      const [holder, other] = [await ownImage(ctx, 'force-holder'), await ownImage(ctx, 'force-other')];
      ctx.expectStatus(await tagAs(ctx, other.ref, holder.repo, holder.tag, { force: true }), 201, `tag of another image as ${holder.ref} with force=1`);
      ctx.expect(sameImage(await imageIdOf(ctx, holder.ref), other.id), `after force=1, ${holder.ref} does not name the newly tagged image`, {
        expected: other.id,
        actual: holder.ref,
      });
    },
  }),
];
