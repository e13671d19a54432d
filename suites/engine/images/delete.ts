import { isJsonObject } from '../../../harness/protocol/json-value.ts';
import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { danglingImage, imageExists, imageIdOf, missingRepo, ownImage, sameImage, sameRef, tagged } from '../support/images.ts';
import { imageWithUntaggedParent } from '../support/parent-image.ts';

/** Spec: Endpoints > Images > 32. DELETE /images/(name): Untagged/Deleted list; 404, 409; force, noprune. */
const ENDPOINT = 'engine/images/delete';

type DeleteRecord = Record<string, string>;

const DELETED = 'engine/images/delete/200-untagged-deleted';
const VALUES_ARE_IDS = 'engine/images/delete/values-are-image-ids';

/**
 * Whether an Untagged value names what the delete untagged: the reference removed or the identifier
 * of its image. That the value is an image identifier, as the spec words it (today's daemons answer
 * the reference), is judged once, under VALUES_ARE_IDS in 200-untagged-deleted, not by every check.
 */
function untagged(value: unknown, image: { ref: string; id: string }): boolean {
  return typeof value === 'string' && (sameRef(value, image.ref) || sameImage(value, image.id));
}

/** Whether a value is an image identifier of the image `id`: `sha256:<hex>` or the hex alone, whole or a prefix of 12 or more. */
function identifies(value: unknown, id: string): boolean {
  return typeof value === 'string' && /^(sha256:)?[0-9a-f]{12,64}$/.test(value) && sameImage(value, id);
}

/**
 * The records of a delete result that break the resource rule (VALUES_ARE_IDS): an object with a
 * single key, Untagged or Deleted, whose value is an image identifier. An imported image has no
 * parent to prune, so every value is about the image `id`; every key a record carries is judged (a
 * second key whose value is "" names neither a reference nor an image). A body that is no list is all wrong.
 */
function recordsNotIdentifying(body: unknown, id: string): unknown[] {
  if (!Array.isArray(body)) return [body];
  return body.filter((r) => {
    const entries = isJsonObject(r) ? Object.entries(r) : [];
    return entries.length !== 1 || !entries.every(([key, value]) => (key === 'Untagged' || key === 'Deleted') && identifies(value, id));
  });
}

/** An image with a single tag that a (created) container uses: its last reference is in use. */
async function imageInUse(ctx: EngineContext, purpose: string) {
  const image = await ownImage(ctx, purpose);
  await ctx.createContainer({ cmd: ['true'], extra: { Image: image.ref } });
  return image;
}

/** A built image whose parent is an untagged intermediate image of the build; returns both ids. */
async function imageWithPrunableParent(ctx: EngineContext, purpose: string): Promise<{ name: string; id: string; parent: string }> {
  const built = await imageWithUntaggedParent(ctx, purpose, 'engine/images/delete/query-noprune');
  if (!built.parent) ctx.notApplicable('the built image records no Parent, so there is no untagged parent to prune');
  return built;
}

export default [
  engineCheck({
    id: DELETED,
    title: 'DELETE of an image by its only tag answers 200 with single-key Untagged/Deleted objects whose values are its identifier, and the image is gone',
    requirements: [DELETED, VALUES_ARE_IDS],
    endpoint: ENDPOINT,
    async run(ctx) {
      const image = await ownImage(ctx, 'delete');
      const res = await ctx.api.delete(`/images/${image.ref}`);
      ctx.expectStatus(res, 200, `delete of ${image.ref}`, DELETED);
      const body = ctx.expectJson(res, 'delete result', DELETED);
      // The resource rule is judged on the body as answered, before (and whatever) its shape check finds.
      const notIds = recordsNotIdentifying(body, image.id);
      ctx.verify(
        notIds.length === 0,
        `the delete result's records ${JSON.stringify(notIds)} are not single-key objects whose value is an image identifier of ${image.id}, the image removed`,
        { requirement: VALUES_ARE_IDS, expected: [{ Untagged: image.id }, { Deleted: image.id }], actual: body },
      );
      const records = ctx.expectVersionSchema<DeleteRecord[]>('image-delete-response', body, 'the delete result', DELETED);
      const multi = records.filter((r) => Object.keys(r).length !== 1);
      ctx.expect(multi.length === 0, 'delete result objects carry more than the single key Untagged or Deleted', {
        requirement: DELETED,
        expected: '{Untagged} or {Deleted}',
        actual: multi,
      });
      ctx.expect(
        records.some((r) => untagged(r.Untagged, image)),
        `the delete result has no Untagged object naming ${image.ref}, the reference it removed, or its image ${image.id}`,
        { requirement: DELETED, expected: { Untagged: `${image.id} (or ${image.ref})` }, actual: records },
      );
      ctx.expect(
        records.some((r) => r.Deleted !== undefined && sameImage(r.Deleted, image.id)),
        `the delete result has no Deleted object for ${image.id}`,
        { requirement: DELETED, expected: { Deleted: image.id }, actual: records },
      );
      const repeated = records.filter((r, i) => records.findIndex((o) => JSON.stringify(o) === JSON.stringify(r)) !== i);
      ctx.expect(repeated.length === 0, 'the delete result reports one untagging or deletion more than once', {
        requirement: DELETED,
        expected: 'each reference untagged and each image deleted listed once',
        actual: records,
      });
      ctx.expect(!(await imageExists(ctx, image.id)), `after the delete, ${image.id} still exists`, {
        requirement: DELETED,
        expected: 'inspect 404',
        actual: 200,
      });
    },
  }),
  engineCheck({
    id: 'engine/images/delete/200-untagged-deleted/untag-only',
    title: 'DELETE of one tag of an image that keeps another answers only {Untagged: <that tag>}: the image and its other tag stay',
    requirements: [DELETED],
    endpoint: ENDPOINT,
    async run(ctx) {
      const image = await ownImage(ctx, 'untag-only');
      const kept = await tagged(ctx, image.ref, image.repo, 'kept');
      const res = await ctx.api.delete(`/images/${image.ref}`);
      ctx.expectStatus(res, 200, `delete of ${image.ref}, one of two tags of its image`);
      const records = ctx.expectVersionSchema<DeleteRecord[]>('image-delete-response', ctx.expectJson(res, 'delete result'), 'the delete result');
      ctx.expect(
        records.length === 1 && untagged(records[0]?.Untagged, image),
        `the delete of ${image.ref} (its image keeps ${kept}) does not answer the one object {Untagged} naming ${image.ref} or its image`,
        { expected: [{ Untagged: `${image.ref} or ${image.id}` }], actual: records },
      );
      ctx.expect(sameImage(await imageIdOf(ctx, kept), image.id), `after untagging ${image.ref}, ${kept} no longer names the image`, {
        expected: image.id,
        actual: kept,
      });
    },
  }),
  engineCheck({
    id: 'engine/images/delete/200-untagged-deleted/no-tag',
    title: 'DELETE by id of an image that has no tag at all answers 200 with {Deleted: <its id>}, and the image is gone',
    requirements: [DELETED],
    endpoint: ENDPOINT,
    async run(ctx) {
      // An unnamed import: no reference to untag, so all the delete has to do is delete.
      const id = await danglingImage(ctx);
      const res = await ctx.api.delete(`/images/${id}`);
      ctx.expectStatus(res, 200, `delete of ${id}, an image without a tag`);
      const records = ctx.expectVersionSchema<DeleteRecord[]>('image-delete-response', ctx.expectJson(res, 'delete result'), 'the delete result');
      ctx.expect(
        records.some((r) => r.Deleted !== undefined && sameImage(r.Deleted, id)),
        `the delete of ${id}, which has no tag, has no Deleted object for it`,
        { expected: [{ Deleted: id }], actual: records },
      );
      ctx.expect(!(await imageExists(ctx, id)), `after the delete, ${id} (no tag) still exists`, { expected: 'inspect 404', actual: 200 });
    },
  }),
  engineCheck({
    id: 'engine/images/delete/404-no-such-image',
    title: 'DELETE of an unknown image answers 404',
    endpoint: ENDPOINT,
    async run(ctx) {
      ctx.expectStatus(await ctx.api.delete(`/images/${missingRepo(ctx)}`), 404, 'delete of an unknown image');
    },
  }),
  engineCheck({
    id: 'engine/images/delete/409-image-in-use',
    title: 'DELETE of the last reference of an image a container uses, without force (default false), answers 409 and keeps the image',
    requirements: ['engine/images/delete/409-image-in-use', 'engine/errors/409-conflict', 'engine/images/delete/query-force'],
    endpoint: ENDPOINT,
    async run(ctx) {
      const image = await imageInUse(ctx, 'in-use');
      const res = await ctx.api.delete(`/images/${image.ref}`);
      ctx.verify(res.status === 409, `delete of ${image.ref}, used by a container, without force answered ${res.status}, not 409`, {
        requirement: ['engine/images/delete/409-image-in-use', 'engine/errors/409-conflict'],
        expected: 409,
        actual: res.status,
      });
      ctx.verify(await imageExists(ctx, image.ref), `without force (default false), ${image.ref}, used by a container, was removed`, {
        requirement: 'engine/images/delete/query-force',
        expected: 'inspect 200',
        actual: 404,
      });
    },
  }),
  engineCheck({
    id: 'engine/images/delete/409-image-in-use/by-id',
    title: 'DELETE of an image a container uses, asked by its image ID, without force, answers 409 and keeps the image',
    requirements: ['engine/images/delete/409-image-in-use', 'engine/errors/409-conflict'],
    endpoint: ENDPOINT,
    async run(ctx) {
      // The (name) placeholder is also the image identifier: an in-use test that looks up containers by the reference asked for finds none by ID.
      const image = await imageInUse(ctx, 'in-use-by-id');
      const res = await ctx.api.delete(`/images/${image.id}`);
      ctx.expectStatus(res, 409, `delete of ${image.id} (the ID of ${image.ref}, used by a container) without force`);
      ctx.expect(await imageExists(ctx, image.id), `the delete by ID without force removed ${image.id}, used by a container`, {
        requirement: 'engine/images/delete/409-image-in-use',
        expected: 'inspect 200',
        actual: 404,
      });
    },
  }),
  engineCheck({
    id: 'engine/images/delete/200-untagged-deleted/user-removed',
    title: 'DELETE of an image whose only container was removed, without force, answers 200 and removes the reference (no longer in use)',
    requirements: [DELETED],
    endpoint: ENDPOINT,
    async run(ctx) {
      // In use, then not: a target that keeps counting the removed container as a user refuses the delete with 409.
      const image = await ownImage(ctx, 'user-removed');
      const { id } = await ctx.createContainer({ cmd: ['true'], extra: { Image: image.ref } });
      const removed = await ctx.api.delete(`/containers/${id}`);
      ctx.precondition(removed.status === 204, `removing the image's container answered ${removed.status}`, 'engine/containers/delete/204-removed');
      const res = await ctx.api.delete(`/images/${image.ref}`);
      ctx.verify(res.status === 200, `delete of ${image.ref}, whose only container was removed, answered ${res.status}: it is no longer in use`, {
        requirement: DELETED,
        expected: 200,
        actual: { status: res.status, body: res.text().trim().slice(0, 200) },
      });
      // The reference, not the image: a target that gives an import a second tag (Podman adds latest) keeps the image under it.
      // After a refusal the reference stays as a consequence: only a success is judged by what it left.
      if (res.status === 200)
        ctx.verify(!(await imageExists(ctx, image.ref)), `after the delete of ${image.ref}, whose only container was removed, it still names an image`, {
          requirement: DELETED,
          expected: 'inspect 404',
          actual: 200,
        });
    },
  }),
  engineCheck({
    id: 'engine/images/delete/query-force',
    title: 'DELETE ?force=1 removes the reference of an image even while a container uses it',
    endpoint: ENDPOINT,
    async run(ctx) {
      const image = await imageInUse(ctx, 'force');
      ctx.expectStatus(await ctx.api.delete(`/images/${image.ref}`, { force: true }), 200, `delete of ${image.ref} (in use) with force=1`);
      ctx.expect(!(await imageExists(ctx, image.ref)), `after the forced delete, ${image.ref} still names an image`, { expected: 'inspect 404', actual: 200 });
    },
  }),
  engineCheck({
    id: 'engine/images/delete/query-noprune',
    title: 'noprune=1 keeps the untagged parents; by default they are deleted with the image',
    endpoint: ENDPOINT,
    async run(ctx) {
      const kept = await imageWithPrunableParent(ctx, 'noprune');
      ctx.expectStatus(await ctx.api.delete(`/images/${kept.name}`, { noprune: true }), 200, `delete of ${kept.name} with noprune=1`);
      // noprune spares the parents only: a delete that kept everything would keep the parent too.
      ctx.expect(!(await imageExists(ctx, kept.id)), `noprune=1 kept the image ${kept.id} the delete named (${kept.name}), not only its parent`, {
        expected: 'the image is deleted',
        actual: 'inspect 200',
      });
      ctx.expect(await imageExists(ctx, kept.parent), `noprune=1 deleted the untagged parent ${kept.parent}`, {
        expected: 'the parent remains',
        actual: 'inspect 404',
      });
      const pruned = await imageWithPrunableParent(ctx, 'prune');
      ctx.expectStatus(await ctx.api.delete(`/images/${pruned.name}`), 200, `delete of ${pruned.name}`);
      ctx.expect(!(await imageExists(ctx, pruned.parent)), `without noprune the untagged parent ${pruned.parent} was kept (noprune defaults to false)`, {
        expected: 'the parent is deleted',
        actual: 'inspect 200',
      });
    },
  }),
];
