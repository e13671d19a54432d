/**
 * The image tarball of GET /images/(name)/get and /images/get (spec, Resources > Image tarball
 * format): one directory per layer named by its long layer ID holding `VERSION` (1.0), `json` and
 * `layer.tar`; a root `repositories` file mapping repository → tag → layer ID when the tarball
 * defines repositories. Read with `tar-stream` (through tar-files.ts).
 */
import { randomBytes } from 'node:crypto';
import { posix } from 'node:path';
import type { HttpResponse } from '../../../harness/target/http-transport.ts';
import type { EngineContext } from './context.ts';
import { IMAGE_MARKER, normalRef } from './images.ts';
import { packTar, plainName, readTar, type TarRead } from './tar-files.ts';

export interface LayerDir {
  id: string;
  files: Map<string, Buffer>;
}

export interface ImageTarball {
  /** Directories at the root named by a 64-hex layer id. */
  layers: Map<string, LayerDir>;
  /** The parsed root `repositories` file, undefined when absent. */
  repositories: Record<string, Record<string, string>> | undefined;
  /** Every entry name (plain). */
  names: string[];
}

const LAYER_DIR = /^([0-9a-f]{64})\/([^/]+)$/;

/** GET /images/(name)/get: a save of a whole image takes longer than an ordinary answer. */
export function saveImage(ctx: EngineContext, name: string): Promise<HttpResponse> {
  return ctx.api.get(`/images/${name}/get`, undefined, { timeoutMs: 60_000 });
}

/** POST /images/load of a tarball: a load of a whole image takes longer than an ordinary answer. */
export function loadTarball(ctx: EngineContext, tarball: Buffer): Promise<HttpResponse> {
  return ctx.api.post('/images/load', { body: tarball, headers: { 'content-type': 'application/x-tar' }, timeoutMs: 60_000 });
}

/** A 200 `application/x-tar` answer, read as an image tarball. */
export async function expectImageTarball(ctx: EngineContext, res: HttpResponse, what: string, requirement: string): Promise<ImageTarball> {
  ctx.expectStatus(res, 200, what, requirement);
  let entries: TarRead[];
  try {
    entries = await readTar(res.body);
  } catch (err) {
    return ctx.fail(`${what}: the body is not a tar archive (${(err as Error).message})`, {
      expected: 'a tar archive',
      actual: res.body.subarray(0, 200).toString('latin1'),
      requirement,
    });
  }
  const layers = new Map<string, LayerDir>();
  let repositories: ImageTarball['repositories'];
  const byName = new Map(entries.map((e) => [plainName(e.name), e]));
  for (const entry of entries) {
    const name = plainName(entry.name);
    const inLayer = LAYER_DIR.exec(name);
    if (inLayer) {
      const dir = layers.get(inLayer[1]!) ?? { id: inLayer[1]!, files: new Map() };
      // A layer file may be a link to the bytes stored elsewhere in the tarball (Podman's layer.tar
      // links to `../<digest>.tar`): a reader that follows it reads that file.
      const target = entry.type === 'symlink' && entry.linkname ? byName.get(plainName(posix.join(inLayer[1]!, entry.linkname))) : undefined;
      dir.files.set(inLayer[2]!, target?.content ?? entry.content);
      layers.set(dir.id, dir);
    } else if (name === 'repositories') {
      repositories = parseJson(ctx, entry.content, `${what}: the root repositories file`, requirement) as ImageTarball['repositories'];
    }
  }
  return { layers, repositories, names: entries.map((e) => plainName(e.name)) };
}

function parseJson(ctx: EngineContext, data: Buffer, what: string, requirement: string): unknown {
  try {
    return JSON.parse(data.toString('utf8'));
  } catch {
    return ctx.fail(`${what} is not JSON`, { expected: 'JSON', actual: data.toString('utf8').slice(0, 200), requirement });
  }
}

/** Each layer directory holds VERSION (1.0), json (a JSON object) and layer.tar (a tar archive). */
export async function expectLayerDirs(ctx: EngineContext, tarball: ImageTarball, what: string, requirement: string): Promise<void> {
  ctx.expect(tarball.layers.size > 0, `${what}: no directory named by a long (64 hex) layer ID`, {
    expected: '<layer id>/VERSION, json, layer.tar',
    actual: tarball.names,
    requirement,
  });
  for (const layer of tarball.layers.values()) {
    const where = `${what}, layer directory ${layer.id.slice(0, 12)}`;
    const version = layer.files.get('VERSION');
    ctx.expect(version !== undefined && version.toString('utf8').trim() === '1.0', `${where}: VERSION is not 1.0`, {
      expected: '1.0',
      actual: version?.toString('utf8') ?? 'no VERSION file',
      requirement,
    });
    const json = layer.files.get('json');
    if (!json) ctx.fail(`${where}: no json file`, { expected: 'json (layer information)', actual: [...layer.files.keys()], requirement });
    const info = parseJson(ctx, json!, `${where}: json`, requirement);
    ctx.expect(typeof info === 'object' && info !== null && !Array.isArray(info), `${where}: json is not an object`, {
      expected: 'a JSON object',
      actual: info,
      requirement,
    });
    const layerTar = layer.files.get('layer.tar');
    if (!layerTar) ctx.fail(`${where}: no layer.tar`, { expected: 'layer.tar (filesystem changes)', actual: [...layer.files.keys()], requirement });
    try {
      await readTar(layerTar!);
    } catch (err) {
      ctx.fail(`${where}: layer.tar is not a tar archive (${(err as Error).message})`, { expected: 'a tar archive', actual: layerTar!.length, requirement });
    }
  }
}

/**
 * The `repositories` file maps repo → tag → a layer ID present in the tarball. A repository is
 * compared by its name as the suite reads references everywhere (normalRef): Podman writes the
 * full name of the same repository (`docker.io/library/<repo>`).
 */
export function expectRepositories(ctx: EngineContext, tarball: ImageTarball, expected: Record<string, string[]>, what: string, requirement: string): void {
  const repos = tarball.repositories;
  if (!repos) ctx.fail(`${what}: no root repositories file`, { expected: { repositories: expected }, actual: tarball.names, requirement });
  const actual = Object.fromEntries(Object.entries(repos!).map(([repo, tags]) => [normalRef(repo), Object.keys(tags ?? {}).sort()]));
  ctx.expectEqual(
    actual,
    Object.fromEntries(Object.entries(expected).map(([r, t]) => [r, [...t].sort()])),
    `${what}: the repositories file maps exactly the named repositories and tags`,
    requirement,
  );
  for (const [repo, tags] of Object.entries(repos!)) {
    for (const [tag, layer] of Object.entries(tags)) {
      ctx.expect(tarball.layers.has(layer), `${what}: repositories maps ${repo}:${tag} to ${layer}, which is not a layer directory of the tarball`, {
        expected: [...tarball.layers.keys()],
        actual: layer,
        requirement,
      });
    }
  }
}

/** The plain names of a layer directory's layer.tar entries, directories included; empty when it has none or is no tar. */
export async function layerNames(tarball: ImageTarball, layerId: string): Promise<string[]> {
  const layerTar = tarball.layers.get(layerId)?.files.get('layer.tar');
  if (!layerTar) return [];
  return (await readTar(layerTar).catch(() => [])).map((e) => plainName(e.name));
}

/** The entry of a layer directory's layer.tar at a plain path, undefined when absent. */
export async function layerEntry(tarball: ImageTarball, layerId: string | undefined, path: string): Promise<TarRead | undefined> {
  const layerTar = layerId === undefined ? undefined : tarball.layers.get(layerId)?.files.get('layer.tar');
  if (!layerTar) return undefined;
  const entries = await readTar(layerTar).catch(() => []);
  return entries.find((e) => plainName(e.name) === path);
}

/** The content of a file of a layer directory's layer.tar (its plain path), undefined when absent. */
export async function layerFile(tarball: ImageTarball, layerId: string | undefined, path: string): Promise<string | undefined> {
  return (await layerEntry(tarball, layerId, path))?.content.toString('utf8');
}

/** The marker contents (IMAGE_MARKER, as uniqueRootfs writes it) of every layer of a tarball: which imported images it holds. */
export async function markersIn(tarball: ImageTarball): Promise<string[]> {
  const found = await Promise.all([...tarball.layers.keys()].map((layer) => layerFile(tarball, layer, IMAGE_MARKER)));
  return found.filter((m): m is string => m !== undefined);
}

/** The layer ID `repositories` names for repo:tag (the repository under any spelling of its name, as normalRef reads it). */
export function topLayer(tarball: ImageTarball, repo: string, tag: string): string | undefined {
  const key = Object.keys(tarball.repositories ?? {}).find((k) => normalRef(k) === normalRef(repo));
  return key === undefined ? undefined : tarball.repositories?.[key]?.[tag];
}

/** The marker content (IMAGE_MARKER) of the layer `repositories` maps repo:tag to; undefined when it holds none. */
export function markerOf(tarball: ImageTarball, repo: string, tag: string): Promise<string | undefined> {
  return layerFile(tarball, topLayer(tarball, repo, tag), IMAGE_MARKER);
}

/** A tag a tarball's `repositories` is to map, with the marker of the image it names (an image of ownImage's). */
export interface MarkedTag {
  repo: string;
  tag: string;
  marker?: string;
}

/**
 * Each tag is mapped to the layer of its own image: the layer `repositories` names for it holds
 * that image's marker (the random content it was imported with). A layer without a marker cannot
 * tell which image it is: that tag is unverified.
 */
export async function expectTagsOwnLayers(
  ctx: EngineContext,
  tarball: ImageTarball,
  tags: readonly MarkedTag[],
  what: string,
  requirement: string,
): Promise<void> {
  for (const { repo, tag, marker } of tags) {
    const found = await markerOf(tarball, repo, tag);
    if (found === undefined) {
      ctx.cannotVerify(`${what}: the layer repositories maps ${repo}:${tag} to holds no ${IMAGE_MARKER}: which image it is cannot be told`);
      continue;
    }
    ctx.expectEqual(found, marker, `${what}: repositories maps ${repo}:${tag} to the layer of its own image (its ${IMAGE_MARKER})`, requirement);
  }
}

/**
 * The `json` (layer information) of the layer the tarball of repo:tag maps it to: the saved image's
 * top layer, whose json the daemons write with the image's own metadata (Docker: config, author,
 * comment...; Podman: config without author and comment). What the spec leaves out of its words
 * (the json's fields) is the caller's to judge; a tarball that does not show the layer's json
 * blocks the check on the tarball format rule, whose checks report it.
 */
export async function savedTopLayerInfo(ctx: EngineContext, repo: string, tag: string): Promise<Record<string, unknown>> {
  const ref = `${repo}:${tag}`;
  const requirement = 'engine/images/get/tarball-format';
  return ctx.setUp(async () => {
    const tarball = await expectImageTarball(ctx, await saveImage(ctx, ref), `GET /images/${ref}/get`, requirement);
    const layer = topLayer(tarball, repo, tag);
    const json = layer === undefined ? undefined : tarball.layers.get(layer)?.files.get('json');
    if (!json) ctx.fail(`the tarball of ${ref} has no json of the layer its repositories file maps ${ref} to`, { actual: tarball.names, requirement });
    const info = parseJson(ctx, json!, `the tarball of ${ref}: json of layer ${layer!.slice(0, 12)}`, requirement);
    if (typeof info !== 'object' || info === null || Array.isArray(info)) {
      ctx.fail(`the tarball of ${ref}: json of layer ${layer!.slice(0, 12)} is not an object`, { expected: 'a JSON object', actual: info, requirement });
    }
    return info as Record<string, unknown>;
  }, requirement);
}

/**
 * An image tarball of one layer built by the suite in the format the spec describes, and nothing
 * more: a directory named by a long (64 hex, random) layer ID holding `VERSION` (1.0), `json` (its
 * layer information: the ID, when made, the image's configuration) and `layer.tar` (the layer's files), and a root `repositories` file
 * mapping `repo` → `tag` → that layer ID. No file a daemon's own save adds (manifest, image configs).
 */
export async function specImageTarball(layerTar: Buffer, repo: string, tag: string): Promise<{ tarball: Buffer; layerId: string }> {
  const layerId = randomBytes(32).toString('hex');
  const tarball = await packTar([
    { name: `${layerId}/`, type: 'directory' },
    { name: `${layerId}/VERSION`, content: '1.0' },
    // The layer information of an image's top layer: its id, when it was made, the image's configuration (without one it inspects as Config null).
    {
      name: `${layerId}/json`,
      content: JSON.stringify({ id: layerId, created: new Date().toISOString(), os: 'linux', config: { Cmd: ['/conformance-layer'] } }),
    },
    { name: `${layerId}/layer.tar`, content: layerTar },
    { name: 'repositories', content: JSON.stringify({ [repo]: { [tag]: layerId } }) },
  ]);
  return { tarball, layerId };
}
