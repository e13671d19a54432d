/**
 * The image tarball of save (GET /images/(name)/get, /images/get?names=) and load: one directory
 * per layer named by its long (v1) id, holding `VERSION` (1.0), `json` and `layer.tar`; a root
 * `repositories` file (repo → tag → top layer id) unless only image ids were named; and, like the
 * real daemon, `<image hex>.json` configs plus `manifest.json` so newer clients load it back.
 * Load reads `manifest.json` when present, else the legacy layout (parent chains of `json`).
 */
import { createHash } from 'node:crypto';
import { layerFromTar, layerToTar } from '../fs/tar.ts';
import type { Layer } from '../fs/filesystem.ts';
import { readTar, writeTar } from '../fs/tar-io.ts';
import type { TarEntry } from '../fs/tar-io.ts';
import { makeImage } from './image.ts';
import type { ContainerConfigLike, HistoryEntry, Image } from './image.ts';
import { ARCHITECTURE, DAEMON_VERSION_STRING, fullConfig } from './shape.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The v1 id of layer i of an image: chained over the layers below, the top one over the image id. */
function v1Ids(image: Image): string[] {
  const ids: string[] = [];
  image.layers.forEach((layer, i) => {
    const top = i === image.layers.length - 1;
    ids.push(sha256(`${ids[i - 1] ?? ''}\n${layer.id}${top ? `\n${image.id}` : ''}`));
  });
  return ids;
}

/** The image config file as the real daemon writes it. */
function configJson(image: Image): Record<string, unknown> {
  return {
    architecture: image.architecture ?? ARCHITECTURE,
    author: image.author,
    comment: image.comment,
    config: fullConfig(image.config),
    container: image.container ?? '',
    container_config: fullConfig(image.containerConfig),
    created: image.created.toISOString(),
    docker_version: image.daemonVersion ?? DAEMON_VERSION_STRING,
    history: image.history.map((h) => ({
      created: h.created.toISOString(),
      created_by: h.createdBy,
      comment: h.comment,
      ...(h.emptyLayer ? { empty_layer: true } : {}),
    })),
    os: 'linux',
    ...(image.parent ? { parent: image.parent } : {}),
    rootfs: { type: 'layers', diff_ids: image.layers.map((l) => l.id) },
  };
}

const file = (name: string, data: Buffer | string): TarEntry => {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  return { header: { name, type: 'file', size: bytes.length, mode: 0o644, mtime: new Date(0) }, data: bytes };
};
const dir = (name: string): TarEntry => ({ header: { name: `${name}/`, type: 'directory', mode: 0o755, mtime: new Date(0) }, data: Buffer.alloc(0) });

export interface SaveItem {
  image: Image;
  /** `repo:tag` references to record; empty when the request named an image id. */
  tags: string[];
}

export async function saveImages(
  items: SaveItem[],
  opts: {
    repositoriesFile?: boolean;
    layerVersion?: string;
    tagsShareFirstLayer?: boolean;
    whiteouts?: boolean;
    splitAtFirstColon?: boolean;
    /** Faults: the changes a layer.tar leaves out (see LayerDrops). */
    dropModified?: boolean;
    dropAttributes?: boolean;
  } = {},
): Promise<Buffer> {
  const entries: TarEntry[] = [];
  const written = new Set<string>();
  const repositories: Record<string, Record<string, string>> = {};
  const manifest: Array<{ Config: string; RepoTags: string[] | null; Layers: string[] }> = [];
  for (const { image, tags } of items) {
    const ids = v1Ids(image);
    for (const [i, layer] of image.layers.entries()) {
      const id = ids[i]!;
      if (written.has(id)) continue;
      written.add(id);
      const top = i === image.layers.length - 1;
      // The top layer's json is the image's own metadata, as Docker's legacy save writes it (config,
      // author, comment...); author and comment are written also when empty, so the json shows them.
      const json = {
        id,
        ...(i > 0 ? { parent: ids[i - 1] } : {}),
        created: image.created.toISOString(),
        container_config: fullConfig(top ? image.containerConfig : {}),
        ...(top
          ? {
              config: fullConfig(image.config),
              container: image.container ?? '',
              author: image.author,
              comment: image.comment,
              docker_version: image.daemonVersion ?? DAEMON_VERSION_STRING,
              architecture: image.architecture ?? ARCHITECTURE,
              os: 'linux',
            }
          : {}),
      };
      entries.push(
        dir(id),
        file(`${id}/VERSION`, opts.layerVersion ?? '1.0'),
        file(`${id}/json`, JSON.stringify(json)),
        file(
          `${id}/layer.tar`,
          await layerToTar(layer, {
            whiteouts: opts.whiteouts ?? true,
            drops: { below: image.layers.slice(0, i), modified: opts.dropModified, attributes: opts.dropAttributes },
          }),
        ),
      );
    }
    const configName = `${image.id.slice(7)}.json`;
    if (!written.has(configName)) entries.push(file(configName, JSON.stringify(configJson(image))));
    written.add(configName);
    manifest.push({ Config: configName, RepoTags: tags.length ? tags : null, Layers: ids.map((id) => `${id}/layer.tar`) });
    for (const tag of tags) {
      // Under `blind11-save-repositories-split-first-colon` a registry host:port is taken for the tag separator.
      const colon = opts.splitAtFirstColon ? tag.indexOf(':') : tag.lastIndexOf(':');
      const repo = tag.slice(0, colon);
      const byTag = repositories[repo] ?? {};
      repositories[repo] = byTag;
      // Under the fault save-repositories-by-repository, a repository's tags all map to the layer of its first image saved.
      const first = opts.tagsShareFirstLayer ? Object.values(byTag)[0] : undefined;
      byTag[tag.slice(colon + 1)] = first ?? ids[ids.length - 1]!;
    }
  }
  entries.push(file('manifest.json', JSON.stringify(manifest)));
  if (Object.keys(repositories).length && opts.repositoriesFile !== false) entries.push(file('repositories', JSON.stringify(repositories)));
  return writeTar(entries);
}

export interface LoadedImage {
  image: Image;
  tags: string[];
}

type Json = Record<string, unknown>;

/** `needsManifest` (fault load-needs-manifest): a tarball in the spec's layout alone, without `manifest.json`, is refused. */
export async function loadImages(tar: Buffer, opts: { needsManifest?: boolean } = {}): Promise<LoadedImage[]> {
  const files = new Map<string, Buffer>();
  for (const { header, data } of await readTar(tar)) files.set(header.name.replace(/^\.\//, ''), data);
  const read = (name: string): Json | undefined => (files.has(name) ? (JSON.parse(files.get(name)!.toString('utf8')) as Json) : undefined);
  const manifest = read('manifest.json') as unknown as Array<{ Config: string; RepoTags: string[] | null; Layers: string[] }> | undefined;
  if (manifest) return Promise.all(manifest.map((entry) => fromManifest(entry, read(entry.Config) ?? {}, files)));
  if (opts.needsManifest) throw new Error('open manifest.json: no such file or directory');
  return fromLegacy(files, read);
}

function layerOf(files: Map<string, Buffer>, path: string): Promise<Layer> {
  const data = files.get(path);
  if (!data) throw new Error(`invalid tarball: missing ${path}`);
  return layerFromTar(data);
}

async function fromManifest(entry: { RepoTags: string[] | null; Layers: string[] }, config: Json, files: Map<string, Buffer>): Promise<LoadedImage> {
  const diffIds = ((config.rootfs as Json | undefined)?.diff_ids as string[] | undefined) ?? [];
  const layers = await Promise.all(entry.Layers.map(async (path, i) => ({ ...(await layerOf(files, path)), ...(diffIds[i] ? { id: diffIds[i]! } : {}) })));
  const history = ((config.history as Json[] | undefined) ?? []).map(
    (h): HistoryEntry => ({
      created: new Date(String(h.created)),
      createdBy: String(h.created_by ?? ''),
      comment: String(h.comment ?? ''),
      size: 0,
      ...(h.empty_layer ? { emptyLayer: true } : {}),
    }),
  );
  return { image: imageFrom(config, layers, history), tags: entry.RepoTags ?? [] };
}

/** A config's text field as the image keeps it: '' when left out (the real daemon answers '' then). */
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function imageFrom(json: Json, layers: Layer[], history: HistoryEntry[]): Image {
  const created = new Date(String(json.created ?? new Date(0).toISOString()));
  const image = makeImage({
    parent: String(json.parent ?? ''),
    created,
    author: String(json.author ?? ''),
    comment: String(json.comment ?? ''),
    container: String(json.container ?? ''),
    config: (json.config as ContainerConfigLike | undefined) ?? {},
    containerConfig: (json.container_config as ContainerConfigLike | undefined) ?? {},
    layers,
    history: history.length ? history : layers.map(() => ({ created, createdBy: '', comment: '', size: 0 })),
  });
  return { ...image, architecture: text(json.architecture), daemonVersion: text(json.docker_version) };
}

/** The spec's layout: per-layer directories chained by `parent`, tags from `repositories`. */
async function fromLegacy(files: Map<string, Buffer>, read: (name: string) => Json | undefined): Promise<LoadedImage[]> {
  const layerIds = [...files.keys()].filter((n) => /^[^/]+\/json$/.test(n)).map((n) => n.slice(0, -5));
  const parents = new Set(layerIds.map((id) => String(read(`${id}/json`)?.parent ?? '')));
  const tops = layerIds.filter((id) => !parents.has(id));
  const repositories = (read('repositories') ?? {}) as Record<string, Record<string, string>>;
  return Promise.all(
    tops.map(async (top) => {
      const chain: string[] = [];
      for (let id: string | undefined = top; id && files.has(`${id}/json`); id = read(`${id}/json`)?.parent as string | undefined) chain.unshift(id);
      const layers = await Promise.all(chain.map((id) => layerOf(files, `${id}/layer.tar`)));
      const tags = Object.entries(repositories).flatMap(([repo, byTag]) =>
        Object.entries(byTag)
          .filter(([, id]) => id === top)
          .map(([tag]) => `${repo}:${tag}`),
      );
      return { image: imageFrom({ ...read(`${top}/json`)!, parent: '' }, layers, []), tags };
    }),
  );
}
