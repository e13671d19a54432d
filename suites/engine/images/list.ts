import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { imageWithUntaggedParent } from '../support/parent-image.ts';
import {
  committedImage,
  danglingImage,
  ids,
  imageExists,
  imageIdOf,
  isRealTag,
  listImages,
  normalRef,
  ownImage,
  repoOf,
  sameImage,
  sameRef,
  tagged,
  type ListItem,
} from '../support/images.ts';

/** Spec: Endpoints > Images > 25. GET /images/json; Resources > Image resources > List item. */
const ENDPOINT = 'engine/images/list';

function holds(items: readonly ListItem[], id: string): boolean {
  return items.some((i) => sameImage(i.Id, id));
}

/**
 * all=1 shows all images: the untagged parent of a two-step build too, where the builder keeps one
 * (the default list may leave it out; the spec does not say).
 */
async function expectParentListed(ctx: EngineContext): Promise<void> {
  const built = await imageWithUntaggedParent(ctx, 'all-parent', 'engine/images/list/query-all');
  if (!built.parent || !(await imageExists(ctx, built.parent))) return;
  const list = await listImages(ctx, { all: true });
  ctx.expect(holds(list, built.parent), `all=1 does not list ${built.parent}, the untagged parent of ${built.name}, which exists`, {
    expected: built.parent,
    actual: ids(list),
  });
}

export default [
  engineCheck({
    id: 'engine/images/list/200-response-schema',
    title: 'GET /images/json answers 200 with a list of image list items, the fixture among them',
    endpoint: ENDPOINT,
    async run(ctx) {
      const fixture = await imageIdOf(ctx, ctx.fixtureImage());
      const res = await ctx.api.get('/images/json');
      ctx.expectStatus(res, 200, 'GET /images/json');
      const list = ctx.expectVersionSchema<ListItem[]>('image-list', ctx.expectJson(res, 'image list'), 'the image list');
      const item = list.find((i) => sameImage(i.Id, fixture));
      ctx.expect(item !== undefined, 'the image list does not hold the fixture image', { expected: fixture, actual: ids(list) });
      ctx.expect(
        (item!.RepoTags ?? []).some((t) => sameRef(t, ctx.fixtureImage())),
        `the fixture's list item does not carry its tag ${ctx.fixtureImage()} in RepoTags`,
        { expected: ctx.fixtureImage(), actual: item!.RepoTags },
      );
    },
  }),
  engineCheck({
    id: 'engine/images/list/200-response-schema/1.18-no-labels',
    title: '(1.18) image list items carry no Labels: the field is 1.22',
    requirements: ['engine/images/list/200-response-schema'],
    endpoint: ENDPOINT,
    versions: ['1.18'],
    async run(ctx) {
      const list = await listImages(ctx);
      const labelled = list.filter((i) => Object.hasOwn(i, 'Labels'));
      ctx.expect(labelled.length === 0, `${labelled.length} of ${list.length} 1.18 image list items carry the 1.22 field Labels`, {
        expected: 'no Labels under /v1.18/',
        actual: labelled.slice(0, 3),
      });
    },
  }),
  engineCheck({
    id: 'engine/images/list/query-all',
    title: 'GET /images/json?all=1 lists every image of the default list and an untagged parent that exists',
    endpoint: ENDPOINT,
    async run(ctx) {
      // The default list is read between two all=1 lists: other checks remove images and build the
      // same content again (the same Id) meanwhile, so an image counts only when neither all=1 list
      // holds it and it still exists afterwards.
      const before = await listImages(ctx, { all: true });
      const plain = await listImages(ctx);
      const after = await listImages(ctx, { all: true });
      if (plain.length === 0) ctx.skip('the default list is empty: no image could be looked for in the all=1 list');
      const missing: string[] = [];
      for (const item of plain) {
        if (!holds(before, item.Id) && !holds(after, item.Id) && (await imageExists(ctx, item.Id))) missing.push(item.Id);
      }
      ctx.expect(missing.length === 0, `${missing.length} image(s) of the default list are missing from the all=1 list`, {
        expected: 'all=1 ⊇ default list',
        actual: missing,
      });
      await expectParentListed(ctx);
    },
  }),
  engineCheck({
    id: 'engine/images/list/filter-dangling',
    title: 'filters dangling=true lists only untagged images, an untagged one among them',
    endpoint: ENDPOINT,
    async run(ctx) {
      const untagged = await danglingImage(ctx);
      const fixture = await imageIdOf(ctx, ctx.fixtureImage());
      const list = await listImages(ctx, { filters: JSON.stringify({ dangling: ['true'] }) });
      ctx.expect(holds(list, untagged), 'dangling=true does not list an untagged image', { expected: untagged, actual: ids(list) });
      ctx.expect(!holds(list, fixture), 'dangling=true lists the tagged fixture image', { expected: `not ${fixture}`, actual: ids(list) });
      const tagged = list.filter((i) => (i.RepoTags ?? []).some(isRealTag));
      ctx.expect(tagged.length === 0, 'dangling=true lists images that have tags', { expected: 'only untagged images', actual: tagged.map((i) => i.RepoTags) });
    },
  }),
  engineCheck({
    id: 'engine/images/list/filter-label',
    title: 'filters label=key and label=key=value list only images with that label (and value)',
    endpoint: ENDPOINT,
    async run(ctx) {
      const key = `conformance.label-${ctx.run.runId}`;
      const image = await committedImage(ctx, 'label', [`LABEL ${key}=yes`]);
      const fixture = await imageIdOf(ctx, ctx.fixtureImage());
      const byKey = await listImages(ctx, { filters: JSON.stringify({ label: [key] }) });
      ctx.expect(holds(byKey, image.id), `label=${key} does not list the image that has the label`, { expected: image.id, actual: ids(byKey) });
      ctx.expect(!holds(byKey, fixture), `label=${key} lists the fixture, which has no such label`, { expected: `not ${fixture}`, actual: ids(byKey) });
      const byValue = await listImages(ctx, { filters: JSON.stringify({ label: [`${key}=yes`] }) });
      ctx.expect(holds(byValue, image.id), `label=${key}=yes does not list the image that has it`, { expected: image.id, actual: ids(byValue) });
      const otherValue = await listImages(ctx, { filters: JSON.stringify({ label: [`${key}=no`] }) });
      ctx.expect(!holds(otherValue, image.id), `label=${key}=no lists an image whose value is yes`, { expected: `not ${image.id}`, actual: ids(otherValue) });
      if (ctx.version === '1.22') {
        const item = byKey.find((i) => sameImage(i.Id, image.id))!;
        ctx.expectEqual(item.Labels?.[key], 'yes', `(1.22) the list item's Labels carry ${key}=yes`, 'engine/images/list/200-response-schema');
      }
    },
  }),
  engineCheck({
    id: 'engine/images/list/query-filter',
    title: 'GET /images/json?filter=<name> lists only images with that name',
    endpoint: ENDPOINT,
    async run(ctx) {
      const name = repoOf(ctx.fixtureImage());
      const fixture = await imageIdOf(ctx, ctx.fixtureImage());
      const other = await ownImage(ctx, 'other-name');
      // Another name that starts with this one: "that name" is the whole name, not a prefix.
      await tagged(ctx, other.ref, `${name}-${ctx.uniqueName('longer')}`, 'v1');
      const list = await listImages(ctx, { filter: name });
      ctx.expect(holds(list, fixture), `filter=${name} does not list the image of that name`, { expected: fixture, actual: ids(list) });
      ctx.expect(!holds(list, other.id), `filter=${name} lists ${other.ref}, an image of another name`, { expected: `not ${other.id}`, actual: ids(list) });
      const others = list.filter((i) => !(i.RepoTags ?? []).some((t) => normalRef(repoOf(t)) === name));
      ctx.expect(others.length === 0, `filter=${name} lists images with other names`, { expected: `only ${name}`, actual: others.map((i) => i.RepoTags) });
    },
  }),
  engineCheck({
    id: 'engine/images/list/query-filter/name-tag',
    title: 'GET /images/json?filter=<repo>:<tag> lists the image of that tag, not another image of the same repository',
    requirements: ['engine/images/list/query-filter'],
    endpoint: ENDPOINT,
    async run(ctx) {
      const own = await ownImage(ctx, 'filter-tag');
      const fixture = await imageIdOf(ctx, ctx.fixtureImage());
      // The fixture, another image, under the same repository with another tag: its name differs by the tag only.
      const sibling = await tagged(ctx, ctx.fixtureImage(), own.repo, 'sibling');
      const list = await listImages(ctx, { filter: own.ref });
      ctx.expect(holds(list, own.id), `filter=${own.ref} does not list the image of that name`, { expected: own.id, actual: ids(list) });
      ctx.expect(!holds(list, fixture), `filter=${own.ref} lists ${sibling}, an image whose name has another tag`, {
        expected: `not ${fixture}`,
        actual: list.map((i) => i.RepoTags),
      });
    },
  }),
  engineCheck({
    id: 'engine/images/list/query-digests',
    title: 'GET /images/json?digests=1 adds RepoDigests [S] to the list items',
    endpoint: ENDPOINT,
    async run(ctx) {
      // An image of its own that no registry has seen: which other images of the run have a
      // digest when the list is read (a push gives one) depends on what runs beside this check.
      const own = await committedImage(ctx, 'digests');
      const list = await listImages(ctx, { digests: true });
      ctx.precondition(holds(list, own.id), `the image list does not hold ${own.ref}, committed by this check`, 'engine/images/list/each-image-once');
      const without = list.filter((i) => !Array.isArray(i.RepoDigests) || i.RepoDigests.some((d) => typeof d !== 'string'));
      ctx.expect(without.length === 0, `${without.length} list item(s) have no RepoDigests list of strings with digests=1`, {
        expected: 'RepoDigests [S] on every item',
        actual: without.slice(0, 3),
      });
    },
  }),
  engineCheck({
    id: 'engine/images/list/reference-by-tag-or-digest',
    title: 'each tag in RepoTags references the image it is listed with',
    endpoint: ENDPOINT,
    async run(ctx) {
      const fixture = await imageIdOf(ctx, ctx.fixtureImage());
      // Only the tags this check owns: other checks tag and untag the fixture at the same time.
      const own = [ctx.fixtureImage(), await tagged(ctx, ctx.fixtureImage(), ctx.uniqueName('ref'), 'v1')];
      const item = (await listImages(ctx)).find((i) => sameImage(i.Id, fixture));
      if (!item) return ctx.preconditionUnmet('the fixture is not in the image list', 'engine/images/list/each-image-once');
      // A registry prefix (docker.io/library/, localhost/) names the same reference.
      const listed = (item!.RepoTags ?? []).filter(isRealTag).filter((tag) => own.some((o) => sameRef(o, tag)));
      ctx.expectEqual(listed.map(normalRef).sort(), [...own].sort(), 'RepoTags of the fixture lists both of its tags');
      for (const tag of listed) {
        ctx.expect(sameImage(await imageIdOf(ctx, tag), item!.Id), `the listed tag ${tag} does not reference the image it is listed with`, {
          expected: item!.Id,
          actual: tag,
        });
      }
    },
  }),
];
