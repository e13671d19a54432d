/**
 * Import (POST /images/create?fromSrc=-): the body is a rootfs tar (identity or gzip). The new
 * image has one layer and an empty config; `repo` (1.22: may carry `:tag`) and `tag` name it.
 */
import { HttpError } from '../http/router.ts';
import type { ApiVersion, JsonStreamWriter } from '../http/router.ts';
import type { EventBus } from '../state/events.ts';
import type { FaultSet } from '../faults.ts';
import { decompress } from '../fs/compression.ts';
import { digestOf, layerFromTar } from '../fs/tar.ts';
import { emptyLayer } from '../fs/filesystem.ts';
import type { Layer } from '../fs/filesystem.ts';
import type { Image } from './image.ts';
import { makeImage } from './image.ts';
import type { ImageStore } from './store.ts';
import { isValidRepo, isValidTag, normalizeRepo, tagged } from './reference.ts';
import { counts, progressBar, errorObject } from './progress.ts';

/**
 * The `repo:tag` an import is named, undefined when unnamed; 500 for an invalid name (spec codes:
 * 200, 404, 500). A tag inside `repo` is a 1.22 feature, but it is also read at 1.18 because the
 * docker CLI (20.10) sends `repo=name:tag` whatever the API version.
 */
export function importName(_version: ApiVersion, repo: string, tag: string): string | undefined {
  if (!repo) return undefined;
  let name = repo;
  let t = tag;
  const colon = repo.lastIndexOf(':');
  if (colon > repo.lastIndexOf('/')) {
    name = repo.slice(0, colon);
    t = t || repo.slice(colon + 1);
  }
  if (!isValidRepo(name)) throw new HttpError(500, `invalid reference format: repository name must be lowercase and valid: ${repo}`);
  if (t && !isValidTag(t)) throw new HttpError(500, `invalid tag format: ${t}`);
  return tagged(normalizeRepo(name), t);
}

/** @param asFile under `blind23-import-url-archive-not-extracted`, the name the downloaded archive is stored under, unextracted. */
export async function importImage(
  store: ImageStore,
  events: EventBus,
  body: Buffer,
  name: string | undefined,
  out: JsonStreamWriter,
  faults: FaultSet,
  asFile?: string,
): Promise<Image | undefined> {
  if (!faults.has('import-no-progress')) {
    for (const current of [0, body.length]) {
      out.write({ status: 'Importing', progressDetail: counts(current, body.length), progress: progressBar(current, body.length) });
    }
  }
  let image: Image;
  try {
    const layer = asFile === undefined ? await layerFromTar(decompress(body)) : fileLayer(asFile, body);
    const created = new Date();
    image = makeImage({
      parent: '',
      created,
      author: '',
      comment: 'Imported from -',
      config: {},
      containerConfig: {},
      layers: [layer],
      history: [{ created, createdBy: '', comment: 'Imported from -', size: 0 }],
    });
  } catch (err) {
    out.write(errorObject(`Error processing tar file: ${(err as Error).message}`));
    return undefined;
  }
  store.add(image, name ? [name] : []);
  if (!faults.has('import-no-progress')) out.write({ status: image.id });
  events.emit({ Type: 'image', Action: 'import', id: image.id, attributes: { name: name ?? image.id } });
  return image;
}

/**
 * `blind23-import-url-archive-not-extracted`: a layer holding the downloaded data as one file at the
 * root, named after the URL, mode 0600 (what ADD does with a URL source) instead of the archive's contents.
 */
function fileLayer(name: string, data: Buffer): Layer {
  const layer = emptyLayer(digestOf(data));
  layer.entries.set(`/${name}`, { type: 'file', data, mode: 0o600, mtime: new Date() });
  return layer;
}

/** The file name a download from `url` is stored under: the last segment of its path. */
export function downloadName(url: string): string {
  try {
    return new URL(url).pathname.split('/').filter(Boolean).pop() ?? 'download';
  } catch {
    return 'download';
  }
}
