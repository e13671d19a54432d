/**
 * An image of the check's own saved, removed and loaded back with its tarball's JSON files
 * rewritten: how a check gets an image whose metadata holds what no build or commit makes (a
 * creation time at the epoch, empty platform fields), through documented endpoints only.
 */
import type { EngineContext } from './context.ts';
import { imageIdOf, ownImage, removeLater } from './images.ts';
import { loadTarball, saveImage } from './image-tarball.ts';
import { packTar, readTar, type TarFile } from './tar-files.ts';

/** Rewrites one parsed JSON object of the tarball (a config or a layer's json) in place. */
export type JsonRewrite = (object: Record<string, unknown>) => void;

function rewritten(content: Buffer, rewrite: JsonRewrite): Buffer {
  let json: unknown;
  try {
    json = JSON.parse(content.toString('utf8'));
  } catch {
    return content;
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return content;
  rewrite(json as Record<string, unknown>);
  return Buffer.from(JSON.stringify(json));
}

/** The saved tarball again, each of its JSON object files passed through `rewrite`; other files unchanged. */
export async function rewriteTarball(saved: Buffer, rewrite: JsonRewrite): Promise<Buffer> {
  const files: TarFile[] = (await readTar(saved)).map((e) => ({
    name: e.name,
    type: e.type === 'directory' || e.type === 'symlink' ? e.type : 'file',
    content: e.name.endsWith('json') ? rewritten(e.content, rewrite) : e.content,
    ...(e.linkname ? { linkname: e.linkname } : {}),
  }));
  return packTar(files);
}

/** An image of the check's own (`purpose`), saved, removed and loaded back rewritten; its id and tag. */
export async function reloadedImage(ctx: EngineContext, purpose: string, rewrite: JsonRewrite): Promise<{ id: string; ref: string }> {
  const own = await ownImage(ctx, purpose);
  return ctx.setUp(async () => {
    const saved = await saveImage(ctx, own.ref);
    if (saved.status !== 200) ctx.fail(`GET /images/${own.ref}/get answered ${saved.status}`);
    const tarball = await rewriteTarball(saved.body, rewrite);
    const removed = await ctx.api.delete(`/images/${own.id}`, { force: true });
    if (removed.status !== 200) ctx.fail(`removing ${own.id} before the load answered ${removed.status}`);
    removeLater(ctx, own.ref);
    const loaded = await loadTarball(ctx, tarball);
    if (loaded.status !== 200) ctx.fail(`the load of the tarball answered ${loaded.status}: ${loaded.text().trim().slice(0, 160)}`);
    return { id: await imageIdOf(ctx, own.ref), ref: own.ref };
  }, 'engine/images/load/200-loaded');
}
