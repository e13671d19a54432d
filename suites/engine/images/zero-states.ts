/**
 * Zero states of an image: one without tags and without labels, where implementations drop the
 * fields or give null. Spec: Resources > Image resources > List item (RepoTags [S]; (1.22) Labels
 * {S:S}). What an untagged image's RepoTags hold (`<none>:<none>` or nothing) the spec does not say.
 */
import { engineCheck } from '../support/check.ts';
import { danglingImage, listImages, sameImage } from '../support/images.ts';
import { isEmptyMap, shownValue } from '../support/zero-values.ts';

const R = {
  repoTags: 'engine/images/list/untagged-repotags-list',
  labels: 'engine/images/list/labels-empty-present',
};

export default [
  engineCheck({
    id: R.repoTags,
    title: 'The list item of an image without tags has RepoTags, a list of strings (not null, not left out); (1.22) one without labels has Labels {}',
    requirements: [R.repoTags, R.labels],
    endpoint: 'engine/images/list',
    async run(ctx) {
      const id = await danglingImage(ctx);
      const item = (await listImages(ctx, { all: 1 })).find((i) => sameImage(i.Id, id));
      if (!item) return ctx.blockedBy('engine/images/list/query-all', `the untagged image ${id.slice(0, 19)} is not in the all=1 list`);
      const tags: unknown = item.RepoTags;
      ctx.verify(Array.isArray(tags) && tags.every((t) => typeof t === 'string'), 'the list item of an untagged image has RepoTags [S]', {
        expected: 'a list of strings',
        actual: shownValue(tags),
        requirement: R.repoTags,
      });
      ctx.observe(`an untagged image lists RepoTags ${JSON.stringify(shownValue(tags))} (the spec does not say what it holds)`);
      if (ctx.version !== '1.22') return;
      ctx.verify(isEmptyMap(item.Labels), 'the list item of an image without labels has Labels {}', {
        expected: {},
        actual: shownValue(item.Labels),
        requirement: R.labels,
      });
    },
  }),
];
