/**
 * The in-memory registry the reference daemon pulls from and pushes to (no network): repository
 * name → tag → the image as pushed, with its manifest digest. Search answers from it too.
 */
import { createHash } from 'node:crypto';
import type { Image } from './image.ts';
import { normalizeRepo } from './reference.ts';

export interface RegistryEntry {
  image: Image;
  digest: string;
}

export interface SearchResult {
  star_count: number;
  is_official: boolean;
  name: string;
  is_automated: boolean;
  description: string;
}

export class InMemoryRegistry {
  private readonly repos = new Map<string, Map<string, RegistryEntry>>();
  private readonly descriptions = new Map<string, string>();

  /** Stores a copy of the image under repo:tag; returns the manifest digest. */
  push(repo: string, tag: string, image: Image, description = ''): string {
    const name = normalizeRepo(repo);
    const digest = 'sha256:' + createHash('sha256').update(`${name}:${tag}:${image.id}`).digest('hex');
    const tags = this.repos.get(name) ?? new Map<string, RegistryEntry>();
    tags.set(tag, { image: { ...image, repoTags: [], repoDigests: [] }, digest });
    this.repos.set(name, tags);
    if (description || !this.descriptions.has(name)) this.descriptions.set(name, description);
    return digest;
  }

  hasRepo(repo: string): boolean {
    return this.repos.has(normalizeRepo(repo));
  }

  /** One tag, or (tag undefined) every tag of the repository. */
  pull(repo: string, tag?: string): Array<{ tag: string } & RegistryEntry> {
    const tags = this.repos.get(normalizeRepo(repo));
    if (!tags) return [];
    return [...tags].filter(([t]) => tag === undefined || t === tag).map(([t, entry]) => ({ tag: t, ...entry }));
  }

  byDigest(repo: string, digest: string): ({ tag: string } & RegistryEntry) | undefined {
    return this.pull(repo).find((e) => e.digest === digest);
  }

  search(term: string): SearchResult[] {
    const needle = term.toLowerCase();
    return [...this.repos.keys()]
      .filter((name) => name.includes(needle) || (this.descriptions.get(name) ?? '').toLowerCase().includes(needle))
      .sort()
      .map((name) => ({
        star_count: 0,
        is_official: !name.includes('/'),
        name,
        is_automated: false,
        description: this.descriptions.get(name) ?? '',
      }));
  }
}
