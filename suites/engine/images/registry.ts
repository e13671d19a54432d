import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { expectNoStreamError, expectObjectStream, PROGRESS_OBJECTS } from '../support/image-streams.ts';
import { buildImage, registryConfigHeader } from '../support/build.ts';
import {
  committedImage,
  configOf,
  imageExists,
  imageIdOf,
  listImages,
  missingRepo,
  ownImage,
  removeLater,
  sameImage,
  tagAs,
  tagged,
} from '../support/images.ts';
import { pullWith, registryBase, registryCredentials, wrongCredentials } from '../support/registry-credentials.ts';
import {
  expectPulledImage,
  expectTransferred,
  fixtureAs,
  loginAuth,
  pull,
  push,
  pushedDistinct,
  pushedImageOf,
  pushedRepo,
  removeImage,
  registryOf,
  registryRepo,
  untagLocal,
} from '../support/registry.ts';

/**
 * Spec: Endpoints > Images > 27 (pull with fromImage), 30 (push); Authentication (X-Registry-Auth).
 * Against the run's registry (`--registry HOST:PORT`), skipped without one. (The typical run flow,
 * which pulls after a 404, is checked in suites/engine/system/service.ts.)
 */
const CREATE = 'engine/images/create';
const PUSH = 'engine/images/push';

/** The digest of `repo` among the RepoDigests of the local image `ref`, if it shows one. */
async function repoDigestOf(ctx: EngineContext, ref: string, repo: string): Promise<string | undefined> {
  const res = await ctx.api.get(`/images/${ref}/json`);
  const digests = res.status === 200 ? ctx.expectJson<{ RepoDigests?: unknown }>(res, 'image inspect').RepoDigests : undefined;
  const mine = Array.isArray(digests) ? digests.find((d): d is string => typeof d === 'string' && d.startsWith(`${repo}@`)) : undefined;
  return mine?.slice(repo.length + 1);
}

/** A pull named by `what` did not bring `ref`, another tag of the repository it pulled from. */
async function expectNotPulled(ctx: EngineContext, ref: string, what: string): Promise<void> {
  ctx.expect(!(await imageExists(ctx, ref)), `${what} also brought ${ref}`, { expected: 'inspect 404', actual: 200 });
}

/**
 * Removes the check's own image `ref` (by its identifier, forced: every tag and digest reference),
 * so that only a pull can make `byDigest` resolve again; a target that still resolves it leaves the
 * check unverified. Never a reference of a shared image: some targets (Podman) remove the whole
 * image, with every name, for a DELETE by digest reference.
 */
async function forgetOwnImage(ctx: EngineContext, ref: string, byDigest: string): Promise<void> {
  await removeImage(ctx, await imageIdOf(ctx, ref));
  ctx.precondition(!(await imageExists(ctx, byDigest)), `${byDigest} still resolves after its image was removed: a pull by digest would not show`);
}

export default [
  engineCheck({
    id: 'engine/images/push/200-progress-stream',
    title:
      'pushing an image tagged <registry host:port>/repo answers 200 with progress objects and no error, and the registry then holds it: ' +
      'with the local tag removed, a pull of repo:t1 brings the image pushed',
    requirements: [
      'engine/images/push/200-progress-stream',
      'engine/images/push/private-registry-name',
      'engine/auth/x-registry-auth',
      'engine/images/progress-objects',
    ],
    endpoint: PUSH,
    async run(ctx) {
      // An image of its own (not the fixture): only the registry's copy of this push can bring its id back.
      const own = await ownImage(ctx, 'push-source');
      const pushed = await pushedImageOf(ctx, own.ref);
      const repo = registryRepo(ctx, 'push');
      await tagged(ctx, own.ref, repo, 't1');
      const res = await push(ctx, repo, { tag: 't1' });
      const stream = expectObjectStream(ctx, res, 'progress-object', `push of ${repo}:t1`, 'engine/images/push/200-progress-stream', [
        'engine/images/push/200-progress-stream',
        PROGRESS_OBJECTS,
      ]);
      expectNoStreamError(ctx, stream, `push of ${repo}:t1 to ${registryOf(ctx)}`, 'engine/images/push/private-registry-name');
      // The effect: the registry has repo:t1. The local name is removed (the image stays under its own), so the pull has to fetch it.
      await untagLocal(ctx, `${repo}:t1`);
      removeLater(ctx, `${repo}:t1`);
      const back = await pull(ctx, repo, { tag: 't1' });
      ctx.expect(
        back.status === 200 && !/"error"\s*:/.test(back.text()),
        `after the push, a pull of ${repo}:t1 from ${registryOf(ctx)} fails: the registry does not hold it`,
        {
          expected: 'the pull answers 200 without an error',
          actual: { status: back.status, body: back.text().slice(-300) },
          requirement: 'engine/images/push/private-registry-name',
        },
      );
      await expectPulledImage(ctx, `${repo}:t1`, pushed, [pushed], 'engine/images/push/private-registry-name');
    },
  }),
  engineCheck({
    id: 'engine/images/push/404-no-such-image',
    title: 'pushing an image that does not exist answers 404',
    endpoint: PUSH,
    async run(ctx) {
      const repo = ctx.run.registry || ctx.run.embedded ? registryRepo(ctx, 'missing') : missingRepo(ctx);
      const res = await push(ctx, repo, { tag: 'latest' });
      ctx.expectStatus(res, 404, `push of ${repo}, which no image has`);
    },
  }),
  engineCheck({
    id: 'engine/images/push/query-tag',
    title: 'push with tag pushes only that tag',
    endpoint: PUSH,
    async run(ctx) {
      const repo = registryRepo(ctx, 'push-tag');
      await fixtureAs(ctx, repo, 'pushed');
      await fixtureAs(ctx, repo, 'kept');
      expectTransferred(ctx, await push(ctx, repo, { tag: 'pushed' }), `pushing ${repo}:pushed`);
      await untagLocal(ctx, `${repo}:kept`);
      const res = await pull(ctx, repo, { tag: 'kept' });
      removeLater(ctx, `${repo}:kept`);
      ctx.expect(res.status !== 200 || /"error"\s*:/.test(res.text()), `${repo}:kept reached the registry although the push named tag=pushed`, {
        expected: 'a pull of the unpushed tag fails',
        actual: { status: res.status, body: res.text().slice(-200) },
      });
    },
  }),
  engineCheck({
    id: 'engine/images/create/query-from-image',
    title: 'fromImage pulls the image from the registry: 200 with progress objects, then the image is local',
    requirements: [
      'engine/images/create/query-from-image',
      'engine/images/create/200-progress-stream',
      'engine/images/progress-objects',
      'engine/auth/x-registry-auth',
    ],
    endpoint: CREATE,
    async run(ctx) {
      // The fixture, so that an import failing does not block the pull (one tag: no other image to mistake it for).
      const fixture = await pushedImageOf(ctx, ctx.fixtureImage());
      const repo = await pushedRepo(ctx, 'pull', ['t1']);
      removeLater(ctx, `${repo}:t1`);
      const res = await pull(ctx, repo, { tag: 't1' });
      expectNoStreamError(
        ctx,
        expectObjectStream(ctx, res, 'progress-object', `pull of ${repo}:t1`, 'engine/images/create/200-progress-stream', [
          'engine/images/create/200-progress-stream',
          PROGRESS_OBJECTS,
        ]),
        `pull of ${repo}:t1`,
        'engine/images/create/query-from-image',
      );
      await expectPulledImage(ctx, `${repo}:t1`, fixture, [fixture], 'engine/images/create/query-from-image');
    },
  }),
  engineCheck({
    id: 'engine/images/create/query-tag',
    title: 'a pull with tag fetches that tag only, the image pushed under it',
    endpoint: CREATE,
    async run(ctx) {
      const { repo, pushed } = await pushedDistinct(ctx, 'pull-tag', ['wanted', 'other']);
      expectTransferred(ctx, await pull(ctx, repo, { tag: 'wanted' }), `pulling ${repo}:wanted`);
      await expectPulledImage(ctx, `${repo}:wanted`, pushed.wanted, Object.values(pushed), 'engine/images/create/query-tag');
      await expectNotPulled(ctx, `${repo}:other`, 'a pull with tag=wanted');
    },
  }),
  engineCheck({
    id: 'engine/images/create/query-tag/digest',
    title: 'a pull with tag=<digest> (fromImage the repository alone) fetches the image of that digest',
    requirements: ['engine/images/create/query-tag'],
    endpoint: CREATE,
    async run(ctx) {
      // Two images of the check's own in one repository, pushed and then removed locally: only the pull can bring one back.
      const { repo, pushed } = await pushedDistinct(ctx, 'pull-tag-digest', ['wanted', 'other']);
      const digest = pushed.wanted!.digest;
      ctx.precondition(digest !== undefined, 'the push stream names no digest of the repository: a pull by digest cannot be tried');
      for (const image of Object.values(pushed)) await removeImage(ctx, image.id);
      const byDigest = `${repo}@${digest}`;
      removeLater(ctx, byDigest);
      expectTransferred(ctx, await pull(ctx, repo, { tag: digest! }), `pulling fromImage=${repo}&tag=${digest}`, 'engine/images/create/query-tag');
      ctx.expect(await imageExists(ctx, byDigest), `fromImage=${repo}&tag=${digest} did not make ${byDigest} resolvable`, {
        expected: 'inspect 200',
        actual: 404,
      });
      await expectNotPulled(ctx, `${repo}:other`, `a pull with tag=<the digest of ${repo}:wanted>`);
    },
  }),
  engineCheck({
    id: 'engine/images/create/query-tag-empty-pulls-all',
    title: 'a pull with an empty tag fetches every tag of the repository, each the image pushed under it',
    endpoint: CREATE,
    async run(ctx) {
      const tags = ['one', 'two'];
      const { repo, pushed } = await pushedDistinct(ctx, 'pull-all', tags);
      expectTransferred(ctx, await pull(ctx, repo, { tag: '' }), `pulling ${repo} with tag=''`);
      for (const tag of tags)
        await expectPulledImage(ctx, `${repo}:${tag}`, pushed[tag]!, Object.values(pushed), 'engine/images/create/query-tag-empty-pulls-all');
    },
  }),
  engineCheck({
    id: 'engine/images/create/query-from-image-tag-or-digest',
    title: '(1.22) fromImage may carry the tag (repo:tag) or the digest (repo@sha256:…): either pulls that image, not the other tag of its repository',
    endpoint: CREATE,
    versions: ['1.22'],
    async run(ctx) {
      const rule = 'engine/images/create/query-from-image-tag-or-digest';
      // Two images in the repository: a target reading the reference's tag or digest as no tag (every tag), or as another, shows.
      const { repo, pushed } = await pushedDistinct(ctx, 'pull-ref', ['t1', 'other']);
      const [wanted, all] = [pushed.t1!, Object.values(pushed)];
      const ref = `${repo}:t1`;
      expectTransferred(ctx, await pull(ctx, ref), `pulling fromImage=${ref}`);
      await expectPulledImage(ctx, ref, wanted, all, rule);
      await expectNotPulled(ctx, `${repo}:other`, `fromImage=${ref}`);
      const digest = wanted.digest ?? (await repoDigestOf(ctx, ref, repo));
      ctx.precondition(digest !== undefined, 'neither the push stream nor the pulled image names a digest of the repository: the digest form cannot be tried');
      const byDigest = `${repo}@${digest}`;
      removeLater(ctx, byDigest);
      // The pull by tag made the digest resolve locally: the image goes again, so that only the pull by digest can bring it back.
      await forgetOwnImage(ctx, ref, byDigest);
      expectTransferred(ctx, await pull(ctx, byDigest), `pulling fromImage=${byDigest}`);
      ctx.expect(await imageExists(ctx, byDigest), `fromImage=${byDigest} did not make ${byDigest} resolvable`, { expected: 'inspect 200', actual: 404 });
      await expectPulledImage(ctx, byDigest, wanted, all, rule);
      await expectNotPulled(ctx, `${repo}:other`, `fromImage=${byDigest}`);
    },
  }),
  engineCheck({
    id: 'engine/images/create/404-no-such-repository',
    title: 'a pull of a repository that does not exist answers 404',
    endpoint: CREATE,
    async run(ctx) {
      const repo = registryRepo(ctx, 'missing');
      const res = await pull(ctx, repo, { tag: 'latest' });
      ctx.expectStatus(res, 404, `pull of ${repo}, which the registry does not hold`);
    },
  }),
  engineCheck({
    id: 'engine/images/create/404-no-such-repository/no-read-access',
    title: 'a pull of a repository the registry holds, with credentials that give no read access to it, answers 404',
    requirements: ['engine/images/create/404-no-such-repository'],
    endpoint: CREATE,
    async run(ctx) {
      const creds = registryCredentials(ctx);
      const base = await registryBase(ctx, creds, 'denied');
      const denied = await pullWith(ctx, base, { ...wrongCredentials(creds), email: 'conformance@example.invalid' });
      if (denied.accepted) ctx.notApplicable(`the registry gave ${base} to wrong credentials (${denied.detail}): no pull without read access can be made`);
      ctx.expect(denied.status === 404, `the pull of ${base} with wrong credentials (no read access) answered ${denied.detail}`, {
        expected: 404,
        actual: denied.detail,
      });
    },
  }),
  engineCheck({
    id: 'engine/images/list/reference-by-tag-or-digest/digest',
    title: 'a digest listed in RepoDigests (digests=1) references the image',
    requirements: ['engine/images/list/reference-by-tag-or-digest'],
    endpoint: 'engine/images/list',
    async run(ctx) {
      // Two repositories, so that the image has two digests: a list cut to one shows.
      const repos = [registryRepo(ctx, 'digest'), registryRepo(ctx, 'digest-two')];
      for (const repo of repos) {
        await fixtureAs(ctx, repo, 't1');
        expectTransferred(ctx, await push(ctx, repo, { tag: 't1' }), `pushing ${repo}:t1`);
      }
      const fixture = await imageIdOf(ctx, ctx.fixtureImage());
      const item = (await listImages(ctx, { digests: true })).find((i) => sameImage(i.Id, fixture));
      const shown = Array.isArray(item?.RepoDigests) ? item.RepoDigests.filter((d): d is string => typeof d === 'string') : [];
      const digests = repos.map((repo) => shown.filter((d) => d.startsWith(`${repo}@`)));
      ctx.expect(
        digests.every((d) => d.length > 0) && new Set(shown).size === shown.length,
        `after pushing ${repos.join(' and ')} the fixture's list item does not carry a RepoDigests entry for each, each entry once`,
        {
          expected: repos.map((repo) => `${repo}@sha256:…`),
          actual: item?.RepoDigests,
        },
      );
      for (const digest of digests.flat())
        ctx.expect(sameImage(await imageIdOf(ctx, digest), fixture), `the listed digest ${digest} does not reference the image it is listed with`, {
          expected: fixture,
          actual: digest,
        });
    },
  }),
  engineCheck({
    id: 'engine/images/build/query-pull',
    title: 'build with pull=1 pulls the base image although an older one exists locally; pull=0 builds on the local one',
    endpoint: 'engine/images/build',
    async run(ctx) {
      const remote = await committedImage(ctx, 'pull-base', ['LABEL conformance.base=registry']);
      const repo = registryRepo(ctx, 'build-pull');
      await tagged(ctx, remote.ref, repo, 'latest');
      expectTransferred(ctx, await push(ctx, repo, { tag: 'latest' }), `pushing ${repo}:latest`);
      const retagged = await tagAs(ctx, ctx.fixtureImage(), repo, 'latest', { force: true });
      ctx.precondition(retagged.status === 201, `pointing the local ${repo}:latest at the fixture answered ${retagged.status}`, 'engine/images/tag/201-tagged');
      const { username, password } = loginAuth(ctx) as { username: string; password: string };
      const headers = registryConfigHeader({ [registryOf(ctx)]: { username, password } });
      // First without pull: the local image is used (a pull=1 build would replace it).
      const local = await buildImage(
        ctx,
        'no-pull',
        { buildFile: `FROM ${repo}:latest\nLABEL conformance.pulled=0\n`, query: { pull: false }, headers },
        'engine/images/build/query-pull',
      );
      ctx.expectEqual(
        (await configOf(ctx, local.id)).Labels?.['conformance.base'],
        undefined,
        `the build with pull=0 used the local ${repo}:latest (the fixture, without the label base=registry), not the registry's`,
      );
      const { id } = await buildImage(
        ctx,
        'pull',
        { buildFile: `FROM ${repo}:latest\nLABEL conformance.pulled=1\n`, query: { pull: true }, headers },
        'engine/images/build/query-pull',
      );
      ctx.expectEqual(
        (await configOf(ctx, id)).Labels?.['conformance.base'],
        'registry',
        `the build with pull=1 used the registry's ${repo}:latest (labelled base=registry), not the older local one`,
      );
    },
  }),
];
