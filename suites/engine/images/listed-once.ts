import { engineCheck } from '../support/check.ts';
import { createBody, createRaw } from '../support/container-data.ts';
import { committedImage, imageExists, imageIdOf, listImages, ownImage, sameImage, sameRef, tagged } from '../support/images.ts';
import { expectTransferred, push, registryRepo } from '../support/registry.ts';

/** An image of the check's own with a second tag: two tags of one image. */
async function twiceTagged(ctx: Parameters<typeof ownImage>[0]): Promise<{ id: string; refs: string[] }> {
  const own = await ownImage(ctx, 'two-tags');
  const second = await ctx.setUp(() => tagged(ctx, own.ref, own.repo, 'v2'));
  return { id: own.id, refs: [own.ref, second] };
}

/** A container of the check's own created from `ref` (a set-up: a refused create blocks the check). */
async function containerFrom(ctx: Parameters<typeof ownImage>[0], ref: string): Promise<void> {
  const { res } = await createRaw(ctx, createBody(ctx, { Image: ref }));
  if (res.status !== 201) ctx.blockedBy('engine/containers/create/201-created', `a create from ${ref} answered ${res.status}`);
}

/** Whether `shown` holds each of `refs` once (a target may spell a reference in full: docker.io/library/...). */
const eachRefOnce = (shown: unknown, refs: readonly string[]): boolean =>
  Array.isArray(shown) && refs.every((r) => shown.filter((s) => typeof s === 'string' && sameRef(s, r)).length === 1);

/** Spec: Resources > Image resources (List item; Inspect 1.22 RepoTags, RepoDigests); Endpoints > Images > 25. GET /images/json. */
export default [
  engineCheck({
    id: 'engine/images/list/each-image-once',
    title: 'GET /images/json lists each image once: an image with two tags and two containers is one item carrying both tags, the fixture another',
    endpoint: 'engine/images/list',
    async run(ctx) {
      const { id, refs } = await twiceTagged(ctx);
      // A list joined with the images' containers would repeat an image per container.
      for (const ref of refs) await containerFrom(ctx, ref);
      const fixture = await imageIdOf(ctx, ctx.fixtureImage());
      const list = await listImages(ctx);
      const items = (image: string) => list.filter((i) => typeof i?.Id === 'string' && sameImage(i.Id, image));
      const twice = list.map((i) => i?.Id).filter((x, n, all) => all.indexOf(x) !== n);
      ctx.expect(items(id).length === 1 && items(fixture).length === 1 && twice.length === 0, 'the image list does not show each image once', {
        expected: { once: [id, fixture] },
        actual: { own: items(id).length, fixture: items(fixture).length, twice },
      });
      ctx.expect(eachRefOnce(items(id)[0]?.RepoTags, refs), 'the list item of an image with two tags does not carry each once', {
        expected: refs,
        actual: items(id)[0]?.RepoTags,
      });
    },
  }),
  engineCheck({
    id: 'engine/images/list/parent-id',
    title: 'The list item of an image committed from the fixture shows a ParentId (optional) that names an image the target has',
    endpoint: 'engine/images/list',
    async run(ctx) {
      const child = await committedImage(ctx, 'child');
      const item = (await listImages(ctx)).find((i) => typeof i?.Id === 'string' && sameImage(i.Id, child.id));
      ctx.expect(item !== undefined, `the image list does not hold the committed image ${child.id}`);
      const parent = item?.ParentId;
      if (parent === undefined || parent === '') return ctx.observe('the committed image is listed without a ParentId (optional)');
      ctx.expect(typeof parent === 'string' && (await imageExists(ctx, parent)), `ParentId ${JSON.stringify(parent)} names no image of the target`, {
        expected: 'the Id of an image (the fixture, committed from)',
        actual: parent,
      });
    },
  }),
  engineCheck({
    id: 'engine/images/inspect/repo-tags',
    title: '(1.22) Inspect RepoTags of an image with two tags holds each once',
    endpoint: 'engine/images/inspect',
    versions: ['1.22'],
    async run(ctx) {
      const { id, refs } = await twiceTagged(ctx);
      const res = await ctx.api.get(`/images/${id}/json`);
      ctx.expectStatus(res, 200, `GET /images/${id}/json`);
      const shown = ctx.expectJson<{ RepoTags?: unknown }>(res, 'image inspect').RepoTags;
      ctx.expect(eachRefOnce(shown, refs), 'inspect RepoTags of an image with two tags does not hold each once', { expected: refs, actual: shown });
    },
  }),
  engineCheck({
    id: 'engine/images/inspect/repo-digests',
    title: '(1.22) Inspect RepoDigests of an image pushed to two repositories holds a digest of each, each once',
    endpoint: 'engine/images/inspect',
    versions: ['1.22'],
    async run(ctx) {
      const own = await ownImage(ctx, 'digests-source');
      const repos = [registryRepo(ctx, 'inspect-digest'), registryRepo(ctx, 'inspect-digest-two')];
      for (const repo of repos) {
        await tagged(ctx, own.ref, repo, 't1');
        await ctx.setUp(
          async () => expectTransferred(ctx, await push(ctx, repo, { tag: 't1' }), `pushing ${repo}:t1`),
          'engine/images/push/200-progress-stream',
        );
      }
      const res = await ctx.api.get(`/images/${own.id}/json`);
      ctx.expectStatus(res, 200, `GET /images/${own.id}/json`);
      const shown = ctx.expectJson<{ RepoDigests?: unknown }>(res, 'image inspect').RepoDigests;
      const digests = Array.isArray(shown) ? shown.filter((d): d is string => typeof d === 'string') : [];
      const counts = repos.map((repo) => digests.filter((d) => d.startsWith(`${repo}@`)).length);
      ctx.expect(
        counts.every((n) => n === 1),
        'inspect RepoDigests of an image pushed to two repositories does not hold one digest of each',
        {
          expected: repos.map((repo) => `${repo}@sha256:…`),
          actual: shown,
        },
      );
    },
  }),
];
