/**
 * Push to the in-memory registry (POST /images/(name)/push?tag=): the repository's local tags
 * (or the one named) are stored with a digest. No local tag → 404 before the stream. A registry
 * host ending in `.invalid` fails after the 200 with an in-stream `{error}`.
 */
import { HttpError } from '../http/router.ts';
import type { JsonStreamWriter } from '../http/router.ts';
import type { EventBus } from '../state/events.ts';
import type { Image } from './image.ts';
import type { ImageStore } from './store.ts';
import { normalizeRepo, parseRef, registryHost } from './reference.ts';
import { isUnreachable, unreachableText } from './pull.ts';
import { shortId } from './shape.ts';
import { statusLine, writeTransfer, errorObject } from './progress.ts';
import { layerSize } from '../fs/filesystem.ts';
import { mayAccess, type Credentials } from './registry-auth.ts';

export interface PushTarget {
  repo: string;
  tag: string;
  image: Image;
}

/** The local images a push names; 404 when there is none (unknown, or untagged in that repository). */
export function pushTargets(store: ImageStore, name: string, tag: string): PushTarget[] {
  const parsed = parseRef(name);
  if (!parsed) throw new HttpError(404, `No such image: ${name}`);
  const wantedTag = tag || parsed.tag;
  const repo = normalizeRepo(parsed.repo);
  const targets: PushTarget[] = [];
  for (const image of store.all()) {
    for (const repoTag of image.repoTags) {
      const colon = repoTag.lastIndexOf(':');
      if (repoTag.slice(0, colon) === repo && (!wantedTag || repoTag.slice(colon + 1) === wantedTag)) {
        targets.push({ repo, tag: repoTag.slice(colon + 1), image });
      }
    }
  }
  if (!targets.length) throw new HttpError(404, `An image does not exist locally with the tag: ${wantedTag ? `${repo}:${wantedTag}` : repo}`);
  return targets;
}

/** The faults a push's transfer takes: `blind32-progress-current-per-chunk` (see writeTransfer) and `blind32-push-registry-port-dropped`. */
export interface PushFaults {
  perChunk?: boolean;
  dropPort?: boolean;
}

/**
 * The repository as the registry receives it. Under `blind32-push-registry-port-dropped` the registry
 * endpoint is built from the URL's hostname, which leaves the port out: `127.0.0.1:5000/x` lands on `127.0.0.1/x`.
 */
function remoteRepo(repo: string, host: string | undefined, dropPort: boolean): string {
  if (!dropPort || !host?.includes(':')) return repo;
  return `${new URL(`https://${host}`).hostname}${repo.slice(host.length)}`;
}

export function pushInto(store: ImageStore, events: EventBus, targets: PushTarget[], out: JsonStreamWriter, creds: Credentials, faults: PushFaults = {}): void {
  const repo = targets[0]!.repo;
  const host = registryHost(repo);
  const remote = remoteRepo(repo, host, faults.dropPort === true);
  out.write(statusLine(`The push refers to a repository [${host ? repo : `docker.io/library/${repo}`}]`));
  if (isUnreachable(repo)) {
    out.write(errorObject(unreachableText(host ?? '', '/v1/_ping')));
    return;
  }
  if (!mayAccess(repo, creds)) {
    out.write(errorObject('unauthorized: authentication required'));
    return;
  }
  for (const { tag, image } of targets) {
    for (const layer of [...image.layers].reverse()) out.write(statusLine('Preparing', shortId(layer.id)));
    for (const layer of [...image.layers].reverse()) {
      writeTransfer(out, 'Pushing', shortId(layer.id), Math.max(1, layerSize(layer)), faults.perChunk);
      out.write(statusLine('Pushed', shortId(layer.id)));
    }
    const digest = store.registry.push(remote, tag, image);
    store.addDigest(image.id, repo, digest);
    out.write(statusLine(`${tag}: digest: ${digest} size: ${1000 + 100 * image.layers.length}`));
    events.emit({ Type: 'image', Action: 'push', id: `${repo}:${tag}`, attributes: { name: `${repo}:${tag}` } });
  }
}
