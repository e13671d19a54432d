import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { imageIdOf, listImages, ownImage, removeLater, sameImage } from '../support/images.ts';
import { saveImage } from '../support/image-tarball.ts';
import { packTar, readTar, type TarFile } from '../support/tar-files.ts';

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

/** A JSON file of the tarball with its own `created` and each history entry's set to the epoch; other files unchanged. */
function atEpoch(content: Buffer): Buffer {
  let json: unknown;
  try {
    json = JSON.parse(content.toString('utf8'));
  } catch {
    return content;
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return content;
  const object = json as Record<string, unknown>;
  if ('created' in object) object.created = EPOCH;
  if (Array.isArray(object.history)) for (const h of object.history) if (h && typeof h === 'object' && 'created' in h) h.created = EPOCH;
  return Buffer.from(JSON.stringify(object));
}

/** The saved tarball again, its JSON files' creation times at the epoch. */
async function epochTarball(saved: Buffer): Promise<Buffer> {
  const entries = await readTar(saved);
  const files: TarFile[] = entries.map((e) => ({
    name: e.name,
    type: e.type === 'directory' || e.type === 'symlink' ? e.type : 'file',
    content: e.name.endsWith('json') ? atEpoch(e.content) : e.content,
    ...(e.linkname ? { linkname: e.linkname } : {}),
  }));
  return packTar(files);
}

/** An image of the check's own saved, removed, and loaded back created at the epoch; its id and tag. */
async function epochImage(ctx: EngineContext): Promise<{ id: string; ref: string }> {
  const own = await ownImage(ctx, 'epoch');
  return ctx.setUp(async () => {
    const saved = await saveImage(ctx, own.ref);
    if (saved.status !== 200) ctx.fail(`GET /images/${own.ref}/get answered ${saved.status}`);
    const tarball = await epochTarball(saved.body);
    const removed = await ctx.api.delete(`/images/${own.id}`, { force: true });
    if (removed.status !== 200) ctx.fail(`removing ${own.id} before the load answered ${removed.status}`);
    removeLater(ctx, own.ref);
    const loaded = await ctx.api.post('/images/load', { body: tarball, headers: { 'content-type': 'application/x-tar' }, timeoutMs: 60_000 });
    if (loaded.status !== 200) ctx.fail(`the load of the tarball answered ${loaded.status}: ${loaded.text().trim().slice(0, 160)}`);
    return { id: await imageIdOf(ctx, own.ref), ref: own.ref };
  }, 'engine/images/load/200-loaded');
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
      const image = await epochImage(ctx);
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
