import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { imageIdOf, listImages, ownImage, removeLater, sameImage } from '../support/images.ts';
import { packTar, readTar, type TarFile } from '../support/tar-files.ts';

/**
 * Spec: Resources > Image resources: list item Created I (Unix seconds), history item Created I.
 * An image created at the Unix epoch (a saved image whose JSON files say so, loaded back) has
 * Created 0: given, not left out because it is 0.
 */
const R = 'engine/images/list/created-zero-given';
const EPOCH = '1970-01-01T00:00:00Z';

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
    const saved = await ctx.api.get(`/images/${own.ref}/get`, undefined, { timeoutMs: 60_000 });
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

export default [
  engineCheck({
    id: R,
    title: 'An image created at the Unix epoch shows Created 0 in its list item and its history items (given, not left out)',
    endpoint: 'engine/images/list',
    async run(ctx) {
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
