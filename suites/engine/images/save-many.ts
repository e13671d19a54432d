import { engineCheck } from '../support/check.ts';
import { expectImageTarball, expectRepositories, expectTagsOwnLayers, markersIn } from '../support/image-tarball.ts';
import { IMAGE_MARKER, ownImage, tagged } from '../support/images.ts';

/**
 * Spec: Endpoints > Images > 35. GET /images/get ("Same rules per value"), with the rules of 34.
 * GET /images/(name)/get: the repository's tarball (all its tags), for `name:tag` only that image,
 * for an image ID the same without the `repositories` file. The other get-many checks are in save-load.ts.
 */
export default [
  engineCheck({
    id: 'engine/images/get-many/query-names-repeatable/kinds',
    title:
      'GET /images/get applies to each value the rule of its kind, in one request: a repository name brings all its tags, ' +
      'a name:tag that tag alone, an image ID that image with none of its tags in repositories',
    requirements: ['engine/images/get-many/query-names-repeatable'],
    endpoint: 'engine/images/get-many',
    async run(ctx) {
      const requirement = 'engine/images/get-many/query-names-repeatable';
      // The other get-many checks send name:tag values only: a target reading a bare name as name:latest, or an ID as
      // its tags, passed them. The repository has `latest` and another tag, on two images.
      const latest = await ownImage(ctx, 'save-kinds', 'latest');
      const other = await ownImage(ctx, 'save-kinds-v2');
      const { repo } = latest;
      await tagged(ctx, other.id, repo, 'v2');
      // name:tag: b1 of a repository whose other tag, b2, is not named.
      const named = await ownImage(ctx, 'save-kinds-named', 'b1');
      await tagged(ctx, latest.id, named.repo, 'b2');
      // An image ID: its image is tagged only in a repository no other value names.
      const byId = await ownImage(ctx, 'save-kinds-id');
      const names = [repo, named.ref, byId.id];
      const what = `the tarball of GET /images/get?names=${names.join('&names=')}`;
      const res = await ctx.api.get('/images/get', { names }, { timeoutMs: 60_000 });
      const tarball = await expectImageTarball(ctx, res, what, 'engine/images/get-many/200-tarball');
      expectRepositories(ctx, tarball, { [repo]: ['latest', 'v2'], [named.repo]: ['b1'] }, what, requirement);
      await expectTagsOwnLayers(ctx, tarball, [latest, { repo, tag: 'v2', marker: other.marker }, named], what, requirement);
      const held = await markersIn(tarball);
      if (held.length === 0) return ctx.cannotVerify(`${what}: no layer holds ${IMAGE_MARKER}: whether the image ID's image is in it cannot be told`);
      ctx.expect(held.includes(byId.marker!), `${what}: no layer holds the image the value ${byId.id} names (its ${IMAGE_MARKER})`, {
        expected: byId.marker,
        actual: held,
        requirement,
      });
    },
  }),
];
