import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { imageIdOf, missingRepo, type OwnImage, ownImage, sameImage, tagAs, tagged } from '../support/images.ts';

/** Spec: Endpoints > Images > 31. POST /images/(name)/tag: 201 no body; 400, 404, 409; force. */
const ENDPOINT = 'engine/images/tag';
const TAG_409 = 'engine/images/tag/409-conflict';

/**
 * A tag no image holds any longer: removed with its image (its only tag), or untagged from an image
 * that keeps another (a set-up: a refused delete blocks the check).
 */
async function freedTags(ctx: EngineContext): Promise<Array<{ how: string; image: OwnImage }>> {
  const [alone, kept] = [await ownImage(ctx, 'tag-freed-alone'), await ownImage(ctx, 'tag-freed-kept')];
  await ctx.setUp(() => tagged(ctx, kept.ref, kept.repo, 'other'), 'engine/images/tag/201-tagged');
  for (const image of [alone, kept]) {
    const res = await ctx.api.delete(`/images/${image.ref}`);
    if (res.status !== 200) ctx.blockedBy('engine/images/delete/200-untagged-deleted', `DELETE /images/${image.ref} answered ${res.status}`);
  }
  return [
    { how: 'removed with its image', image: alone },
    { how: 'untagged from an image that keeps another tag', image: kept },
  ];
}

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
    id: `${TAG_409}/tag-freed`,
    title: 'tagging, without force, as a tag no image holds any longer (untagged or removed) is not refused 409',
    requirements: [TAG_409],
    endpoint: ENDPOINT,
    async run(ctx) {
      const other = await ownImage(ctx, 'tag-freed-other');
      for (const freed of await freedTags(ctx)) {
        const res = await tagAs(ctx, other.ref, freed.image.repo, freed.image.tag);
        ctx.verify(res.status !== 409, `tag as ${freed.image.ref}, a tag ${freed.how}, answered 409: ${res.text().trim().slice(0, 160)}`, {
          requirement: TAG_409,
          expected: 'not 409 (no image holds the tag)',
          actual: res.status,
        });
      }
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
