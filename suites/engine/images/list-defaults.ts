/**
 * Spec: Endpoints > Images > 25. GET /images/json: `all` B default false, `digests` B (adds
 * RepoDigests); Resources > Image resources > List item: "with `digests=1` also RepoDigests [S]".
 * What the image list answers when each boolean is false.
 */
import { DOCUMENTED_FALSE_SPELLINGS } from '../../../harness/protocol/booleans.ts';
import { engineCheck } from '../support/check.ts';
import { imageExists, imageIdOf, listImages, sameImage, type ListItem } from '../support/images.ts';
import { imageWithUntaggedParent } from '../support/parent-image.ts';

const ENDPOINT = 'engine/images/list';
const ALL_DEFAULT = 'engine/images/list/query-all-default';

function holds(items: readonly ListItem[], id: string): boolean {
  return items.some((i) => sameImage(i.Id, id));
}

function listedOrNot(listed: boolean): string {
  return listed ? 'lists' : 'leaves out';
}

export default [
  engineCheck({
    id: ALL_DEFAULT,
    title: 'GET /images/json?all=0 lists what the list without all lists: the untagged parent of a build that one leaves out, all=0 leaves out too',
    endpoint: ENDPOINT,
    async run(ctx) {
      const built = await imageWithUntaggedParent(ctx, 'all-default', ALL_DEFAULT);
      if (!built.parent || !(await imageExists(ctx, built.parent)))
        ctx.notApplicable(
          `the build of ${built.name} kept no untagged parent image (its inspect names no Parent that exists): no image the default list may leave out`,
        );
      const parent = built.parent;
      if (!holds(await listImages(ctx, { all: true }), parent))
        ctx.blockedBy('engine/images/list/query-all', `all=1 does not list ${parent}, the untagged parent of ${built.name}`);
      // Sent without `all` in every run: the spelling sibling compares all=false and all=False with it too.
      const byDefault = holds(await listImages(ctx, {}, undefined, { asWritten: true }), parent);
      const byFalse = holds(await listImages(ctx, { all: false }), parent);
      if (byDefault && byFalse)
        ctx.notApplicable(`the list without all shows ${parent}, the untagged parent of ${built.name}, as all=1 does: nothing here tells all=0 from all=1`);
      const what = `${parent}, the untagged parent of ${built.name}`;
      ctx.expect(byFalse === byDefault, `all=0 ${listedOrNot(byFalse)} ${what}, which the list without all ${listedOrNot(byDefault)}`, {
        expected: `${byDefault ? 'listed' : 'left out'}, as without all (all defaults to false)`,
        actual: byFalse ? 'listed' : 'left out',
      });
    },
  }),
  engineCheck({
    id: 'engine/images/list/repo-digests-without-digests',
    title: 'whether image list items carry RepoDigests with digests=0, false or False: observed',
    endpoint: ENDPOINT,
    async run(ctx) {
      const fixture = await imageIdOf(ctx, ctx.fixtureImage());
      // Each documented false spelling as written: the spec says what digests=1 adds, not what the others leave out.
      for (const spelling of DOCUMENTED_FALSE_SPELLINGS) {
        const item = (await listImages(ctx, { digests: spelling })).find((i) => sameImage(i.Id, fixture));
        if (!item) return ctx.blockedBy('engine/images/list/200-response-schema', `the image list with digests=${spelling} does not hold the fixture image`);
        const shown = Object.hasOwn(item, 'RepoDigests') ? `carries RepoDigests ${JSON.stringify(item.RepoDigests)}` : 'carries no RepoDigests';
        ctx.observe(`digests=${spelling}: the fixture's list item ${shown}`);
      }
    },
  }),
];
