import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { danglingImage, ownImage, sameImage, sameRef, tagged } from '../support/images.ts';

/**
 * Spec: Endpoints > Images > 29. GET /images/(name)/history; Resources > Image resources > History
 * item: Id S, Created I, CreatedBy S; (1.22) Tags [S] or null. Read on an image of the check's own
 * (one imported layer) under two tags of its own.
 */
const ITEM_IDS = 'engine/images/history/item-ids';
const SCHEMA = 'engine/images/history/200-response-schema';

interface HistoryItem {
  Id?: unknown;
  Tags?: unknown;
}

async function history(ctx: EngineContext, ref: string): Promise<HistoryItem[]> {
  const res = await ctx.api.get(`/images/${ref}/history`);
  ctx.expectStatus(res, 200, `history of ${ref}`, ITEM_IDS);
  const items = ctx.expectJson<unknown>(res, `history of ${ref}`, ITEM_IDS);
  if (!Array.isArray(items)) ctx.fail(`the history of ${ref} is not a list`, { expected: '[history item]', actual: items, requirement: ITEM_IDS });
  return items as HistoryItem[];
}

/** The items of an image's own history whose Id is its ID, with the image and its two tags. */
async function ownItems(ctx: EngineContext, purpose: string): Promise<{ id: string; tags: string[]; items: HistoryItem[]; own: HistoryItem[] }> {
  const image = await ownImage(ctx, purpose);
  const tags = [image.ref, await tagged(ctx, image.ref, ctx.uniqueName(`${purpose}-other`), 'v2')];
  const items = await history(ctx, image.ref);
  return { id: image.id, tags, items, own: items.filter((i) => typeof i.Id === 'string' && sameImage(i.Id, image.id)) };
}

export default [
  engineCheck({
    id: ITEM_IDS,
    title: "an image's history lists the image itself once: one item's Id is the image's ID",
    endpoint: 'engine/images/history',
    async run(ctx) {
      const { id, items, own } = await ownItems(ctx, 'history');
      ctx.expect(own.length === 1, `the history of an image does not list the image ${id} itself exactly once`, {
        expected: `one item with Id ${id}`,
        actual: items.map((i) => i.Id),
      });
    },
  }),
  engineCheck({
    id: `${SCHEMA}/untagged-by-id`,
    title: 'the history of an image with no tag, asked by its image ID (the (name) placeholder as an identifier), answers 200 and lists the image itself once',
    requirements: [SCHEMA, ITEM_IDS],
    endpoint: 'engine/images/history',
    async run(ctx) {
      // The other checks ask by name:tag only: a target finding history by reference alone, or none for an image without a tag, passed them.
      const id = await ctx.setUp(() => danglingImage(ctx));
      const res = await ctx.api.get(`/images/${id}/history`);
      ctx.expectStatus(res, 200, `history of ${id} (no tag) by its ID`, SCHEMA);
      const items = ctx.expectVersionSchema<HistoryItem[]>('image-history', ctx.expectJson(res, `history of ${id}`, SCHEMA), 'the image history', SCHEMA);
      const own = items.filter((i) => typeof i.Id === 'string' && sameImage(i.Id, id));
      ctx.verify(own.length === 1, `the history of ${id}, an image with no tag, lists the image itself once`, {
        expected: `one item with Id ${id}`,
        actual: items.map((i) => i.Id),
        requirement: ITEM_IDS,
      });
      if (ctx.version === '1.22' && own.length === 1)
        ctx.observe(`(1.22) the Tags of the history item of an image with no tag: ${JSON.stringify(own[0]!.Tags)}`);
    },
  }),
  engineCheck({
    id: 'engine/images/history/item-tags',
    title: "(1.22) the image's own history item lists its tags in Tags, each once",
    endpoint: 'engine/images/history',
    versions: ['1.22'],
    async run(ctx) {
      const { id, tags, own } = await ownItems(ctx, 'history-tags');
      await ctx.setUp(async () => {
        if (own.length !== 1) ctx.fail(`the history does not list the image ${id} itself once`);
      }, ITEM_IDS);
      const listed = Array.isArray(own[0]!.Tags) ? (own[0]!.Tags as unknown[]).filter((t): t is string => typeof t === 'string') : [];
      const counts = tags.map((tag) => listed.filter((t) => sameRef(t, tag)).length);
      ctx.expect(
        counts.every((n) => n === 1),
        "(1.22) the image's own history item does not list each of its tags once",
        { expected: tags, actual: own[0]!.Tags },
      );
    },
  }),
];
