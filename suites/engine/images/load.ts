import { randomBytes } from 'node:crypto';
import { engineCheck } from '../support/check.ts';
import { withoutNetwork } from '../support/context.ts';
import { contentType, createBody, createRaw } from '../support/container-data.ts';
import { loadTarball, saveImage, specImageTarball } from '../support/image-tarball.ts';
import { isRefusal } from '../support/image-streams.ts';
import { imageExists, imageIdOf, ownImage, removeLater, sameImage } from '../support/images.ts';
import { packTar, plainName, readTar } from '../support/tar-files.ts';

/** Spec: Endpoints > Images > 36. POST /images/load; Resources > Image tarball format (used by save/load). */

/** The file of the layer of the tarball the suite builds for the load. */
const LOADED_FILE = 'conformance-loaded';

export default [
  engineCheck({
    id: 'engine/images/load/200-loaded',
    title: 'POST /images/load of a saved tarball answers 200 and brings the image and its tag back',
    endpoint: 'engine/images/load',
    async run(ctx) {
      const image = await ownImage(ctx, 'load');
      const saved = await saveImage(ctx, image.ref);
      // The get and delete rules are their own checks': here a failed step leaves the load unverified.
      if (saved.status !== 200) ctx.unverified(`GET /images/${image.ref}/get answered ${saved.status}: no tarball to load`);
      // By ID and forced: every name the image has goes (a target may have given the import a name of its own).
      const removed = await ctx.api.delete(`/images/${image.id}`, { force: true });
      if (removed.status !== 200 || (await imageExists(ctx, image.id)))
        ctx.unverified(`${image.ref} could not be removed before the load (DELETE by ID answered ${removed.status})`);
      const res = await loadTarball(ctx, saved.body);
      ctx.expectStatus(res, 200, 'load of the saved tarball');
      ctx.expect(sameImage(await imageIdOf(ctx, image.ref, 'engine/images/load/200-loaded'), image.id), `after the load, ${image.ref} names another image`, {
        expected: image.id,
        actual: image.ref,
      });
    },
  }),
  engineCheck({
    id: 'engine/images/load/200-loaded/spec-format',
    title:
      "POST /images/load of a tarball in the spec's format only (a layer directory with VERSION, json, layer.tar; a repositories file) " +
      'loads the image under its tag, with the layer content',
    requirements: ['engine/images/load/200-loaded'],
    endpoint: 'engine/images/load',
    async run(ctx) {
      const requirement = 'engine/images/load/200-loaded';
      // The other load checks give the target its own saved tarball back: a loader needing files the spec does not
      // describe (a manifest its save adds) passed them. This tarball is the suite's, in the spec's format alone.
      const token = randomBytes(8).toString('hex');
      const layerTar = await packTar([{ name: LOADED_FILE, content: `${token}\n` }]);
      const repo = ctx.uniqueName('load-spec');
      const ref = `${repo}:v1`;
      removeLater(ctx, ref);
      const { tarball } = await specImageTarball(layerTar, repo, 'v1');
      const res = await loadTarball(ctx, tarball);
      ctx.expect(!isRefusal(res), `the load of a tarball in the spec's format answered ${res.status}: ${res.text().trim().slice(0, 200)}`, {
        expected: '200 without an {error} object',
        actual: { status: res.status, body: res.text().slice(0, 200) },
        requirement,
      });
      const id = await imageIdOf(ctx, ref, requirement);
      removeLater(ctx, id);
      // The layer's content: a container created from the image (never started: the layer holds no program) exports its files.
      const created = await createRaw(ctx, withoutNetwork(createBody(ctx, { Image: ref, Cmd: [`/${LOADED_FILE}`] })));
      ctx.expect(created.res.status === 201, `a container created from the loaded ${ref} answered ${created.res.status}: ${created.res.text().slice(0, 200)}`, {
        expected: 201,
        actual: created.res.status,
        requirement,
      });
      const exported = await ctx.api.get(`/containers/${created.id}/export`, undefined, { timeoutMs: 60_000 });
      ctx.precondition(
        exported.status === 200,
        `export of the container created from ${ref} answered ${exported.status}`,
        'engine/containers/export/200-tar-stream',
      );
      const entries = await readTar(exported.body).catch(() => []);
      const file = entries.find((e) => plainName(e.name) === LOADED_FILE);
      ctx.expectEqual(
        file?.content.toString('utf8').trim(),
        token,
        `the filesystem of a container of the loaded ${ref} holds /${LOADED_FILE} of the tarball's layer.tar, with its content`,
        requirement,
      );
    },
  }),
  engineCheck({
    id: 'engine/images/load/response-body',
    title: 'the body of a load answer (shape not shown): observed',
    endpoint: 'engine/images/load',
    async run(ctx) {
      const image = await ownImage(ctx, 'load-body');
      const saved = await saveImage(ctx, image.ref);
      const res = await loadTarball(ctx, saved.body);
      ctx.observe(`load answered ${res.status} '${contentType(res) || 'no content type'}': ${res.text().trim().slice(0, 200) || '(empty body)'}`);
    },
  }),
  engineCheck({
    id: 'engine/images/load/invalid-tarball-refused',
    title: 'POST /images/load of a body that is no image tarball is not answered as a success',
    endpoint: 'engine/images/load',
    async run(ctx) {
      const res = await loadTarball(ctx, Buffer.from('conformance: this is not an image tarball\n'));
      // The shape of a load answer is not shown: a 200 that reports the failure as an {error} object is one too.
      ctx.expect(isRefusal(res), `a load of a body that is no image tarball answered ${res.status} without an error`, {
        expected: 'an error status (500 is listed), or an {error} object',
        actual: { status: res.status, body: res.text().slice(0, 160) },
      });
    },
  }),
];
