/**
 * Zero states of an image: one without tags and without labels, where implementations drop the
 * fields or give null. Spec: Resources > Image resources > List item (RepoTags [S]; (1.22) Labels
 * {S:S}). What an untagged image's RepoTags hold (`<none>:<none>` or nothing) the spec does not say.
 * And (1.22) an image whose config gives its platform fields empty: Inspect lists Architecture and
 * the daemon version as S, given as the empty strings they are.
 */
import { engineCheck } from '../support/check.ts';
import { danglingImage, emptyFilesImage, inspectImage, isRealTag, listImages, removeLater, sameImage } from '../support/images.ts';
import { reloadedImage } from '../support/reloaded-image.ts';
import { expectTransferred, pull, pushedAway, pushedDigest } from '../support/registry.ts';
import { isEmptyMap, shownValue } from '../support/zero-values.ts';

const R = {
  repoTags: 'engine/images/list/untagged-repotags-list',
  labels: 'engine/images/list/labels-empty-present',
  sizes: 'engine/images/list/sizes-given-when-empty',
  containerSizes: 'engine/containers/list/size-zero-present',
  inspectSizes: 'engine/containers/inspect/query-size',
  platform: 'engine/images/inspect/platform-given-when-empty',
};

type Json = Record<string, unknown>;

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
  engineCheck({
    id: `${R.repoTags}/digest-only`,
    title: '(1.22) The list item of an image pulled by its digest alone, with no tag, has RepoTags, a list of strings (not null, not left out)',
    requirements: [R.repoTags],
    endpoint: 'engine/images/list',
    versions: ['1.22'],
    async run(ctx) {
      // Gone from the local store, so the pull by digest brings it back with a digest and no tag.
      const { pushed, repo, id } = await pushedAway(ctx, 'digest-only');
      const digest = pushedDigest(pushed.text());
      if (!digest) return ctx.notApplicable('the push stream names no digest, so no image can be pulled by its digest alone');
      const byDigest = `${repo}@${digest}`;
      removeLater(ctx, byDigest);
      await ctx.setUp(
        async () => expectTransferred(ctx, await pull(ctx, byDigest), `pulling fromImage=${byDigest}`),
        'engine/images/create/query-from-image-tag-or-digest',
      );
      const item = (await listImages(ctx, { all: 1 })).find((i) => sameImage(i.Id, id));
      if (!item) return ctx.blockedBy('engine/images/create/query-from-image-tag-or-digest', `the image pulled as ${byDigest} is not listed`);
      const tags: unknown = item.RepoTags;
      const kept = Array.isArray(tags) ? tags.filter((t) => typeof t === 'string' && isRealTag(t)) : [];
      if (kept.length)
        return ctx.notApplicable(`the image kept the tags ${kept.join(', ')} after it was removed and pulled by its digest, so it is no image without a tag`);
      ctx.verify(Array.isArray(tags) && tags.every((t) => typeof t === 'string'), 'the list item of an image with a digest and no tag has RepoTags [S]', {
        expected: 'a list of strings',
        actual: shownValue(tags),
        requirement: R.repoTags,
      });
      ctx.observe(`an image pulled by digest alone lists RepoTags ${JSON.stringify(shownValue(tags))}`);
    },
  }),
  engineCheck({
    id: R.sizes,
    title:
      'An image whose files hold no bytes has Size and VirtualSize (given, not left out) in its list item and inspect, and (1.22) a Size in each history item',
    endpoint: 'engine/images/list',
    async run(ctx) {
      const id = await emptyFilesImage(ctx);
      const item = (await listImages(ctx, { all: 1 })).find((i) => sameImage(i.Id, id));
      if (!item) return ctx.blockedBy('engine/images/list/query-all', `the untagged image ${id.slice(0, 19)} is not in the all=1 list`);
      const inspect = ctx.expectJson<Json>(await ctx.api.get(`/images/${id}/json`), 'image inspect');
      const sized: Array<[string, Json, string[]]> = [
        ['list item', item, ['Size', 'VirtualSize']],
        ['inspect', inspect, ctx.version === '1.22' ? ['Size', 'VirtualSize'] : ['Size']],
      ];
      if (ctx.version === '1.22') {
        const history = ctx.expectJson<Json[]>(await ctx.api.get(`/images/${id}/history`), 'image history');
        history.forEach((h, i) => sized.push([`history item ${i}`, h, ['Size']]));
      }
      for (const [where, object, fields] of sized)
        for (const field of fields)
          ctx.verify(Number.isInteger(object[field]), `the ${where} of an image without file content has ${field} I`, {
            expected: 'an integer (0 for no content)',
            actual: shownValue(object[field]),
            requirement: R.sizes,
          });
      ctx.observe(`an image whose one file is empty: Size ${JSON.stringify(item.Size)} in its list item, ${JSON.stringify(inspect.Size)} in its inspect`);
    },
  }),
  engineCheck({
    id: `${R.containerSizes}/empty-image`,
    title:
      'With size=1, a never started container of an image without file content has SizeRw 0 and SizeRootFs (given, not left out), listed and (1.22) inspected',
    requirements: [R.containerSizes, R.inspectSizes],
    endpoint: 'engine/containers/list',
    async run(ctx) {
      const image = await emptyFilesImage(ctx);
      // Never started: the image has no program to run, and the container wrote nothing.
      const { id } = await ctx.setUp(() => ctx.createContainer({ cmd: ['true'], extra: { Image: image } }));
      const res = await ctx.api.get('/containers/json', { all: 1, size: 1, filters: JSON.stringify({ id: [id] }) });
      const item = ctx.expectJson<Json[]>(res, 'container list').find((i) => i.Id === id);
      if (!item) return ctx.blockedBy('engine/containers/list/query-all', `the created container ${id.slice(0, 12)} is not in the all=1 list`);
      const sized: Array<[string, Json, string]> = [['list item', item, R.containerSizes]];
      if (ctx.version === '1.22')
        sized.push(['inspect', ctx.expectJson<Json>(await ctx.api.get(`/containers/${id}/json`, { size: 1 }), 'inspect'), R.inspectSizes]);
      for (const [where, object, requirement] of sized) {
        ctx.verify(object.SizeRw === 0, `the ${where} of a container that wrote nothing has SizeRw 0 with size=1`, {
          expected: 0,
          actual: shownValue(object.SizeRw),
          requirement,
        });
        ctx.verify(Number.isInteger(object.SizeRootFs), `the ${where} has SizeRootFs I with size=1`, {
          expected: 'an integer (0 for no content)',
          actual: shownValue(object.SizeRootFs),
          requirement,
        });
      }
    },
  }),
  engineCheck({
    id: R.platform,
    title: '(1.22) The inspect of an image whose config gives Architecture and the daemon version empty has both, as strings (not left out)',
    requirements: [R.platform],
    endpoint: 'engine/images/inspect',
    versions: ['1.22'],
    async run(ctx) {
      const image = await reloadedImage(ctx, 'platform', (object) => {
        if ('architecture' in object) object.architecture = '';
        if ('docker_version' in object) object.docker_version = '';
      });
      const inspect = ctx.expectJson<Json>(await inspectImage(ctx, image.id), `inspect of ${image.ref}`);
      for (const field of ['Architecture', ctx.spell('VendorVersion')]) {
        ctx.verify(typeof inspect[field] === 'string', `the inspect of an image whose config gives ${field} empty has ${field} S`, {
          expected: 'a string (empty, as the config gives it)',
          actual: shownValue(inspect[field]),
          requirement: R.platform,
        });
      }
      const shown = { Architecture: inspect.Architecture, [ctx.spell('VendorVersion')]: inspect[ctx.spell('VendorVersion')] };
      ctx.observe(`an image whose config gives them empty: ${JSON.stringify(shown)}`);
    },
  }),
];
