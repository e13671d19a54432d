import { engineCheck } from '../support/check.ts';
import { nameForms, registryPortName } from '../support/image-names.ts';
import { imageIdOf, inspectImage, missingRepo, ownImage, sameImage, sameRef, tagged } from '../support/images.ts';

/** Spec: Endpoints > Images > 28. GET /images/(name)/json, 29. GET /images/(name)/history; Resources > Image resources. */

export default [
  engineCheck({
    id: 'engine/images/inspect/200-response-schema',
    title: 'GET /images/(name)/json answers 200 with the image inspect object of the version',
    endpoint: 'engine/images/inspect',
    async run(ctx) {
      const res = await inspectImage(ctx, ctx.fixtureImage());
      ctx.expectStatus(res, 200, `inspect of ${ctx.fixtureImage()}`);
      ctx.expectVersionSchema('image-inspect', ctx.expectJson(res, 'image inspect'), 'the image inspect object');
    },
  }),
  engineCheck({
    id: 'engine/images/inspect/404-no-such-image',
    title: 'GET /images/(name)/json of an unknown image answers 404',
    requirements: ['engine/images/inspect/404-no-such-image', 'engine/errors/404-not-found'],
    oneRule: true,
    endpoint: 'engine/images/inspect',
    async run(ctx) {
      ctx.expectStatus(await inspectImage(ctx, missingRepo(ctx)), 404, 'inspect of an unknown image');
    },
  }),
  engineCheck({
    id: 'engine/images/inspect/name-tag-or-id',
    title:
      'the image placeholder accepts a name, a name:tag reference (two tags of one name, two images), a name with a registry host:port ' + 'and the full ID',
    endpoint: 'engine/images/inspect',
    async run(ctx) {
      const ref = ctx.fixtureImage();
      const id = await imageIdOf(ctx, ref);
      const hex = id.replace(/^sha256:/, '');
      // A name whose repository carries a registry host and port (127.0.0.1:5000/…), bare and with its tag.
      const portName = await registryPortName(ctx, ref, 'port-name');
      const forms = [...nameForms(ref), ...nameForms(portName), id];
      const expectNames = async (form: string, expected: string): Promise<void> => {
        const res = await inspectImage(ctx, form);
        ctx.expectStatus(res, 200, `inspect of the image '${form}' names`);
        ctx.expect(sameImage(ctx.expectJson<{ Id: string }>(res, 'image inspect').Id, expected), `inspect by '${form}' names another image`, {
          expected,
          actual: res.text().slice(0, 100),
        });
      };
      for (const form of forms) await expectNames(form, id);
      // The placeholder names an image name, tag reference or image identifier; a prefix of the identifier is not among them.
      const short = await inspectImage(ctx, hex.slice(0, 12));
      ctx.observe(`inspect by the short ID ${hex.slice(0, 12)} (not stated) answered ${short.status}: ${short.text().slice(0, 100)}`);
      // A bare name whose repository holds only another tag: the spec states no default tag for (name) (only build's t
      // defaults to latest), so 404 (name:latest) and 200 (the repository's one image) both read "an image name".
      const bare = ctx.uniqueName('other-tag');
      await ctx.setUp(() => tagged(ctx, ref, bare, 'v1'), 'engine/images/tag/201-tagged');
      const bareRes = await inspectImage(ctx, bare);
      ctx.observe(`inspect of the bare name '${bare}' when only ${bare}:v1 exists (not stated) answered ${bareRes.status}: ${bareRes.text().slice(0, 100)}`);
      // Two tags of one repository naming two images: a reference is resolved by its tag, not only by its name.
      const own = await ownImage(ctx, 'tag-ref');
      const other = await ctx.setUp(() => tagged(ctx, ref, own.repo, 'fixture'), 'engine/images/tag/201-tagged');
      await expectNames(own.ref, own.id);
      await expectNames(other, id);
    },
  }),
  engineCheck({
    id: 'engine/images/history/200-response-schema',
    title: 'GET /images/(name)/history answers 200 with a list of history items of the version',
    endpoint: 'engine/images/history',
    async run(ctx) {
      const id = await imageIdOf(ctx, ctx.fixtureImage());
      const res = await ctx.api.get(`/images/${ctx.fixtureImage()}/history`);
      ctx.expectStatus(res, 200, `history of ${ctx.fixtureImage()}`);
      const items = ctx.expectVersionSchema<Array<{ Id: string; Tags?: string[] | null }>>(
        'image-history',
        ctx.expectJson(res, 'image history'),
        'the image history',
      );
      ctx.expect(items.length > 0, 'the history of an existing image lists no item', { expected: 'at least the item of its creation', actual: items });
      // The spec gives the items' shape, not their order nor which of them name the image or
      // carry its tags: what the target shows there is recorded, not graded.
      const own = items.findIndex((item) => sameImage(item.Id, id));
      ctx.observe(own < 0 ? 'no history item carries the image ID' : `the history item carrying the image ID is item ${own + 1} of ${items.length}`);
      if (ctx.version === '1.22' && own >= 0) {
        const tagged = (items[own]!.Tags ?? []).some((t) => sameRef(t, ctx.fixtureImage()));
        ctx.observe(`(1.22) the image's history item ${tagged ? 'lists' : 'does not list'} its tag in Tags`);
      }
    },
  }),
  engineCheck({
    id: 'engine/images/history/404-no-such-image',
    title: 'GET /images/(name)/history of an unknown image answers 404',
    endpoint: 'engine/images/history',
    async run(ctx) {
      ctx.expectStatus(await ctx.api.get(`/images/${missingRepo(ctx)}/history`), 404, 'history of an unknown image');
    },
  }),
];
