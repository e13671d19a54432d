import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { imageIdOf, listImages, removeLater, sameImage } from '../support/images.ts';
import { reloadedImage } from '../support/reloaded-image.ts';

/**
 * Spec: Resources > Image resources: list item Created I (Unix seconds), history item Created I.
 * An image created at the Unix epoch (a saved image whose JSON files say so, loaded back) has
 * Created 0: given, not left out because it is 0. Unix seconds: the fixture image's Created is
 * no later than now in seconds (a day of slack for the target's clock), where milliseconds or
 * another finer unit would be about a thousand times more.
 */
const R = 'engine/images/list/created-zero-given';
const EPOCH = '1970-01-01T00:00:00Z';
const DAY_S = 86_400;

/** A JSON file's own `created` and each of its history entries' set to the epoch. */
function atEpoch(object: Record<string, unknown>): void {
  if ('created' in object) object.created = EPOCH;
  if (Array.isArray(object.history)) for (const h of object.history) if (h && typeof h === 'object' && 'created' in h) h.created = EPOCH;
}

/** The fixture image's list item and history items give Created as Unix seconds of an instant not after now. */
async function verifyFixtureSeconds(ctx: EngineContext): Promise<void> {
  const fixture = ctx.fixtureImage();
  const id = await imageIdOf(ctx, fixture);
  const latest = Math.floor(Date.now() / 1000) + DAY_S;
  const seconds = (v: unknown): boolean => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= latest;
  const item = (await listImages(ctx)).find((i) => sameImage(i.Id, id)) as { Created?: unknown } | undefined;
  if (!item) ctx.fail(`the image list does not hold the fixture image ${fixture}`);
  ctx.expect(seconds(item.Created), `the list item of the fixture image ${fixture} does not give Created in Unix seconds`, {
    expected: `an integer from 0 to ${latest} (now in Unix seconds, a day of slack)`,
    actual: item.Created ?? 'left out',
  });
  const res = await ctx.api.get(`/images/${fixture}/history`);
  ctx.expectStatus(res, 200, `history of ${fixture}`);
  const items = ctx.expectJson<Array<{ Created?: unknown }>>(res, `history of ${fixture}`);
  const created = (Array.isArray(items) ? items : []).map((h) => h?.Created);
  ctx.expect(created.length > 0 && created.every(seconds), `the history items of the fixture image ${fixture} do not all give Created in Unix seconds`, {
    expected: `integers from 0 to ${latest}`,
    actual: created,
  });
}

export default [
  engineCheck({
    id: R,
    title: 'List and history items give Created in Unix seconds: the fixture image a past second, an image created at the Unix epoch 0 (given)',
    endpoint: 'engine/images/list',
    async run(ctx) {
      await verifyFixtureSeconds(ctx);
      const image = await reloadedImage(ctx, 'epoch', atEpoch);
      removeLater(ctx, image.id);
      const item = (await listImages(ctx)).find((i) => sameImage(i.Id, image.id));
      if (!item) ctx.fail(`the image list does not hold ${image.ref}, loaded by this check`);
      ctx.expect((item as { Created?: unknown }).Created === 0, `the list item of ${image.ref}, created at the epoch, does not give Created 0`, {
        expected: 0,
        actual: (item as { Created?: unknown }).Created ?? 'left out',
      });
      const res = await ctx.api.get(`/images/${image.ref}/history`);
      ctx.expectStatus(res, 200, `history of ${image.ref}`);
      const items = ctx.expectJson<Array<{ Created?: unknown }>>(res, `history of ${image.ref}`);
      const other = (Array.isArray(items) ? items : []).filter((h) => h?.Created !== 0);
      ctx.expect(
        Array.isArray(items) && items.length > 0 && other.length === 0,
        `the history items of ${image.ref}, created at the epoch, do not all give Created 0`,
        {
          expected: 'Created 0 in every item',
          actual: Array.isArray(items) ? items.map((h) => h?.Created ?? 'left out') : items,
        },
      );
    },
  }),
];
