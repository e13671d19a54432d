/**
 * Images the image checks make for themselves: small imported images (POST /images/create?fromSrc=-)
 * named `conformance-<runId>-<purpose>-…` so the run's sweep finds them, each also removed by the
 * check itself. And the lookups the checks read results with (inspect, list, tags).
 */
import { randomBytes } from 'node:crypto';
import type { Query } from '../../../harness/protocol/query.ts';
import type { HttpResponse } from '../../../harness/target/http-transport.ts';
import type { RemovalOwner } from '../../../harness/check/file-shared.ts';
import type { EngineContext } from './context.ts';
import type { CallOptions } from './api.ts';
import { packTar } from './tar-files.ts';
import { isSuccess } from '../../../harness/target/http-transport.ts';

export interface OwnImage {
  id: string;
  repo: string;
  tag: string;
  /** `repo:tag` */
  ref: string;
  /** The content of its IMAGE_MARKER file (an image of ownImage's), which tells its layer from any other. */
  marker?: string;
}

/** The file of uniqueRootfs whose random content tells one imported image (and its layer) from another. */
export const IMAGE_MARKER = 'etc/conformance-image';

/** A rootfs tar whose one file carries random content, so that every import is a distinct image. */
export function uniqueRootfs(padding = 0, marker = uniqueMarker(padding)): Promise<Buffer> {
  return packTar([
    { name: 'etc/', type: 'directory' },
    { name: IMAGE_MARKER, content: marker },
  ]);
}

/** Random content for IMAGE_MARKER. */
function uniqueMarker(padding = 0): string {
  return `${randomBytes(16).toString('hex')}${'.'.repeat(padding)}\n`;
}

export function importRequest(ctx: EngineContext, query: Query, body: Buffer): Promise<HttpResponse> {
  return ctx.api.post('/images/create', { query: { fromSrc: '-', ...query }, body, headers: { 'content-type': 'application/x-tar' } });
}

/** Removes an image (by id or reference) after the check, whatever happened; or, given an owner (the file), when that ends. */
export function removeLater(ctx: EngineContext, ref: string, owner?: RemovalOwner): void {
  if (owner) owner.removeLater(ref);
  else
    ctx.defer(async () => {
      await ctx.api.delete(`/images/${ref}`, { force: true });
    });
}

/** The import check whose rule a failed import of a named image breaks. */
export const IMPORT_NAMED = 'engine/images/create/query-from-src-body';

/**
 * A new image imported under `conformance-<runId>-<purpose>-…:<tag>`. An import that fails or
 * leaves `repo:tag` unnamed blocks the check: the import's own check reports that breach.
 */
export async function ownImage(ctx: EngineContext, purpose: string, tag = 'v1', owner?: RemovalOwner, padding = 0): Promise<OwnImage> {
  const repo = ctx.uniqueName(purpose);
  const ref = `${repo}:${tag}`;
  return ctx.setUp(async () => {
    const marker = uniqueMarker(padding);
    const res = await importRequest(ctx, { repo, tag }, await uniqueRootfs(padding, marker));
    if (res.status !== 200 || /"error"/.test(res.text())) ctx.fail(`importing an image as ${ref} answered ${res.status}: ${res.text().slice(0, 300)}`);
    let named = await inspectImage(ctx, ref);
    const imported = importedId(res.text());
    if (named.status !== 200 && imported) {
      // The import's own check reports the unnamed import; the image is named the other documented way.
      removeLater(ctx, imported, owner);
      const tagging = await ctx.api.post(`/images/${imported}/tag`, { query: { repo, tag } });
      named = await inspectImage(ctx, ref);
      if (named.status === 200) ctx.observe(`the import left ${ref} unnamed; the image was named with POST /images/(name)/tag (${tagging.status})`);
    }
    if (named.status !== 200) ctx.fail(`the import with repo=${repo}&tag=${tag} answered 200, but GET /images/${ref}/json answered ${named.status}`);
    const id = ctx.expectJson<{ Id: string }>(named, `inspect of ${ref}`).Id;
    removeLater(ctx, id, owner);
    return { id, repo, tag, ref, marker };
  }, IMPORT_NAMED);
}

export async function inspectImage(ctx: EngineContext, ref: string): Promise<HttpResponse> {
  return ctx.api.get(`/images/${ref}/json`);
}

/** The Id of the image a reference names; a missing image fails the check as a precondition. */
export async function imageIdOf(ctx: EngineContext, ref: string, requirement?: string): Promise<string> {
  const res = await inspectImage(ctx, ref);
  if (res.status !== 200)
    ctx.fail(`GET /images/${ref}/json answered ${res.status}: ${res.text().trim().slice(0, 200)}`, { expected: 200, actual: res.status, requirement });
  return ctx.expectJson<{ Id: string }>(res, `inspect of ${ref}`, requirement).Id;
}

/** Whether a reference names an image (inspect 200) or not (404); other answers fail the check. */
export async function imageExists(ctx: EngineContext, ref: string, requirement?: string): Promise<boolean> {
  const res = await inspectImage(ctx, ref);
  if (res.status !== 200 && res.status !== 404)
    ctx.fail(`GET /images/${ref}/json answered ${res.status}, expected 200 or 404`, { expected: [200, 404], actual: res.status, requirement });
  return res.status === 200;
}

/** Points `repo:tag` at an image (POST tag, 201 expected) and removes the tag after the check. */
export async function tagAs(ctx: EngineContext, source: string, repo: string, tag: string, query: Query = {}, owner?: RemovalOwner): Promise<HttpResponse> {
  const res = await ctx.api.post(`/images/${source}/tag`, { query: { repo, tag, ...query } });
  if (isSuccess(res.status)) removeLater(ctx, `${repo}:${tag}`, owner);
  return res;
}

/** Same as tagAs, but a refused tag blocks the check (the tag check reports it). */
export async function tagged(ctx: EngineContext, source: string, repo: string, tag: string, owner?: RemovalOwner): Promise<string> {
  const res = await tagAs(ctx, source, repo, tag, {}, owner);
  ctx.precondition(
    isSuccess(res.status),
    `tagging ${source} as ${repo}:${tag} answered ${res.status}: ${res.text().trim().slice(0, 200)}`,
    'engine/images/tag/201-tagged',
  );
  return `${repo}:${tag}`;
}

export interface ListItem {
  Id: string;
  RepoTags?: string[] | null;
  RepoDigests?: string[] | null;
  Labels?: Record<string, string> | null;
  [key: string]: unknown;
}

/** GET /images/json with a query; 200 and a JSON list are required. */
export async function listImages(ctx: EngineContext, query: Query = {}, requirement?: string, opts: CallOptions = {}): Promise<ListItem[]> {
  const res = await ctx.api.get('/images/json', query, opts);
  ctx.expectStatus(res, 200, `GET /images/json ${JSON.stringify(query)}`, requirement);
  const list = ctx.expectJson<unknown>(res, 'image list', requirement);
  if (!Array.isArray(list)) ctx.fail('GET /images/json does not answer a list', { expected: 'a JSON array', actual: list, requirement });
  return list as ListItem[];
}

export function ids(items: readonly ListItem[]): string[] {
  return items.map((i) => i.Id);
}

/** Whether two image ids name the same image (a short id is a prefix of the full one). */
export function sameImage(a: string, b: string): boolean {
  const strip = (x: string) => x.replace(/^sha256:/, '');
  const [x, y] = [strip(a), strip(b)];
  return x.length >= 12 && y.length >= 12 && (x.startsWith(y) || y.startsWith(x));
}

/** A repository name in the run's namespace that no image or registry holds. */
export function missingRepo(ctx: EngineContext): string {
  return ctx.uniqueName('missing');
}

/** POST /commit of a container (query as given), the answer unjudged. */
export function commitRequest(ctx: EngineContext, query: Query, body?: Record<string, unknown>): Promise<HttpResponse> {
  // The spec describes a body (a container configuration); an empty one changes nothing.
  return ctx.api.post('/commit', { query, json: body ?? {} });
}

/**
 * A new image committed from a fresh fixture container with `changes` applied, named in the run's
 * namespace. A commit that fails blocks the check: the commit's own check reports that breach.
 */
export async function committedImage(ctx: EngineContext, purpose: string, changes: string[] = [], body?: Record<string, unknown>): Promise<OwnImage> {
  const { id: container } = await ctx.createContainer({ cmd: ['true'] });
  const repo = ctx.uniqueName(purpose);
  const tag = 'v1';
  return ctx.setUp(async () => {
    const res = await commitRequest(ctx, { container, repo, tag, changes }, body);
    if (res.status !== 201) ctx.fail(`committing container ${container} as ${repo}:${tag} answered ${res.status}: ${res.text().trim().slice(0, 300)}`);
    const id = ctx.expectJson<{ Id: string }>(res, 'commit response').Id;
    removeLater(ctx, id);
    return { id, repo, tag, ref: `${repo}:${tag}` };
  }, 'engine/images/commit/201-response-schema');
}

/** The requirement whose check reports a refused import from the request body. */
const IMPORT = 'engine/images/create/query-from-src-body';

/** The image id an import stream ends with (`{status: "sha256:…"}`), for unnamed imports. */
export function importedId(text: string): string | undefined {
  const found = [...text.matchAll(/"status"\s*:\s*"(sha256:[0-9a-f]{64}|[0-9a-f]{64})"/g)];
  return found.length ? found[found.length - 1]![1] : undefined;
}

/** An image with no repository reference at all (an unnamed import): dangling. */
export async function danglingImage(ctx: EngineContext): Promise<string> {
  const res = await importRequest(ctx, {}, await uniqueRootfs());
  return importedImage(ctx, res);
}

/** An unnamed image imported from a rootfs whose one file is empty (no file content at all), removed after the check. */
export async function emptyFilesImage(ctx: EngineContext): Promise<string> {
  const rootfs = await packTar([{ name: `conformance-empty-${randomBytes(8).toString('hex')}`, content: '' }]);
  const res = await importRequest(ctx, {}, rootfs);
  return importedImage(ctx, res);
}

/** The id an unnamed import answered, removed after the check; an import that shows none blocks the check (the import check reports it). */
function importedImage(ctx: EngineContext, res: HttpResponse): string {
  const id = res.status === 200 ? importedId(res.text()) : undefined;
  if (!id) return ctx.preconditionUnmet(`an unnamed import answered ${res.status} without a final {status: <image id>}: ${res.text().slice(-300)}`, IMPORT);
  removeLater(ctx, id);
  return id;
}

/** Whether a RepoTags entry is a real reference (not the `<none>:<none>` placeholder). */
export function isRealTag(tag: string): boolean {
  return tag !== '<none>:<none>' && tag !== '<none>@<none>';
}

/**
 * An image reference without the default registry's prefixes (`docker.io/library/`, `docker.io/`,
 * `index.docker.io/…`, `localhost/`), which name the same image; the spec names images by `repo:tag`.
 */
export function normalRef(ref: string): string {
  return ref.replace(/^(?:(?:index\.)?docker\.io\/(?:library\/)?|localhost\/)/, '');
}

/** Whether two references name the same repository and tag, after normalRef (a missing tag is `latest`). */
export function sameRef(a: string, b: string): boolean {
  const full = (r: string) => (repoOf(normalRef(r)) === normalRef(r) && !r.includes('@') ? `${normalRef(r)}:latest` : normalRef(r));
  return full(a) === full(b);
}

/** The repository part of `repo:tag` (a registry port is not a tag). */
export function repoOf(ref: string): string {
  const colon = ref.lastIndexOf(':');
  return colon > ref.lastIndexOf('/') ? ref.slice(0, colon) : ref;
}

export interface ContainerConfigView {
  Env?: string[] | null;
  Labels?: Record<string, string> | null;
  WorkingDir?: string;
  Cmd?: string[] | string | null;
  [key: string]: unknown;
}

/**
 * The configuration an image hands to its containers, read version-independently: a container is
 * created from it (with an explicit Cmd, or with `imageCmd` none, so that it runs the image's) and
 * its inspect Config returned.
 */
export async function configOf(ctx: EngineContext, image: string, imageCmd = false): Promise<ContainerConfigView> {
  const { id } = await ctx.createContainer({ cmd: ['true'], extra: { Image: image, ...(imageCmd ? { Cmd: null } : {}) } });
  return ((await ctx.inspect(id)).Config ?? {}) as ContainerConfigView;
}

/** `NAME=value` of an Env list, or undefined. */
export function envValue(env: readonly string[] | null | undefined, name: string): string | undefined {
  const entry = (env ?? []).find((e) => e.startsWith(`${name}=`));
  return entry?.slice(name.length + 1);
}
