/**
 * Pull from the in-memory registry (POST /images/create?fromImage=): a known repository answers
 * 200 with progress objects, `Digest: sha256:...` and `Status: Downloaded newer image for ...`;
 * an unknown repository or tag answers 404 before any stream. A registry host ending in
 * `.invalid` is unreachable: the failure comes as an in-stream `{error}` after the 200. A build
 * that pulls its base image writes the same progress objects into its own stream.
 */
import { HttpError } from '../http/router.ts';
import type { JsonStreamWriter } from '../http/router.ts';
import type { EventBus } from '../state/events.ts';
import type { RegistryEntry } from './registry.ts';
import type { ImageStore } from './store.ts';
import { parseRef, registryHost, tagged } from './reference.ts';
import { shortId } from './shape.ts';
import { statusLine, writeTransfer, errorObject } from './progress.ts';
import { layerSize } from '../fs/filesystem.ts';
import { mayAccess, type Credentials } from './registry-auth.ts';

export interface PullRequest {
  repo: string;
  tag?: string;
  digest?: string;
}

/** Reads fromImage + tag (1.22: fromImage may carry the tag or digest; `tag` may be a digest). */
export function pullRequest(fromImage: string, tag: string): PullRequest {
  const parsed = parseRef(fromImage);
  if (!parsed) throw new HttpError(400, `invalid reference format: repository name must be lowercase: ${fromImage}`);
  if (tag.startsWith('sha256:')) return { repo: parsed.repo, digest: tag };
  return { repo: parsed.repo, tag: tag || parsed.tag, digest: parsed.digest };
}

export function isUnreachable(repo: string): boolean {
  return /\.invalid(:\d+)?$/.test(registryHost(repo) ?? '');
}

/** What a request to `path` on an unreachable registry host fails with: the host's name does not resolve. */
export function unreachableText(host: string, path: string): string {
  return `Get https://${host}${path}: dial tcp: lookup ${host}: no such host`;
}

/**
 * What a pull would bring; throws 404 when the repository, tag or digest is unknown, or when the
 * credentials do not give access to the (private) repository.
 */
export function findInRegistry(store: ImageStore, req: PullRequest, creds: Credentials): Array<{ tag: string } & RegistryEntry> {
  if (isUnreachable(req.repo)) return [];
  if (!mayAccess(req.repo, creds))
    throw new HttpError(
      404,
      `pull access denied for ${req.repo}, repository does not exist or may require 'docker login': unauthorized: authentication required`,
    );
  const entries = req.digest ? [store.registry.byDigest(req.repo, req.digest)].filter((e) => e !== undefined) : store.registry.pull(req.repo, req.tag);
  if (!entries.length) {
    throw new HttpError(
      404,
      store.registry.hasRepo(req.repo)
        ? `manifest for ${req.repo}:${req.digest ?? req.tag} not found: manifest unknown`
        : `pull access denied for ${req.repo}, repository does not exist or may require 'docker login'`,
    );
  }
  return entries;
}

/** Stores pulled entries (tagged, with their digest) and writes the progress of each. */
/** `perChunk`: the `blind32-progress-current-per-chunk` fault (see writeTransfer). */
export function pullInto(
  store: ImageStore,
  events: EventBus,
  req: PullRequest,
  entries: Array<{ tag: string } & RegistryEntry>,
  out: JsonStreamWriter,
  perChunk = false,
): void {
  if (isUnreachable(req.repo)) {
    out.write(errorObject(unreachableText(registryHost(req.repo) ?? '', '/v2/')));
    return;
  }
  out.write(statusLine(`Pulling from ${req.repo.includes('/') ? req.repo : `library/${req.repo}`}`, req.digest ?? req.tag ?? 'latest'));
  for (const entry of entries) {
    const local = store.get(entry.image.id);
    const name = req.digest ? `${req.repo}@${entry.digest}` : tagged(req.repo, entry.tag);
    const upToDate = local !== undefined && (req.digest ? local.repoDigests.includes(name) : local.repoTags.includes(name));
    for (const layer of entry.image.layers) {
      const id = shortId(layer.id);
      if (local) {
        out.write(statusLine('Already exists', id));
        continue;
      }
      out.write(statusLine('Pulling fs layer', id));
      writeTransfer(out, 'Downloading', id, Math.max(1, layerSize(layer)), perChunk);
      out.write(statusLine('Download complete', id));
      writeTransfer(out, 'Extracting', id, Math.max(1, layerSize(layer)), perChunk);
      out.write(statusLine('Pull complete', id));
    }
    store.add({ ...entry.image, repoTags: [], repoDigests: [] }, req.digest ? [] : [tagged(req.repo, entry.tag)]);
    store.addDigest(entry.image.id, req.repo, entry.digest);
    out.write(statusLine(`Digest: ${entry.digest}`));
    out.write(statusLine(upToDate ? `Status: Image is up to date for ${name}` : `Status: Downloaded newer image for ${name}`));
    events.emit({ Type: 'image', Action: 'pull', id: name, attributes: { name } });
  }
}

/**
 * The pull of a build's base image (FROM an image not local yet, or `pull=1`): the pull's progress
 * objects go into `out`, the build stream, as the real daemon writes them there between the FROM
 * step's lines. Returns whether the registry had the image.
 */
export function pullForBuild(store: ImageStore, events: EventBus, ref: string, creds: Credentials, out: JsonStreamWriter, perChunk = false): boolean {
  const parsed = parseRef(ref);
  if (!parsed || isUnreachable(parsed.repo)) return false;
  const req: PullRequest = { repo: parsed.repo, tag: parsed.digest ? undefined : (parsed.tag ?? 'latest'), digest: parsed.digest };
  let entries: Array<{ tag: string } & RegistryEntry>;
  try {
    entries = findInRegistry(store, req, creds);
  } catch (err) {
    if (err instanceof HttpError) return false;
    throw err;
  }
  pullInto(store, events, req, entries, out, perChunk);
  return true;
}
