/** Image routes that move images in or out: create (pull / import), push, get, load, build, commit. */
import { HttpError } from '../http/router.ts';
import type { RouteContext } from '../http/router.ts';
import type { EngineDeps } from '../deps.ts';
import { findInRegistry, pullInto, pullRequest } from './pull.ts';
import { importImage, importName } from './import.ts';
import { pushInto, pushTargets } from './push.ts';
import { loadImages, saveImages } from './tarball.ts';
import type { SaveItem } from './tarball.ts';
import { parseRef, tagged, normalizeRepo } from './reference.ts';
import { runBuild } from './build/index.ts';
import { commitContainer } from './commit.ts';
import type { ContainerConfigLike } from './image.ts';
import { errorObject } from './progress.ts';

const JSON_TYPE = 'application/json';

/** POST /images/create: `fromImage` pulls, `fromSrc=-` imports the body. */
export async function createImage(ctx: RouteContext, deps: EngineDeps): Promise<void> {
  const fromSrc = ctx.query.get('fromSrc');
  const fromImage = ctx.query.get('fromImage');
  const tag = ctx.query.get('tag') ?? '';
  if (fromSrc) {
    if (fromSrc !== '-') throw new HttpError(500, `importing from a URL (${fromSrc}) is not supported by the reference daemon: use fromSrc=-`);
    const name = importName(ctx.version, ctx.query.get('repo') ?? '', tag);
    const body = await ctx.body();
    const out = ctx.jsonStream(JSON_TYPE);
    await importImage(deps.images, deps.events, body, name, out, ctx.faults);
    return out.end();
  }
  if (!fromImage) throw new HttpError(500, 'one of fromImage or fromSrc is required');
  const req = pullRequest(fromImage, tag);
  let entries;
  try {
    entries = findInRegistry(deps.images, req);
  } catch (err) {
    if (!(err instanceof HttpError && ctx.faults.has('pull-missing-200'))) throw err;
    const out = ctx.jsonStream(JSON_TYPE);
    out.write(errorObject(err.message));
    return out.end();
  }
  const out = ctx.jsonStream(JSON_TYPE);
  pullInto(deps.images, deps.events, req, entries, out);
  out.end();
}

export async function pushImage(ctx: RouteContext, deps: EngineDeps): Promise<void> {
  const targets = pushTargets(deps.images, ctx.params.name!, ctx.query.get('tag') ?? '');
  const out = ctx.jsonStream(JSON_TYPE);
  pushInto(deps.images, deps.events, targets, out);
  out.end();
}

/** What one `names` value saves: a repository (all its tags), a `name:tag`, or an image id (no tags). */
function saveItems(deps: EngineDeps, name: string): SaveItem[] {
  const parsed = parseRef(name);
  const byId = deps.images.get(name) ?? deps.images.get(`sha256:${name}`);
  if (!byId && parsed && parsed.tag === undefined && parsed.digest === undefined) {
    const repo = normalizeRepo(parsed.repo);
    const items = deps.images
      .all()
      .map((image) => ({ image, tags: image.repoTags.filter((t) => t.slice(0, t.lastIndexOf(':')) === repo) }))
      .filter((item) => item.tags.length > 0);
    if (items.length) return items;
  }
  const image = deps.images.resolve(name);
  if (!image) throw new HttpError(500, `reference does not exist: No such image: ${name}`);
  const named = parsed && image.repoTags.includes(tagged(parsed.repo, parsed.tag)) && !byId;
  return [{ image, tags: named ? [tagged(parsed.repo, parsed.tag)] : [] }];
}

export async function getImages(ctx: RouteContext, deps: EngineDeps, names: string[]): Promise<void> {
  if (!names.length) throw new HttpError(500, 'no image names given: use names=<name>');
  const items = names.flatMap((n) => saveItems(deps, n));
  const tar = await saveImages(items, { repositoriesFile: !ctx.faults.has('save-no-repositories') });
  ctx.res.writeHead(200, { 'Content-Type': 'application/x-tar', 'Content-Length': tar.length });
  ctx.res.end(tar);
}

export async function loadImage(ctx: RouteContext, deps: EngineDeps): Promise<void> {
  let loaded;
  try {
    loaded = await loadImages(await ctx.body());
  } catch (err) {
    throw new HttpError(500, `invalid image tarball: ${(err as Error).message}`);
  }
  const out = ctx.jsonStream(JSON_TYPE);
  for (const { image, tags } of loaded) {
    deps.images.add(image, tags);
    for (const tag of tags) out.write({ stream: `Loaded image: ${tag}\n` });
    if (!tags.length) out.write({ stream: `Loaded image ID: ${image.id}\n` });
    deps.events.emit({ Type: 'image', Action: 'load', id: image.id, attributes: { name: tags[0] ?? image.id } });
  }
  out.end();
}

function buildArgs(ctx: RouteContext): Record<string, string> {
  const raw = ctx.query.get('buildargs');
  if (ctx.version !== '1.22' || !raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
    return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
  } catch (err) {
    throw new HttpError(500, `invalid buildargs: ${(err as Error).message}`);
  }
}

function buildTags(ctx: RouteContext): string[] {
  const given = ctx.version === '1.22' ? ctx.query.getAll('t') : [ctx.query.get('t') ?? ''];
  return given.filter(Boolean).map((t) => {
    const parsed = parseRef(t);
    if (!parsed || parsed.digest) throw new HttpError(500, `invalid reference format: ${t}`);
    return tagged(parsed.repo, parsed.tag);
  });
}

/**
 * shmsize must be greater than 0 (spec). `0` is read as "not set" (64 MB): the docker CLI sends
 * shmsize=0 on every build, and the real daemon treats it so.
 */
function checkShmSize(ctx: RouteContext): void {
  const raw = ctx.query.get('shmsize');
  if (ctx.version !== '1.22' || raw === null || raw === '' || raw === '0') return;
  if (!/^-?\d+$/.test(raw)) throw new HttpError(500, `invalid shmsize: ${raw}`);
  if (Number(raw) < 0) throw new HttpError(500, 'ShmSize must be greater than 0');
}

export async function build(ctx: RouteContext, deps: EngineDeps): Promise<void> {
  if (ctx.query.get('remote')) throw new HttpError(500, 'remote build contexts (Git, HTTP) are not supported by the reference daemon: send the context as the body');
  checkShmSize(ctx);
  const tags = buildTags(ctx);
  const args = buildArgs(ctx);
  const defaultBuildFile = ctx.spell('Vendorfile');
  const body = await ctx.body();
  const out = ctx.jsonStream(JSON_TYPE);
  await runBuild(deps.images, deps.events, body, {
    buildFile: ctx.query.get(ctx.spell('vendorfile')) || defaultBuildFile,
    defaultBuildFile,
    tags,
    quiet: ctx.bool('q'),
    nocache: ctx.bool('nocache'),
    rm: ctx.bool('rm', true),
    forcerm: ctx.bool('forcerm'),
    buildArgs: args,
  }, out, ctx.faults);
  out.end();
}

export async function commit(ctx: RouteContext, deps: EngineDeps): Promise<void> {
  const name = ctx.query.get('container') ?? '';
  const source = deps.commitSource(name);
  if (!source) throw new HttpError(404, `No such container: ${name}`);
  const repo = ctx.query.get('repo') ?? '';
  const tag = ctx.query.get('tag') ?? '';
  if (repo && !parseRef(`${repo}${tag ? `:${tag}` : ''}`)) throw new HttpError(500, `invalid reference format: ${repo}:${tag}`);
  const image = await commitContainer(deps.images, deps.events, source, {
    repo,
    tag,
    comment: ctx.query.get('comment') ?? '',
    author: ctx.query.get('author') ?? '',
    pause: ctx.version === '1.22' ? ctx.bool('pause', true) : true,
    changes: ctx.query.getAll('changes').filter(Boolean),
    config: await ctx.optionalJson<ContainerConfigLike>(),
  });
  ctx.sendJson(201, { Id: image.id });
}
