/** Image routes that move images in or out: create (pull / import), push, get, load, build, commit. */
import { HttpError } from '../http/router.ts';
import type { JsonStreamWriter, RouteContext } from '../http/router.ts';
import type { BuildLimits, EngineDeps } from '../deps.ts';
import { findInRegistry, pullInto, pullRequest } from './pull.ts';
import { downloadName, importImage, importName } from './import.ts';
import { pushInto, pushTargets } from './push.ts';
import { loadImages, saveImages } from './tarball.ts';
import type { LoadedImage, SaveItem } from './tarball.ts';
import type { PushTarget } from './push.ts';
import type { RegistryEntry } from './registry.ts';
import { parseRef, registryHost, tagged, normalizeRepo } from './reference.ts';
import { buildFileMissing, runBuild } from './build/index.ts';
import { commitContainer } from './commit.ts';
import { detectCompression } from '../fs/compression.ts';
import type { ContainerConfigLike, Image } from './image.ts';
import { stillAnswered } from '../state/graveyard.ts';
import { resolvedAs } from '../routes/lookup.ts';
import { errorObject } from './progress.ts';
import { fetchSource } from './fetch-source.ts';
import { remoteContext } from './build/remote.ts';
import { credentialsOfAuth, credentialsOfConfig } from './registry-auth.ts';

const JSON_TYPE = 'application/json';

/** POST /images/create: `fromImage` pulls, `fromSrc=-` imports the body. */
export async function createImage(ctx: RouteContext, deps: EngineDeps): Promise<void> {
  const fromSrc = ctx.query.get('fromSrc');
  const fromImage = ctx.query.get('fromImage');
  const tag = ctx.query.get('tag') ?? '';
  if (fromSrc) {
    const name = ctx.faults.has('import-repo-ignored') ? undefined : importName(ctx.version, ctx.query.get('repo') ?? '', tag);
    if (fromSrc !== '-' && ctx.faults.has('import-url-unsupported')) throw new HttpError(500, `importing from a URL (${fromSrc}) is not supported`);
    // Under `blind22-import-url-redirect-not-followed` the URL is fetched without following redirects: a 3xx answer fails the import (500).
    const body = fromSrc === '-' ? await importBody(ctx) : await fetchSource(fromSrc, !ctx.faults.has('blind22-import-url-redirect-not-followed'));
    const out = transferStream(ctx, false);
    // Under `blind23-import-url-archive-not-extracted` a downloaded archive is stored as one file named after the URL (as ADD does), not extracted.
    const asFile = fromSrc !== '-' && ctx.faults.has('blind23-import-url-archive-not-extracted') ? downloadName(fromSrc) : undefined;
    await importImage(deps.images, deps.events, body, name, out, ctx.faults, asFile);
    return out.end();
  }
  if (!fromImage) throw new HttpError(500, 'one of fromImage or fromSrc is required');
  const pulled = pullRequest(...faultyPull(ctx, fromImage, tag));
  // Under `blind28-pull-tag-digest-as-tag` the tag parameter is taken for a tag whatever it holds: a digest is looked up as a tag name.
  const req = tag.startsWith('sha256:') && ctx.faults.has('blind28-pull-tag-digest-as-tag') ? { repo: pulled.repo, tag } : pulled;
  let entries: Array<{ tag: string } & RegistryEntry>;
  try {
    entries = findInRegistry(deps.images, req, credentialsOfAuth(ctx.req.headers['x-registry-auth'], ctx.faults));
  } catch (err) {
    // Under `blind18-pull-access-denied-500` the registry's refusal (unknown or private repository) is passed on as a daemon error.
    if (err instanceof HttpError && err.message.startsWith('pull access denied') && ctx.faults.has('blind18-pull-access-denied-500'))
      throw new HttpError(500, err.message);
    if (!(err instanceof HttpError && ctx.faults.has('pull-missing-200'))) throw err;
    const out = ctx.jsonStream(JSON_TYPE);
    out.write(errorObject(err.message));
    return out.end();
  }
  const out = transferStream(ctx);
  if (ctx.faults.has('pull-stream-error')) out.write({ error: `pull of ${fromImage} failed` });
  // Under `blind32-progress-current-per-chunk` progressDetail.current is the size of the chunk just moved, not the bytes moved so far.
  else pullInto(deps.images, deps.events, req, entries, out, ctx.faults.has('blind32-progress-current-per-chunk'));
  out.end();
}

/** The rootfs tar of `fromSrc=-`: the request body; under `import-body-ignored` an empty tar (end-of-archive blocks), the body read and dropped. */
async function importBody(ctx: RouteContext): Promise<Buffer> {
  const body = await ctx.body();
  return ctx.faults.has('import-body-ignored') ? Buffer.alloc(1024) : body;
}

/**
 * The progress stream of a pull, push or import. Under `transfer-error-as-status` an error is
 * written as a progress object {status: "Error: ..."} instead of the {error} object the spec
 * names; under `progress-detail-text` progressDetail current and total are written as strings.
 */
function transferStream(ctx: RouteContext, errorsAsStatus = ctx.faults.has('transfer-error-as-status')): JsonStreamWriter {
  const out = ctx.jsonStream(JSON_TYPE);
  if (!errorsAsStatus && !ctx.faults.has('progress-detail-text') && !ctx.faults.has('blind17-progress-current-percent')) return out;
  const write = (value: unknown): void => out.write(faultyProgress(ctx, value as Record<string, unknown> | null, errorsAsStatus));
  return {
    write,
    end: () => out.end(),
    closed: out.closed,
    get isClosed() {
      return out.isClosed;
    },
  };
}

function faultyProgress(ctx: RouteContext, value: Record<string, unknown> | null, errorsAsStatus: boolean): unknown {
  const error = value?.error;
  if (typeof error === 'string' && errorsAsStatus) return { status: `Error: ${error}` };
  const detail = value?.progressDetail as Record<string, unknown> | undefined;
  // Under `blind17-progress-current-percent` current is the share the bar shows, in percent, not the bytes moved.
  if (typeof detail?.current === 'number' && typeof detail.total === 'number' && ctx.faults.has('blind17-progress-current-percent'))
    return { ...value, progressDetail: { ...detail, current: Math.round((detail.current / detail.total) * 100) } };
  if (!detail || !ctx.faults.has('progress-detail-text')) return value;
  return { ...value, progressDetail: Object.fromEntries(Object.entries(detail).map(([k, v]) => [k, String(v)])) };
}

/** fromImage and tag as the pull faults misread them (unchanged without a fault). */
function faultyPull(ctx: RouteContext, fromImage: string, tag: string): [string, string] {
  if (ctx.faults.has('pull-tag-ignored')) return [fromImage, ''];
  if (ctx.faults.has('pull-empty-tag-latest-only') && !tag && !/[:@][^/]*$/.test(fromImage)) return [fromImage, 'latest'];
  if (ctx.faults.has('pull-from-image-ref-ignored')) return [parseRef(fromImage)?.repo ?? fromImage, tag || 'latest'];
  // Under `blind16-pull-digest-split-last-colon` the reference is cut at its last colon: `repo@sha256:hex` reads as repository `repo@sha256`, tag `hex`.
  const colon = fromImage.lastIndexOf(':');
  if (ctx.faults.has('blind16-pull-digest-split-last-colon') && !tag && fromImage.includes('@') && colon > 0)
    return [fromImage.slice(0, colon), fromImage.slice(colon + 1)];
  return [fromImage, tag];
}

export async function pushImage(ctx: RouteContext, deps: EngineDeps): Promise<void> {
  let targets: PushTarget[];
  const tag = ctx.faults.has('push-tag-ignored') ? '' : (ctx.query.get('tag') ?? '');
  try {
    targets = pushTargets(deps.images, ctx.params.name!, tag);
    if (!resolvedAs(ctx, targets[0]!.image.id, ctx.params.name!)) throw new HttpError(404, `An image does not exist locally with the tag: ${ctx.params.name}`);
  } catch (err) {
    const removed = err instanceof HttpError && err.status === 404 ? removedTarget(ctx, deps, tag) : undefined;
    if (removed) targets = [removed];
    else if (err instanceof HttpError && err.status === 404 && ctx.faults.has('missing-image-500')) throw new HttpError(500, err.message);
    else if (err instanceof HttpError && err.status === 404 && ctx.faults.has('blind27-push-missing-image-200')) {
      // Under `blind27-push-missing-image-200` the progress stream is opened before the lookup: the 404 becomes an in-stream error.
      const out = transferStream(ctx);
      out.write({ error: err.message });
      return out.end();
    } else throw err;
  }
  // Under `blind17-push-registry-host-dropped` the repository is normalized down to its path: a private registry's host goes.
  if (ctx.faults.has('blind17-push-registry-host-dropped')) targets = targets.map((t) => ({ ...t, repo: withoutRegistryHost(t.repo) }));
  const out = transferStream(ctx);
  if (ctx.faults.has('push-registry-auth-refused') && ctx.req.headers['x-registry-auth'] !== undefined)
    out.write({ error: 'unauthorized: authentication required' });
  else if (ctx.faults.has('push-stream-error')) out.write({ error: `push of ${ctx.params.name!} failed` });
  else {
    const creds = credentialsOfAuth(ctx.req.headers['x-registry-auth'], ctx.faults);
    // Under `blind32-progress-current-per-chunk` progressDetail.current is the size of the chunk just moved, not the bytes moved so far.
    // Under `blind32-push-registry-port-dropped` the registry is reached at the repository host's name without its port.
    pushInto(deps.images, deps.events, targets, out, creds, {
      perChunk: ctx.faults.has('blind32-progress-current-per-chunk'),
      dropPort: ctx.faults.has('blind32-push-registry-port-dropped'),
    });
  }
  out.end();
}

/** A repository name without its registry host (`127.0.0.1:5000/x` → `x`). */
function withoutRegistryHost(repo: string): string {
  const host = registryHost(repo);
  return host ? repo.slice(host.length + 1) : repo;
}

/** Under `operation/deleted-still-answered`: the removed image the name referred to, pushed as if it still existed. */
function removedTarget(ctx: RouteContext, deps: EngineDeps, tag: string): PushTarget | undefined {
  const image = stillAnswered<Image>(deps.images, ctx.params.name!, ctx.exchange);
  const parsed = parseRef(ctx.params.name!);
  return image && parsed ? { repo: normalizeRepo(parsed.repo), tag: tag || parsed.tag || 'latest', image } : undefined;
}

/** What one `names` value saves: a repository (all its tags), a `name:tag`, or an image id (no tags). */
function saveItems(deps: EngineDeps, name: string, idTagged: boolean): SaveItem[] {
  const parsed = parseRef(name);
  const byId = deps.images.get(name) ?? deps.images.get(`sha256:${name}`);
  if (!byId && parsed && (parsed.tag === undefined || deps.faults.has('save-name-tag-whole-repo')) && parsed.digest === undefined) {
    const repo = normalizeRepo(parsed.repo);
    const items = deps.images
      .all()
      .map((image) => ({ image, tags: image.repoTags.filter((t) => t.slice(0, t.lastIndexOf(':')) === repo) }))
      .filter((item) => item.tags.length > 0);
    if (items.length) return items;
  }
  const image = deps.images.resolve(name);
  if (!image) throw new HttpError(deps.faults.has('image-get-missing-404') ? 404 : 500, `reference does not exist: No such image: ${name}`);
  const named = parsed && image.repoTags.includes(tagged(parsed.repo, parsed.tag)) && !byId;
  if (byId && (idTagged || deps.faults.has('save-id-has-repositories'))) return [{ image, tags: image.repoTags }];
  return [{ image, tags: named ? [tagged(parsed.repo, parsed.tag)] : [] }];
}

/**
 * Saves the images `names` name. `idTagged` (only under `get-many-id-in-repositories`, for GET
 * /images/get) writes an image ID's tags into the repositories file.
 */
export async function getImages(ctx: RouteContext, deps: EngineDeps, names: string[], { idTagged = false } = {}): Promise<void> {
  if (!names.length) throw new HttpError(500, 'no image names given: use names=<name>');
  const known = ctx.faults.has('blind2-get-many-missing-skipped') ? names.filter((n) => deps.images.resolve(n)) : names;
  const items = known.flatMap((n) => saveItems(deps, n, idTagged));
  const tar = await saveImages(items, {
    repositoriesFile: !ctx.faults.has('save-no-repositories'),
    layerVersion: ctx.faults.has('save-layer-version-2') ? '2.0' : '1.0',
    whiteouts: !ctx.faults.has('save-layer-whiteouts-dropped'),
    dropModified: ctx.faults.has('save-layer-modified-files-dropped'),
    dropAttributes: ctx.faults.has('save-layer-attribute-changes-dropped'),
    tagsShareFirstLayer: ctx.faults.has('save-repositories-by-repository'),
    splitAtFirstColon: ctx.faults.has('blind11-save-repositories-split-first-colon'),
  });
  ctx.res.writeHead(200, {
    'Content-Type': ctx.faults.has('save-content-type-octet') ? 'application/octet-stream' : 'application/x-tar',
    'Content-Length': tar.length,
  });
  ctx.res.end(tar);
}

export async function loadImage(ctx: RouteContext, deps: EngineDeps): Promise<void> {
  let loaded: LoadedImage[];
  try {
    loaded = await loadImages(await ctx.body(), { needsManifest: ctx.faults.has('load-needs-manifest') });
  } catch (err) {
    if (ctx.faults.has('blind2-load-invalid-200')) return ctx.jsonStream(JSON_TYPE).end();
    throw new HttpError(500, `invalid image tarball: ${(err as Error).message}`);
  }
  const out = ctx.jsonStream(JSON_TYPE);
  for (const { image, tags } of loaded) {
    deps.images.add(image, ctx.faults.has('load-ignores-tags') ? [] : tags);
    for (const tag of tags) out.write({ stream: `Loaded image: ${tag}\n` });
    if (!tags.length) out.write({ stream: `Loaded image ID: ${image.id}\n` });
    deps.events.emit({ Type: 'image', Action: 'load', id: image.id, attributes: { name: tags[0] ?? image.id } });
  }
  out.end();
}

function buildArgs(ctx: RouteContext): Record<string, string> {
  const raw = ctx.query.get('buildargs');
  if (ctx.version !== '1.22' || !raw || ctx.faults.has('build-buildargs-ignored')) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
    return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, String(v)]));
  } catch (err) {
    throw new HttpError(500, `invalid buildargs: ${(err as Error).message}`);
  }
}

/** memory, memswap, cpushares, cpusetcpus and (1.22) cpuperiod, cpuquota, shmsize: the limits of the build's containers. */
function buildLimits(ctx: RouteContext): BuildLimits {
  type Field = 'Memory' | 'MemorySwap' | 'CpuShares' | 'CpuPeriod' | 'CpuQuota';
  const ints: Array<readonly [string, Field]> = [
    ['memory', 'Memory'],
    ['memswap', 'MemorySwap'],
    ['cpushares', 'CpuShares'],
    ...(ctx.version === '1.22'
      ? ([
          ['cpuperiod', 'CpuPeriod'],
          ['cpuquota', 'CpuQuota'],
        ] as const)
      : []),
  ];
  const limits: BuildLimits = {};
  for (const [param, field] of ints) {
    const value = ctx.int(param);
    if (value !== undefined) limits[field] = value;
  }
  const cpus = ctx.query.get('cpusetcpus');
  if (cpus) limits.CpusetCpus = cpus;
  // shmsize 0 is "not set" (checkShmSize): the build containers then get the 64 MB default.
  const shm = ctx.version === '1.22' && !ctx.faults.has('build-shmsize-ignored') ? ctx.int('shmsize') : undefined;
  if (shm !== undefined && shm > 0) limits.ShmSize = shm;
  return limits;
}

function buildTags(ctx: RouteContext): string[] {
  if (ctx.faults.has('build-t-ignored')) return [];
  const repeated = ctx.version === '1.22' && !ctx.faults.has('blind4-build-t-repeat-last-only');
  const given = repeated ? ctx.query.getAll('t') : [ctx.query.getAll('t').at(ctx.version === '1.22' ? -1 : 0) ?? ''];
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
  if (ctx.version !== '1.22' || raw === null || raw === '' || raw === '0' || ctx.faults.has('build-shmsize-unchecked')) return;
  if (!/^-?\d+$/.test(raw)) throw new HttpError(500, `invalid shmsize: ${raw}`);
  if (Number(raw) < 0) throw new HttpError(500, 'ShmSize must be greater than 0');
}

/** The build faults about the request body: its content type and its compression. */
function refuseBuildBody(ctx: RouteContext, body: Buffer): void {
  const compression = detectCompression(body);
  if (ctx.faults.has('build-compressed-context-rejected') && compression !== 'identity')
    throw new HttpError(500, `${compression} build contexts are not accepted`);
  if (ctx.faults.has('build-identity-context-refused') && compression === 'identity')
    throw new HttpError(500, 'uncompressed build contexts are not accepted: compress the context');
  if (ctx.faults.has('build-x-tar-refused') && /^application\/x-tar\b/i.test(ctx.req.headers['content-type'] ?? ''))
    throw new HttpError(415, 'Content-Type application/x-tar is not supported');
}

export async function build(ctx: RouteContext, deps: EngineDeps): Promise<void> {
  checkShmSize(ctx);
  const tags = buildTags(ctx);
  const args = buildArgs(ctx);
  const limits = buildLimits(ctx);
  const defaultBuildFile = ctx.spell('Vendorfile');
  const remote = ctx.query.get('remote');
  const fetched = remote ? await remoteContext(remote, ctx.version, defaultBuildFile) : undefined;
  const body = fetched?.context ?? (await ctx.body());
  const named = !fetched?.singleFile && !ctx.faults.has('build-vendorfile-param-ignored') && ctx.query.get(ctx.spell('vendorfile'));
  if (ctx.faults.has('build-registry-config-rejected') && ctx.req.headers['x-registry-config'] !== undefined)
    throw new HttpError(500, 'X-Registry-Config is not accepted');
  refuseBuildBody(ctx, body);
  // Under `blind11-build-missing-file-404` a missing build file is mapped to not found before the stream starts.
  if (ctx.faults.has('blind11-build-missing-file-404') && (await buildFileMissing(body, named || defaultBuildFile, defaultBuildFile)))
    throw new HttpError(404, `Cannot locate specified ${defaultBuildFile}: ${named || defaultBuildFile}`);
  const out = ctx.jsonStream(JSON_TYPE);
  await runBuild(
    deps.images,
    deps.events,
    body,
    {
      buildFile: named || defaultBuildFile,
      defaultBuildFile,
      tags,
      quiet: ctx.bool('q') && !ctx.faults.has('build-quiet-ignored'),
      nocache: ctx.bool('nocache') && !ctx.faults.has('build-nocache-ignored'),
      rm: ctx.bool('rm', !ctx.faults.has('build-rm-default-off')),
      forcerm: ctx.bool('forcerm'),
      pull: ctx.bool('pull') && !ctx.faults.has('build-pull-ignored'),
      buildArgs: args,
      registryCredentials: (host) => credentialsOfConfig(ctx.req.headers['x-registry-config'], host, ctx.faults),
      leaveContainer: (id, image, cmd) => deps.leaveBuildContainer(id, image, cmd, limits),
    },
    out,
    ctx.faults,
  );
  out.end();
}

export async function commit(ctx: RouteContext, deps: EngineDeps): Promise<void> {
  const name = ctx.query.get('container') ?? '';
  const newest = ctx.faults.has('commit-newest-container') ? deps.containers.all().at(-1)?.id : undefined;
  const source = deps.commitSource(newest ?? name);
  if (!source) throw new HttpError(ctx.faults.has('missing-container-500') ? 500 : 404, `No such container: ${name}`);
  const repo = ctx.faults.has('commit-repo-ignored') ? '' : (ctx.query.get('repo') ?? '');
  const tag = ctx.query.get('tag') ?? '';
  const dropMeta = ctx.faults.has('commit-author-comment-dropped');
  // Under `blind19-commit-author-comment-swapped` each of the two parameters fills the other's field.
  const swapMeta = ctx.faults.has('blind19-commit-author-comment-swapped');
  const config = await ctx.optionalJson<ContainerConfigLike>();
  if (repo && !parseRef(`${repo}${tag ? `:${tag}` : ''}`)) throw new HttpError(500, `invalid reference format: ${repo}:${tag}`);
  let pause = (ctx.version === '1.22' ? ctx.bool('pause', true) : true) && !ctx.faults.has('commit-pause-ignored');
  if (pause && ctx.faults.has('commit-pause-before-only')) {
    source.pause();
    source.resume();
    pause = false;
  }
  const image = await commitContainer(deps.images, deps.events, source, {
    repo,
    tag,
    comment: dropMeta ? '' : (ctx.query.get(swapMeta ? 'author' : 'comment') ?? ''),
    author: dropMeta ? '' : (ctx.query.get(swapMeta ? 'comment' : 'author') ?? ''),
    pause,
    // Under `blind10-commit-changes-first-only` the parameter is read once: a repeated changes gives its first instruction only.
    changes: ctx.faults.has('commit-changes-ignored')
      ? []
      : ctx.query
          .getAll('changes')
          .filter(Boolean)
          .slice(0, ctx.faults.has('blind10-commit-changes-first-only') ? 1 : undefined),
    config: ctx.faults.has('commit-body-config-ignored') ? undefined : config,
  });
  ctx.sendJson(ctx.faults.has('commit-returns-200') ? 200 : 201, { Id: image.id });
}
