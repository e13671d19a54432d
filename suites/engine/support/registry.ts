/**
 * Pull and push against the run's registry (`--registry HOST:PORT`). Every push and pull carries an
 * `X-Registry-Auth` header built with the suite's own encoder (harness/protocol/registry-auth.ts):
 * the run's credentials when given, else an AuthConfig with the login fields and no secret.
 */
import { encodeRegistryAuth, type AuthConfig } from '../../../harness/protocol/registry-auth.ts';
import type { Query } from '../../../harness/protocol/query.ts';
import type { HttpResponse } from '../../../harness/target/http-transport.ts';
import type { EngineContext } from './context.ts';
import { inspectImage, ownImage, removeLater, sameImage, tagged } from './images.ts';

/**
 * The embedded reference target keeps an in-memory registry that answers for any host with a port
 * (it never opens a connection), so an embedded run without `--registry` uses this name.
 */
export const EMBEDDED_REGISTRY = '127.0.0.1:5000';

/**
 * A registry host that cannot exist (RFC 2606 `.invalid`): every pull, push or search naming it
 * fails, whatever registry the run has (the embedded reference models the same hosts as unreachable).
 */
const UNREACHABLE_REGISTRY = 'conformance-unreachable.invalid:5000';

/** A repository of the check's own on the registry that cannot be reached. */
export function unreachableRepo(ctx: EngineContext, purpose: string): string {
  return `${UNREACHABLE_REGISTRY}/${ctx.uniqueName(purpose)}`;
}

/** The registry host:port of the run, or the check is skipped. */
export function registryOf(ctx: EngineContext): string {
  if (ctx.run.registry) return ctx.run.registry;
  if (ctx.run.embedded) return EMBEDDED_REGISTRY;
  return ctx.skip('no registry configured (--registry HOST:PORT)');
}

/** The login form of AuthConfig: {username, password, email}. */
export function loginAuth(ctx: EngineContext): AuthConfig {
  const creds = ctx.run.registryAuth;
  return { username: creds?.user ?? 'conformance', password: creds?.key ?? '', email: 'conformance@example.invalid' };
}

export function authHeader(auth: AuthConfig): Record<string, string> {
  return { 'X-Registry-Auth': encodeRegistryAuth(auth) };
}

/** A repository on the run's registry in the run's namespace: `<registry>/conformance-<runId>-<purpose>-…`. */
export function registryRepo(ctx: EngineContext, purpose: string): string {
  return `${registryOf(ctx)}/${ctx.uniqueName(purpose)}`;
}

export function push(ctx: EngineContext, repo: string, query: Query = {}, auth: AuthConfig = loginAuth(ctx)): Promise<HttpResponse> {
  return ctx.api.post(`/images/${repo}/push`, { query, headers: authHeader(auth), timeoutMs: 60_000 });
}

export function pull(ctx: EngineContext, fromImage: string, query: Query = {}): Promise<HttpResponse> {
  return ctx.api.post('/images/create', { query: { fromImage, ...query }, headers: authHeader(loginAuth(ctx)), timeoutMs: 60_000 });
}

/** The requirement whose check reports a refused image delete. */
const IMAGE_DELETE = 'engine/images/delete/200-untagged-deleted';

/** Tags the fixture into a registry repository (removed after the check) and returns `repo:tag`. */
export function fixtureAs(ctx: EngineContext, repo: string, tag: string): Promise<string> {
  return tagged(ctx, ctx.fixtureImage(), repo, tag);
}

/** Removes a local reference as a precondition, else the check is blocked (the image itself stays while other tags hold it). */
export async function untagLocal(ctx: EngineContext, ref: string): Promise<void> {
  const res = await ctx.api.delete(`/images/${ref}`);
  ctx.precondition(res.status === 200, `removing the local reference ${ref} answered ${res.status}: ${res.text().trim().slice(0, 200)}`, IMAGE_DELETE);
}

/**
 * A successful push or pull: the precondition of a later step, or part of the rule `requirement`
 * names when it is given.
 */
export function expectTransferred(ctx: EngineContext, res: HttpResponse, what: string, requirement?: string): void {
  if (res.status !== 200 || /"error"\s*:/.test(res.text()))
    ctx.fail(
      `${requirement ? '' : 'precondition: '}${what} answered ${res.status}: ${res.text().slice(-300)}`,
      requirement ? { expected: 'a 200 stream without {error}', actual: res.status, requirement } : {},
    );
}

/**
 * A registry repository holding the fixture under each tag (each pushed with its `tag`: what a
 * push without one sends is not stated), with the local tags removed again so that a pull has to
 * fetch. A push that fails blocks the check: the push's own check reports it.
 */
export async function pushedRepo(ctx: EngineContext, purpose: string, tags: string[]): Promise<string> {
  const repo = registryRepo(ctx, purpose);
  for (const tag of tags) await fixtureAs(ctx, repo, tag);
  await ctx.setUp(async () => {
    for (const tag of tags) expectTransferred(ctx, await push(ctx, repo, { tag }), `pushing ${repo}:${tag}`);
  }, 'engine/images/push/200-progress-stream');
  for (const tag of tags) await untagLocal(ctx, `${repo}:${tag}`);
  return repo;
}

/** An image pushed under one tag: its id and Size before the push, and the digest the push stream named. */
export interface PushedImage {
  id: string;
  size: number;
  digest?: string;
}

/**
 * A registry repository holding a different image under each tag: each an own import whose Size
 * differs from the others' by a kilobyte per tag, so that both its id and its Size tell which tag
 * a pulled image came from. The local tags are removed again (the images stay under their own
 * names), so that a pull has to resolve the tag at the registry.
 */
export async function pushedDistinct(ctx: EngineContext, purpose: string, tags: string[]): Promise<{ repo: string; pushed: Record<string, PushedImage> }> {
  const repo = registryRepo(ctx, purpose);
  const pushed: Record<string, PushedImage> = {};
  for (const [i, tag] of tags.entries()) {
    const own = await ownImage(ctx, `${purpose}-${i}`, 'v1', undefined, 1024 * i);
    await tagged(ctx, own.ref, repo, tag);
    removeLater(ctx, `${repo}:${tag}`);
    pushed[tag] = await pushedImageOf(ctx, own.ref);
  }
  await ctx.setUp(async () => {
    for (const tag of tags) {
      const res = await push(ctx, repo, { tag });
      expectTransferred(ctx, res, `pushing ${repo}:${tag}`);
      const digest = pushedDigest(res.text());
      if (digest) pushed[tag]!.digest = digest;
    }
  }, 'engine/images/push/200-progress-stream');
  for (const tag of tags) await untagLocal(ctx, `${repo}:${tag}`);
  return { repo, pushed };
}

/**
 * The image a pull named `ref` is the one pushed under that tag: the same id, or, where a target
 * gives a pulled image an id of its own (ids are not stated), the pushed image's Size and no other
 * pushed image's.
 */
export async function expectPulledImage(ctx: EngineContext, ref: string, want: PushedImage, all: PushedImage[], requirement: string): Promise<void> {
  const got = await pushedImageOf(ctx, ref, requirement);
  const same = sameImage(got.id, want.id);
  const bySize = all.filter((p) => p.size === got.size);
  const identified = same || (bySize.length === 1 && bySize[0] === want);
  ctx.expect(identified, `${ref} after the pull is image ${got.id} (Size ${got.size}), not the image pushed under that tag`, {
    expected: { Id: want.id, Size: want.size },
    actual: { Id: got.id, Size: got.size },
    requirement,
  });
  if (identified && !same) ctx.observe(`the pulled ${ref} has another id (${got.id}) than the pushed image (${want.id}), with its Size`);
}

/** The id and Size of the image `ref` names; a missing image fails `requirement` (or the check). */
export async function pushedImageOf(ctx: EngineContext, ref: string, requirement?: string): Promise<PushedImage> {
  const res = await inspectImage(ctx, ref);
  if (res.status !== 200) ctx.fail(`GET /images/${ref}/json answered ${res.status}`, { expected: 200, actual: res.status, requirement });
  const { Id, Size } = ctx.expectJson<{ Id: string; Size: number }>(res, `inspect of ${ref}`);
  return { id: Id, size: Size };
}

/** Removes an image from the local store, every reference of it (force), as a precondition. */
export async function removeImage(ctx: EngineContext, id: string): Promise<void> {
  const gone = await ctx.api.delete(`/images/${id}`, { force: true });
  ctx.precondition(gone.status === 200, `removing ${id} answered ${gone.status}: ${gone.text().trim().slice(0, 200)}`, IMAGE_DELETE);
}

/** The manifest digest a push stream reports (`<tag>: digest: sha256:… size: …`). */
export function pushedDigest(text: string): string | undefined {
  return /digest: (sha256:[0-9a-f]{64})/.exec(text)?.[1];
}

/**
 * An image of a layer no registry had, pushed to the run's registry and then removed from the
 * local store (every tag and digest reference), so that a pull has to fetch the layer.
 */
export async function pushedAway(ctx: EngineContext, purpose: string, padding = 0): Promise<{ pushed: HttpResponse; repo: string; ref: string; id: string }> {
  const own = await ownImage(ctx, `${purpose}-source`, 'v1', undefined, padding);
  const repo = registryRepo(ctx, purpose);
  const ref = await tagged(ctx, own.ref, repo, 't1');
  const pushed = await push(ctx, repo, { tag: 't1' });
  await ctx.setUp(async () => expectTransferred(ctx, pushed, `pushing ${ref}`), 'engine/images/push/200-progress-stream');
  await removeImage(ctx, own.id);
  removeLater(ctx, ref);
  return { pushed, repo, ref, id: own.id };
}
