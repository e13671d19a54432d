/**
 * The image store: images by content-derived id, with tags (`repo:tag`) and digests
 * (`repo@sha256:...`) pointing at them. Resolution order like the real daemon: a full id, a
 * reference (tag, default `latest`, or digest), then a unique short id prefix.
 */
import type { FaultSet } from '../faults.ts';
import type { Image } from './image.ts';
import { DEFAULT_TAG, normalizeRepo, parseRef, tagged } from './reference.ts';
import { InMemoryRegistry } from './registry.ts';
import { busyboxImage } from './busybox.ts';

export type { ContainerConfigLike, HistoryEntry, Image, NewImage } from './image.ts';
export { makeImage } from './image.ts';

/** A registry seeded with `busybox:latest`. */
export function seededRegistry(): InMemoryRegistry {
  const registry = new InMemoryRegistry();
  registry.push('busybox', 'latest', busyboxImage(), 'Busybox base image.');
  return registry;
}

export class ImageStore {
  private readonly images = new Map<string, Image>();
  /** When each image was first stored here (`blind12-images-list-created-stored-time` shows it as Created). */
  private readonly stored = new Map<string, Date>();
  /** CONTRACT: the in-memory registry pulls and pushes use; seeded with busybox:latest. */
  constructor(readonly registry: InMemoryRegistry = seededRegistry()) {}

  /** Set by the daemon: whether containers use the image (delete answers 409 then). */
  isInUse?: (imageId: string) => boolean;
  /** Set by the daemon: the server's faults (`blind29-image-digest-ref-as-image-id`). */
  faults?: FaultSet;

  resolve(ref: string): Image | undefined {
    const byId = this.images.get(ref) ?? this.images.get(`sha256:${ref}`);
    if (byId) return byId;
    const parsed = parseRef(ref);
    if (parsed) {
      // Under `blind29-image-digest-ref-as-image-id` the digest of `repo@sha256:...` is taken for the image's id, not its manifest's.
      const digestAsId = parsed.digest !== undefined && this.faults?.has('blind29-image-digest-ref-as-image-id');
      const byDigest = (digest: string): Image | undefined => (digestAsId ? this.images.get(digest) : this.byDigest(`${parsed.repo}@${digest}`));
      const found = parsed.digest ? byDigest(parsed.digest) : this.byTag(tagged(parsed.repo, parsed.tag));
      if (found) return found;
    }
    return this.byShortId(ref);
  }

  /** The first image with any tag of the reference's repository, its tag disregarded (`create-image-tag-ignored`). */
  anyOfRepository(ref: string): Image | undefined {
    const repo = parseRef(ref)?.repo;
    if (!repo) return undefined;
    for (const image of this.images.values()) if (image.repoTags.some((t) => t.startsWith(`${repo}:`))) return image;
    return undefined;
  }

  private byTag(repoTag: string): Image | undefined {
    for (const image of this.images.values()) if (image.repoTags.includes(repoTag)) return image;
    return undefined;
  }

  private byDigest(repoDigest: string): Image | undefined {
    for (const image of this.images.values()) if (image.repoDigests.includes(repoDigest)) return image;
    return undefined;
  }

  private byShortId(ref: string): Image | undefined {
    const hex = ref.replace(/^sha256:/, '');
    if (!/^[0-9a-f]{1,64}$/.test(hex)) return undefined;
    const matches = [...this.images.values()].filter((i) => i.id.slice(7).startsWith(hex));
    return matches.length === 1 ? matches[0] : undefined;
  }

  /** Adds (or replaces) an image and points the given `repo[:tag]` references at it. */
  add(image: Image, tags: string[] = []): void {
    const existing = this.images.get(image.id);
    if (existing) {
      image.repoTags = [...new Set([...existing.repoTags, ...image.repoTags])];
      image.repoDigests = [...new Set([...existing.repoDigests, ...image.repoDigests])];
    }
    this.images.set(image.id, image);
    if (!this.stored.has(image.id)) this.stored.set(image.id, new Date());
    for (const ref of tags) this.tag(image.id, ref);
  }

  /** When the image was first stored in this daemon. */
  storedAt(id: string): Date | undefined {
    return this.stored.get(id);
  }

  get(id: string): Image | undefined {
    return this.images.get(id);
  }

  all(): Image[] {
    return [...this.images.values()];
  }

  /** Points `repo[:tag]` at the image, moving it from any other image. */
  tag(imageId: string, ref: string): void {
    const parsed = parseRef(ref);
    if (!parsed) throw new Error(`invalid reference format: ${ref}`);
    const repoTag = tagged(parsed.repo, parsed.tag ?? DEFAULT_TAG);
    for (const other of this.images.values()) other.repoTags = other.repoTags.filter((t) => t !== repoTag);
    const image = this.images.get(imageId)!;
    image.repoTags = [...image.repoTags, repoTag];
  }

  /** Records a registry digest for the image (`repo@sha256:...`). */
  addDigest(imageId: string, repo: string, digest: string): void {
    const ref = `${normalizeRepo(repo)}@${digest}`;
    for (const other of this.images.values()) other.repoDigests = other.repoDigests.filter((d) => d !== ref);
    const image = this.images.get(imageId)!;
    image.repoDigests = [...image.repoDigests, ref];
  }

  /** Removes one `repo:tag` (or `repo@digest`) reference; false when the image did not have it. */
  untag(imageId: string, ref: string): boolean {
    const image = this.images.get(imageId);
    if (!image) return false;
    const before = image.repoTags.length + image.repoDigests.length;
    image.repoTags = image.repoTags.filter((t) => t !== ref);
    image.repoDigests = image.repoDigests.filter((d) => d !== ref);
    return image.repoTags.length + image.repoDigests.length < before;
  }

  delete(imageId: string): boolean {
    return this.images.delete(imageId);
  }

  children(imageId: string): Image[] {
    return this.all().filter((i) => i.parent === imageId);
  }
}
