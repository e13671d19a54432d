/** The image routes (endpoints 25-37), registered on the daemon's router. */
import { HttpError } from '../http/router.ts';
import type { RouteContext, Router } from '../http/router.ts';
import type { EngineDeps } from '../deps.ts';
import type { EngineFaultName } from '../faults.ts';
import type { Image } from './image.ts';
import { listImages } from './list.ts';
import { historyItems, inspectImage } from './shape.ts';
import { type DeleteRecord, deleteImage } from './remove.ts';
import { isValidRepo, isValidTag, parseRef, registryHost, tagged } from './reference.ts';
import { isUnreachable, unreachableText } from './pull.ts';
import { keepRemoved, keptUnder, missing, stillAnswered } from '../state/graveyard.ts';
import { build, commit, createImage, getImages, loadImage, pushImage } from './routes-transfer.ts';
import { resolvedAs } from '../routes/lookup.ts';

/** Under `images-get-whole-repository` GET /images/get reads a names value name:tag as its repository: every tag of it is saved. */
function wholeRepository(name: string): string {
  const parsed = parseRef(name);
  return parsed && parsed.tag !== undefined && parsed.digest === undefined ? parsed.repo : name;
}

/** Under `get-many-bare-name-latest-only` GET /images/get reads a names value without tag or digest as name:latest. */
function latestOnly(name: string, deps: EngineDeps): string {
  const parsed = parseRef(name);
  const byId = deps.images.get(name) ?? deps.images.get(`sha256:${name}`);
  return !byId && parsed && parsed.tag === undefined && parsed.digest === undefined ? `${name}:latest` : name;
}

/** Under the fault image-tag-ignored: the first image holding any tag of the reference's repository. */
function byRepositoryOnly(deps: EngineDeps, name: string): Image | undefined {
  const colon = name.lastIndexOf(':');
  if (!deps.faults.has('image-tag-ignored') || name.includes('@') || colon <= name.lastIndexOf('/')) return undefined;
  const repo = name.slice(0, colon);
  return deps.images.all().find((i) => i.repoTags.some((t) => t.startsWith(`${repo}:`)));
}

/**
 * Under `blind9-image-inspect-bare-name-any-tag` (inspect): a name without tag or digest that no
 * `:latest` answers is the first image of its repository, whatever its tag.
 */
function bareNameAnyTag(deps: EngineDeps, ctx: RouteContext): Image | undefined {
  const name = ctx.params.name!;
  if (!ctx.faults.has('blind9-image-inspect-bare-name-any-tag') || name.includes('@') || name.lastIndexOf(':') > name.lastIndexOf('/')) return undefined;
  return deps.images.resolve(name) ? undefined : deps.images.anyOfRepository(name);
}

/**
 * Under `blind17-image-sha256-id-read-as-tag` a name that parses as a reference is looked up as one
 * only: `sha256:<hex>` reads as repository `sha256`, tag `<hex>`, which no image holds.
 */
function sha256ReadAsTag(deps: EngineDeps, name: string): boolean {
  return deps.faults.has('blind17-image-sha256-id-read-as-tag') && name.startsWith('sha256:') && !deps.images.all().some((i) => i.repoTags.includes(name));
}

/**
 * Under `blind27-image-inspect-registry-port-split` (inspect) and `image-history-registry-port-split`
 * (history) the name is split at its first colon: a repository with a registry port
 * (`127.0.0.1:5000/mine[:tag]`) reads as repository `127.0.0.1`, tag `5000/mine[:tag]`, which no image holds.
 */
function registryPortSplit(ctx: RouteContext, fault: EngineFaultName): boolean {
  const name = ctx.params.name!;
  const colon = name.indexOf(':');
  return ctx.faults.has(fault) && colon >= 0 && colon < name.lastIndexOf('/') && !name.includes('@');
}

function found(deps: EngineDeps, name: string, ctx: RouteContext) {
  const unresolved =
    (deps.faults.has('image-short-id-unresolved') && /^[0-9a-f]{12}$/.test(name)) ||
    (deps.faults.has('image-digest-ref-unresolved') && name.includes('@')) ||
    sha256ReadAsTag(deps, name);
  const image = unresolved
    ? undefined
    : (byRepositoryOnly(deps, name) ??
      deps.images.resolve(name) ??
      stillAnswered<ReturnType<typeof deps.images.resolve>>(deps.images, name, ctx.exchange) ??
      (deps.faults.has('blind6-image-removed-found-by-name') ? keptUnder<Image>(deps.images, name) : undefined));
  const notFound = new HttpError(deps.faults.has('missing-image-500') ? 500 : 404, `No such image: ${name}`);
  if (!image) throw missing(deps.images, name, deps.faults, notFound);
  if (!resolvedAs(ctx, image.id, name)) throw notFound;
  return image;
}

/**
 * Under `blind9-history-by-id-404` history looks names up as repository references only: an image id
 * answers 404; under `image-history-registry-port-split` a name with a registry port is split at its first colon.
 */
function historyFound(deps: EngineDeps, ctx: RouteContext): Image {
  const name = ctx.params.name!;
  const byIdRefused = ctx.faults.has('blind9-history-by-id-404') && /^(sha256:)?[0-9a-f]{12,64}$/.test(name);
  if (byIdRefused || registryPortSplit(ctx, 'image-history-registry-port-split')) throw new HttpError(404, `No such image: ${name}`);
  return found(deps, name, ctx);
}

/** POST /images/(name)/tag: 201; 400 bad name; 404 no image; 409 tag held by another image unless force. */
function tagImage(ctx: RouteContext, deps: EngineDeps): void {
  const image = found(deps, ctx.params.name!, ctx);
  let repo = ctx.query.get('repo') ?? '';
  let tag = ctx.query.get('tag') ?? '';
  const colon = repo.lastIndexOf(':');
  if (!tag && colon > repo.lastIndexOf('/')) [repo, tag] = [repo.slice(0, colon), repo.slice(colon + 1)];
  const badName = ctx.faults.has('tag-bad-name-500') ? 500 : 400;
  if (!repo || !isValidRepo(repo)) throw new HttpError(badName, `invalid reference format: repository name (${repo}) must be lowercase and valid`);
  if (tag && !isValidTag(tag)) {
    if (ctx.faults.has('refused-tag-keeps-repo') || ctx.exchange?.refusalApplied) deps.images.tag(image.id, tagged(repo));
    throw new HttpError(badName, `invalid tag format: ${tag}`);
  }
  const ref = tagged(repo, tag);
  const holder = deps.images.all().find((i) => i.repoTags.includes(ref));
  const force = ctx.bool('force') && !ctx.faults.has('tag-force-ignored');
  if (holder && holder.id !== image.id && !force && !ctx.faults.has('tag-conflict-201')) {
    if (ctx.exchange?.refusalApplied) deps.images.tag(image.id, ref);
    throw new HttpError(409, `Conflict: Tag ${tag || 'latest'} is already set to image ${holder.id}, if you want to replace it, please use -f option`);
  }
  if (holder && holder.id !== image.id && ctx.faults.has('blind2-tag-force-copies')) image.repoTags.push(ref);
  else deps.images.tag(image.id, ref);
  deps.events.emit({ Type: 'image', Action: 'tag', id: image.id, attributes: { name: ref } });
  ctx.sendStatus(ctx.faults.has('tag-returns-200') ? 200 : 201);
}

/** The repository names a registry held at its first search (`blind31-search-index-first-search`), by registry. */
const firstSearchIndexes = new WeakMap<EngineDeps['images']['registry'], Set<string>>();

function firstSearchIndex(registry: EngineDeps['images']['registry']): Set<string> {
  let index = firstSearchIndexes.get(registry);
  if (!index) {
    index = new Set(registry.search('').map((r) => r.name));
    firstSearchIndexes.set(registry, index);
  }
  return index;
}

/**
 * GET /images/search: the in-memory registry's repositories matching the term. A term naming a
 * registry host the reference cannot reach answers 500, as a daemon's search of it fails.
 */
function search(ctx: RouteContext, deps: EngineDeps): void {
  const term = ctx.query.get('term') ?? '';
  if (isUnreachable(term)) {
    if (ctx.faults.has('search-unreachable-empty')) {
      ctx.sendJson(200, []);
      return;
    }
    // Under `search-host-term-every-repository` the host's term is not searched at all: the whole index comes back.
    if (ctx.faults.has('search-host-term-every-repository')) {
      ctx.sendJson(200, deps.images.registry.search(''));
      return;
    }
    const host = registryHost(term)!;
    // Under `blind12-search-unreachable-404` the search shares the pull's lookup, which reads an unreachable registry as not found.
    if (ctx.faults.has('blind12-search-unreachable-404')) throw new HttpError(404, `repository ${term} not found: ${unreachableText(host, '/v1/_ping')}`);
    throw new HttpError(500, `invalid registry endpoint https://${host}/v1/: ${unreachableText(host, '/v1/_ping')}`);
  }
  let results = deps.images.registry.search(ctx.faults.has('search-term-ignored') ? '' : term);
  // Under `blind31-search-index-first-search` the search index is filled at the first search and never refreshed: repositories pushed since are not found.
  if (ctx.faults.has('blind31-search-index-first-search')) {
    const index = firstSearchIndex(deps.images.registry);
    results = results.filter((r) => index.has(r.name));
  }
  if (!results.length && ctx.faults.has('blind2-search-no-match-all')) results = deps.images.registry.search('');
  if (ctx.faults.has('blind9-search-zero-values-omitted')) {
    // The result struct's tags carry omitempty: zero counts, false flags and empty descriptions are left out.
    ctx.sendJson(
      200,
      results.map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== 0 && v !== false && v !== ''))),
    );
    return;
  }
  if (!ctx.faults.has('search-wrong-keys')) {
    // Under `blind11-search-no-match-null` the result slice is appended to from nil: no match encodes as null.
    ctx.sendJson(200, results.length === 0 && ctx.faults.has('blind11-search-no-match-null') ? null : results);
    return;
  }
  ctx.sendJson(
    200,
    results.map((r) => ({ StarCount: r.star_count, IsOfficial: r.is_official, Name: r.name, IsAutomated: r.is_automated, Description: r.description })),
  );
}

/** How long a removal takes under the fault inspect-races-removal: the window in which inspects answer 500. */
const RACING_REMOVAL_MS = 100;

export function registerImageRoutes(router: Router, deps: EngineDeps): void {
  // Removals under way (only under inspect-races-removal, which makes a removal take time).
  let removing = 0;
  const inspectFound = (ctx: RouteContext) => {
    if (removing > 0 && ctx.faults.has('inspect-races-removal')) throw new HttpError(500, `image not known: ${ctx.params.name}`);
    if (registryPortSplit(ctx, 'blind27-image-inspect-registry-port-split')) throw new HttpError(404, `No such image: ${ctx.params.name}`);
    return bareNameAnyTag(deps, ctx) ?? found(deps, ctx.params.name!, ctx);
  };
  const removal = async (ctx: RouteContext) => {
    if (!ctx.faults.has('inspect-races-removal')) return removeImage(ctx, deps);
    removing++;
    try {
      await new Promise((resolve) => setTimeout(resolve, RACING_REMOVAL_MS));
      removeImage(ctx, deps);
    } finally {
      removing--;
    }
  };
  router.add('GET', '/images/json', (ctx) => ctx.sendJson(200, listImages(ctx, deps.images)));
  router.add('POST', '/build', (ctx) => build(ctx, deps));
  router.add('POST', '/images/create', (ctx) => createImage(ctx, deps));
  router.add('GET', '/images/search', (ctx) => search(ctx, deps));
  router.add('GET', '/images/get', (ctx) => {
    const given = ctx.query.getAll('names').slice(0, ctx.faults.has('get-many-first-name-only') ? 1 : undefined);
    const names = ctx.faults.has('get-many-bare-name-latest-only') ? given.map((n) => latestOnly(n, deps)) : given;
    return getImages(ctx, deps, ctx.faults.has('images-get-whole-repository') ? names.map(wholeRepository) : names, {
      idTagged: ctx.faults.has('get-many-id-in-repositories'),
    });
  });
  router.add('POST', '/images/load', (ctx) => loadImage(ctx, deps));
  router.add('POST', '/commit', (ctx) => commit(ctx, deps));
  router.add('GET', '/images/{name*}/json', (ctx) => ctx.sendJson(200, inspectImage(inspectFound(ctx), ctx.version, ctx.spell, ctx.faults)));
  router.add('GET', '/images/{name*}/history', (ctx) => ctx.sendJson(200, historyItems(deps.images, historyFound(deps, ctx), ctx.version, ctx.faults)));
  router.add('POST', '/images/{name*}/push', (ctx) => pushImage(ctx, deps));
  router.add('POST', '/images/{name*}/tag', (ctx) => tagImage(ctx, deps));
  router.add('GET', '/images/{name*}/get', (ctx) => {
    // Under `blind10-image-get-short-id-404` an id is looked up whole: a short (truncated) image id is unknown.
    const bare = ctx.params.name!.replace(/^sha256:/, '');
    const id = deps.images.resolve(ctx.params.name!)?.id.replace(/^sha256:/, '');
    if (id && bare.length < id.length && id.startsWith(bare) && ctx.faults.has('blind10-image-get-short-id-404'))
      throw new HttpError(404, `No such image: ${ctx.params.name}`);
    return getImages(ctx, deps, [ctx.params.name!]);
  });
  router.add('DELETE', '/images/{name*}', removal);
}

/** Under `blind10-noprune-needs-force` noprune is read inside the force branch: without force it is not honoured. */
function nopruneOf(ctx: RouteContext): boolean {
  return ctx.bool('noprune') && (ctx.bool('force') || !ctx.faults.has('blind10-noprune-needs-force'));
}

function removeImage(ctx: RouteContext, deps: EngineDeps): void {
  const image = deps.images.resolve(ctx.params.name!);
  if (image && !resolvedAs(ctx, image.id, ctx.params.name!)) throw new HttpError(404, `No such image: ${ctx.params.name}`);
  const removed = image ? undefined : stillAnswered<Image>(deps.images, ctx.params.name!, ctx.exchange);
  // Under `operation/deleted-still-answered`: the removed image is deleted again, as if it existed.
  if (removed) {
    ctx.sendJson(200, [{ Deleted: removed.id }]);
    return;
  }
  const records = deleteImage(deps.images, deps.events, ctx.params.name!, { force: ctx.bool('force'), noprune: nopruneOf(ctx), faults: ctx.faults });
  keepRemoved(deps.images, image, ctx.params.name!);
  const kept = records.filter((r) => !('Deleted' in r && ctx.faults.has('image-delete-no-Deleted')));
  // Under `blind30-image-delete-records-both-keys` each record is written as one struct without omitempty: the other key comes as "".
  const bothKeys = (r: DeleteRecord) => ({ Untagged: 'Untagged' in r ? r.Untagged : '', Deleted: 'Deleted' in r ? r.Deleted : '' });
  ctx.sendJson(200, ctx.faults.has('blind30-image-delete-records-both-keys') ? kept.map(bothKeys) : kept);
}
