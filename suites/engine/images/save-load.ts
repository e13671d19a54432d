import { randomBytes } from 'node:crypto';
import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import {
  expectImageTarball,
  expectLayerDirs,
  expectRepositories,
  expectTagsOwnLayers,
  layerEntry,
  layerFile,
  layerNames,
  markerOf,
  markersIn,
  saveImage,
  topLayer,
  type ImageTarball,
} from '../support/image-tarball.ts';
import { commitRequest, IMAGE_MARKER, imageIdOf, missingRepo, ownImage, removeLater, tagged, type OwnImage } from '../support/images.ts';
import { contentType } from '../support/container-data.ts';

/** Spec: Endpoints > Images > 34. GET /images/(name)/get, 35. GET /images/get; Resources > Image tarball format. The loads are in load.ts. */

interface TwoTagRepo {
  repo: string;
  first: OwnImage;
  second: string;
}

/**
 * One repository with two tags on two different images: `first` (repo:v1) and `second` (repo:b).
 * The save checks only read it: one per file.
 */
function twoTagRepo(ctx: EngineContext): Promise<TwoTagRepo> {
  return ctx.file.images.get('two-tag-repo', async (shared): Promise<TwoTagRepo> => {
    const first = await ownImage(ctx, 'save', 'v1', shared);
    const other = await ownImage(ctx, 'save-other', 'v1', shared);
    return { repo: first.repo, first, second: await tagged(ctx, other.ref, first.repo, 'b', shared) };
  });
}

/** A registry host:port that only names a local tag (nothing is pulled from or pushed to it). */
const TAG_ONLY_REGISTRY = 'registry.invalid:5000';

const LAYER_CHANGES = 'engine/images/get/layer-tar-changes';
/** A file of the fixture image that the layer-changes container deletes. */
const DELETED = 'etc/fixture-release';
/** The file it adds. */
const ADDED = 'conformance-layer-added';

/** Files of an intermediate image: the layer-changes container rewrites MODIFIED and only chmods CHMODDED (written 0644). */
const MODIFIED = 'etc/conformance-modified';
const CHMODDED = 'etc/conformance-chmodded';
const CHMOD_MODE = 0o600;

/** An image committed from a container that ran `script` on `image` (the fixture by default): one layer on top of that image's. */
async function committedImage(ctx: EngineContext, script: string, purpose: string, image?: string): Promise<string> {
  const { id } = await ctx.runningContainer(['sh', '-c', script], image ? { extra: { Image: image } } : {});
  const code = await ctx.waitExit(id);
  ctx.precondition(code === 0, `the script ${JSON.stringify(script)} exited with ${code}`);
  const repo = ctx.uniqueName(purpose);
  removeLater(ctx, `${repo}:v1`);
  const res = await commitRequest(ctx, { container: id, repo, tag: 'v1' });
  if (res.status !== 201) ctx.blockedBy('engine/images/commit/201-response-schema', `commit of the changed container answered ${res.status}`);
  return `${repo}:v1`;
}

/** An image committed from a container that deleted DELETED and wrote `token` to ADDED. */
function changedImage(ctx: EngineContext, token: string): Promise<string> {
  return committedImage(ctx, `rm /${DELETED} && echo ${token} > /${ADDED}`, 'save-changes');
}

/**
 * changedImage's changes made over an intermediate image that holds MODIFIED and CHMODDED, with
 * a new content written to MODIFIED and CHMODDED's mode alone changed (chmod 600).
 */
async function allChangesImage(ctx: EngineContext, token: string): Promise<string> {
  const parent = await committedImage(ctx, `echo parent > /${MODIFIED} && echo unchanged > /${CHMODDED}`, 'save-parent');
  const script = `rm /${DELETED} && echo ${token} > /${ADDED} && echo ${token}-modified > /${MODIFIED} && busybox chmod ${CHMOD_MODE.toString(8)} /${CHMODDED}`;
  return committedImage(ctx, script, 'save-changes', parent);
}

/** Each layer directory of a tarball with the paths its layer.tar holds. */
function listedLayers(tarball: ImageTarball): Promise<Array<{ id: string; names: string[] }>> {
  return Promise.all([...tarball.layers.keys()].map(async (id) => ({ id, names: await layerNames(tarball, id) })));
}

/**
 * The tarball of an image ID holds what the tarball of its name:tag holds (the spec's "the same"):
 * that image's layer, told by its marker, and not the layer of the other image of its repository.
 * The markers are read from every layer directory, not through `repositories` (whose layer IDs
 * Podman's tarballs do not name as their directories).
 */
async function expectSameImageAs(ctx: EngineContext, tarball: ImageTarball, id: string, { first, second }: TwoTagRepo): Promise<void> {
  const requirement = 'engine/images/get/image-id-no-repositories-file';
  const markersOfRef = async (ref: string): Promise<string[]> =>
    markersIn(await expectImageTarball(ctx, await saveImage(ctx, ref), `GET /images/${ref}/get`, 'engine/images/get/name-tag-only-that-image'));
  const own = await markersOfRef(first.ref);
  const other = (await markersOfRef(second)).filter((m) => !own.includes(m));
  if (own.length === 0 || other.length === 0)
    return ctx.cannotVerify(`the name:tag tarballs of ${first.ref} and ${second} do not show which layer is each image's own (no ${IMAGE_MARKER})`);
  const held = await markersIn(tarball);
  ctx.verify(
    own.every((m) => held.includes(m)),
    `the tarball of the image ID ${id} does not hold the layer of that image (its ${IMAGE_MARKER}, as in the tarball of ${first.ref})`,
    { expected: own, actual: held, requirement },
  );
  ctx.verify(!other.some((m) => held.includes(m)), `the tarball of the image ID ${id} holds the layer of ${second}, another image of its repository`, {
    expected: `no layer holding ${other.join(', ')}`,
    actual: held,
    requirement,
  });
}

export default [
  engineCheck({
    id: LAYER_CHANGES,
    title:
      "a layer's directory holds its changes: a commit's layer.tar has the file added, the file rewritten (its new content), the file chmodded " +
      "(its new mode) and the whiteout of the one deleted; the parent's files lie in another",
    endpoint: 'engine/images/get',
    async run(ctx) {
      const token = randomBytes(8).toString('hex');
      const ref = await allChangesImage(ctx, token);
      const tarball = await expectImageTarball(ctx, await saveImage(ctx, ref), `GET /images/${ref}/get`, LAYER_CHANGES);
      // The layer is found by its content, not through the repositories file (whose rule is tarball-format's).
      const listed = await listedLayers(tarball);
      const top = listed.find((l) => l.names.includes(ADDED));
      ctx.expect(top !== undefined, `no layer directory's layer.tar holds /${ADDED}, the file the container added`, {
        expected: `a layer directory with ${ADDED}`,
        actual: listed.map((l) => `${l.id.slice(0, 12)}: ${l.names.slice(0, 8).join(', ')}`),
      });
      const names = top!.names;
      const whiteout = DELETED.replace(/[^/]+$/, (base) => `.wh.${base}`);
      ctx.expectEqual((await layerFile(tarball, top!.id, ADDED))?.trim(), token, `the layer.tar holding /${ADDED} has the content the container wrote`);
      ctx.expectEqual(
        (await layerFile(tarball, top!.id, MODIFIED))?.trim(),
        `${token}-modified`,
        `the layer.tar with the added file holds /${MODIFIED}, a file of the parent the container rewrote, with its new content`,
      );
      const chmodded = await layerEntry(tarball, top!.id, CHMODDED);
      ctx.expect(
        chmodded?.mode === CHMOD_MODE,
        `the layer.tar with the added file holds /${CHMODDED}, a file of the parent the container only chmodded, with its new mode`,
        {
          expected: { name: CHMODDED, mode: CHMOD_MODE.toString(8) },
          actual: chmodded ? { name: CHMODDED, mode: chmodded.mode?.toString(8) } : `no ${CHMODDED} among ${names.join(', ')}`,
        },
      );
      ctx.expect(names.includes(whiteout), `the layer.tar with the added file has no whiteout ${whiteout} for /${DELETED}, which the container deleted`, {
        expected: whiteout,
        actual: names,
      });
      ctx.expect(!names.includes(DELETED), `the layer.tar with the added file holds /${DELETED}, a file of the parent layer (it is to hold the changes only)`, {
        expected: `no ${DELETED}`,
        actual: names,
      });
      const parent = listed.find((l) => l.id !== top!.id && l.names.includes(DELETED));
      ctx.expect(parent !== undefined, `no other layer directory of the tarball holds /${DELETED}: the parent layer has no directory of its own`, {
        expected: `a layer directory besides ${top!.id.slice(0, 12)} with ${DELETED}`,
        actual: listed.map((l) => l.id),
      });
    },
  }),
  engineCheck({
    id: 'engine/images/get/tarball-format',
    title: 'GET /images/(name:tag)/get answers application/x-tar: per-layer VERSION 1.0, json, layer.tar, and a root repositories file',
    requirements: ['engine/images/get/tarball-format', 'engine/images/get/content-type-x-tar'],
    endpoint: 'engine/images/get',
    async run(ctx) {
      // An image of its own, alone in its repository: the tarball's repositories file is judged here, not name-tag-only.
      const image = await ownImage(ctx, 'save-format');
      const res = await saveImage(ctx, image.ref);
      ctx.expect(contentType(res) === 'application/x-tar', `the image tarball is sent as '${contentType(res)}'`, {
        expected: 'application/x-tar',
        actual: contentType(res),
        requirement: 'engine/images/get/content-type-x-tar',
      });
      const tarball = await expectImageTarball(ctx, res, `GET /images/${image.ref}/get`, 'engine/images/get/tarball-format');
      await expectLayerDirs(ctx, tarball, `the tarball of ${image.ref}`, 'engine/images/get/tarball-format');
      expectRepositories(ctx, tarball, { [image.repo]: [image.tag] }, `the tarball of ${image.ref}`, 'engine/images/get/tarball-format');
      // A repository name with a registry host:port: its colon is part of the name, the tag follows the last colon.
      const portRepo = `${TAG_ONLY_REGISTRY}/${ctx.uniqueName('save-format-port')}`;
      const portRef = await tagged(ctx, image.id, portRepo, 'v1');
      const portTarball = await expectImageTarball(ctx, await saveImage(ctx, portRef), `GET /images/${portRef}/get`, 'engine/images/get/tarball-format');
      expectRepositories(ctx, portTarball, { [portRepo]: ['v1'] }, `the tarball of ${portRef}`, 'engine/images/get/tarball-format');
    },
  }),
  engineCheck({
    id: 'engine/images/get/name-tag-only-that-image',
    title: 'the tarball of name:tag holds only that image (not the other tags of the repository)',
    endpoint: 'engine/images/get',
    async run(ctx) {
      const { repo, first, second } = await twoTagRepo(ctx);
      const other = await expectImageTarball(ctx, await saveImage(ctx, second), `GET /images/${second}/get`, 'engine/images/get/name-tag-only-that-image');
      const tarball = await expectImageTarball(
        ctx,
        await saveImage(ctx, first.ref),
        `GET /images/${first.ref}/get`,
        'engine/images/get/name-tag-only-that-image',
      );
      expectRepositories(ctx, tarball, { [repo]: [first.tag] }, `the tarball of ${first.ref}`, 'engine/images/get/name-tag-only-that-image');
      const otherTop = topLayer(other, repo, 'b');
      ctx.expect(otherTop === undefined || !tarball.layers.has(otherTop), `the tarball of ${first.ref} holds the layer of ${second}`, {
        expected: `no directory ${otherTop}`,
        actual: [...tarball.layers.keys()],
      });
    },
  }),
  engineCheck({
    id: 'engine/images/get/200-tarball',
    title: 'GET /images/(repository)/get answers 200 with a tarball of the repository: all its tags, each mapped to the layer of its own image',
    requirements: ['engine/images/get/200-tarball', 'engine/images/get/tarball-format'],
    endpoint: 'engine/images/get',
    async run(ctx) {
      const { repo, first, second } = await twoTagRepo(ctx);
      const tarball = await expectImageTarball(ctx, await saveImage(ctx, repo), `GET /images/${repo}/get`, 'engine/images/get/200-tarball');
      expectRepositories(ctx, tarball, { [repo]: [first.tag, 'b'] }, `the tarball of the repository ${repo}`, 'engine/images/get/200-tarball');
      // Which layer: each tag's own image, alone in its name:tag tarball, tells it by its marker file's random content.
      for (const [tag, ref] of [
        [first.tag, first.ref],
        ['b', second],
      ] as const) {
        const alone = await expectImageTarball(ctx, await saveImage(ctx, ref), `GET /images/${ref}/get`, 'engine/images/get/name-tag-only-that-image');
        const own = await markerOf(alone, repo, tag);
        if (own === undefined) {
          ctx.cannotVerify(
            `the tarball of ${ref} alone has no layer holding ${IMAGE_MARKER}, the file its image was imported with: which layer is its own cannot be told`,
          );
          continue;
        }
        ctx.expectEqual(
          await markerOf(tarball, repo, tag),
          own,
          `repositories maps ${repo}:${tag} to the layer of its own image (its ${IMAGE_MARKER})`,
          'engine/images/get/tarball-format',
        );
      }
    },
  }),
  engineCheck({
    id: 'engine/images/get/image-id-no-repositories-file',
    title: 'the tarball of an image ID holds that image as its name:tag tarball does (not another image of its repository) but no repositories file',
    endpoint: 'engine/images/get',
    async run(ctx) {
      const { first: image } = await twoTagRepo(ctx);
      const tarball = await expectImageTarball(
        ctx,
        await saveImage(ctx, image.id),
        `GET /images/${image.id}/get`,
        'engine/images/get/image-id-no-repositories-file',
      );
      await expectLayerDirs(ctx, tarball, `the tarball of ${image.id}`, 'engine/images/get/image-id-no-repositories-file');
      ctx.verify(tarball.repositories === undefined, 'the tarball of an image ID has a repositories file', {
        expected: 'no repositories file',
        actual: tarball.repositories,
        requirement: 'engine/images/get/image-id-no-repositories-file',
      });
      await expectSameImageAs(ctx, tarball, image.id, await twoTagRepo(ctx));
    },
  }),
  engineCheck({
    id: 'engine/images/get/image-id-no-repositories-file/parents',
    title:
      "the tarball of an image ID holds the image and its parents, as its name:tag tarball does: a committed image's ID brings its own layer " +
      '(the file its container added) and the layer of the image it was committed from',
    requirements: ['engine/images/get/image-id-no-repositories-file'],
    endpoint: 'engine/images/get',
    async run(ctx) {
      const requirement = 'engine/images/get/image-id-no-repositories-file';
      // The other ID check's images are imports, one layer without a parent: a save by ID that leaves the parents out passed it.
      const token = randomBytes(8).toString('hex');
      const id = await imageIdOf(ctx, await changedImage(ctx, token));
      const tarball = await expectImageTarball(ctx, await saveImage(ctx, id), `GET /images/${id}/get`, requirement);
      const listed = await listedLayers(tarball);
      const shown = listed.map((l) => `${l.id.slice(0, 12)}: ${l.names.slice(0, 8).join(', ')}`);
      const own = listed.find((l) => l.names.includes(ADDED));
      ctx.expect(own !== undefined, `the tarball of the image ID ${id} has no layer holding /${ADDED}, the file its container added`, {
        expected: `a layer directory with ${ADDED}`,
        actual: shown,
        requirement,
      });
      const parent = listed.find((l) => l.id !== own?.id && l.names.includes(DELETED));
      ctx.expect(
        parent !== undefined,
        `the tarball of the image ID ${id} leaves out its parent: no other layer holds /${DELETED}, a file of the image it was committed from`,
        {
          expected: `a layer directory besides the image's own with ${DELETED}`,
          actual: shown,
          requirement,
        },
      );
    },
  }),
  engineCheck({
    id: 'engine/images/get-many/query-names-repeatable',
    title: 'GET /images/get?names=…&names=… answers one tarball holding every named image',
    requirements: ['engine/images/get-many/query-names-repeatable', 'engine/images/get-many/200-tarball'],
    endpoint: 'engine/images/get-many',
    async run(ctx) {
      const { repo, first, second } = await twoTagRepo(ctx);
      const res = await ctx.api.get('/images/get', { names: [first.ref, second] }, { timeoutMs: 60_000 });
      const tarball = await expectImageTarball(ctx, res, 'GET /images/get with two names', 'engine/images/get-many/200-tarball');
      await expectLayerDirs(ctx, tarball, 'the tarball of two names', 'engine/images/get-many/200-tarball');
      expectRepositories(ctx, tarball, { [repo]: [first.tag, 'b'] }, 'the tarball of two names', 'engine/images/get-many/query-names-repeatable');
    },
  }),
  engineCheck({
    id: 'engine/images/get-many/query-names-repeatable/per-value',
    title:
      'GET /images/get applies the name:tag rule per value: of a repository with three tags, names=repo:v1 brings that tag alone, ' +
      'and names=repo:b&names=other:v1 exactly those two, each mapped to the layer of its own image',
    requirements: ['engine/images/get-many/query-names-repeatable'],
    endpoint: 'engine/images/get-many',
    async run(ctx) {
      const requirement = 'engine/images/get-many/query-names-repeatable';
      // The other get-many check names every tag of its repository: a target saving the whole repository of each
      // name:tag (or ignoring the tag) passed it. Here the repository has tags that are not named.
      const first = await ownImage(ctx, 'save-many');
      const second = await ownImage(ctx, 'save-many-b');
      const other = await ownImage(ctx, 'save-many-other');
      const { repo } = first;
      await tagged(ctx, second.id, repo, 'b');
      await tagged(ctx, first.id, repo, 'c');
      const cases: Array<{ names: OwnImage[] }> = [{ names: [first] }, { names: [{ ...second, repo, tag: 'b', ref: `${repo}:b` }, other] }];
      for (const { names } of cases) {
        const refs = names.map((n) => n.ref);
        const what = `the tarball of GET /images/get?names=${refs.join('&names=')}`;
        const res = await ctx.api.get('/images/get', { names: refs }, { timeoutMs: 60_000 });
        const tarball = await expectImageTarball(ctx, res, what, 'engine/images/get-many/200-tarball');
        const expected: Record<string, string[]> = {};
        for (const n of names) expected[n.repo] = [...(expected[n.repo] ?? []), n.tag];
        expectRepositories(ctx, tarball, expected, what, requirement);
        await expectTagsOwnLayers(ctx, tarball, names, what, requirement);
      }
    },
  }),
  engineCheck({
    id: 'engine/images/get-many/missing-name-refused',
    title: 'GET /images/get naming an image that does not exist answers an error, not a 200 tarball',
    endpoint: 'engine/images/get-many',
    async run(ctx) {
      const missing = missingRepo(ctx);
      // "Same rules per value": one missing name among existing ones refuses the save too.
      for (const names of [[missing], [(await twoTagRepo(ctx)).first.ref, missing]]) {
        const res = await ctx.api.get('/images/get', { names }, { timeoutMs: 60_000 });
        ctx.expect(res.status >= 400, `GET /images/get?names=${names.join('&names=')}, where ${missing} names no image, answered ${res.status}`, {
          expected: 'an error status (500 is listed)',
          actual: { status: res.status, body: res.text().slice(0, 160) },
        });
      }
    },
  }),
];
