/**
 * Image references: `name`, `name:tag`, `name@sha256:<hex>`, with an optional registry host
 * (`127.0.0.1:5000/repo`). `docker.io/library/x`, `docker.io/x` and `library/x` are the same as `x`.
 */
export interface ImageRef {
  repo: string;
  tag?: string;
  digest?: string;
}

export const DEFAULT_TAG = 'latest';

const COMPONENT = '[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*';
const HOST = '(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9-]+)*(?::\\d+)?/)';
const REPO_PATTERN = new RegExp(`^${HOST}?${COMPONENT}(?:/${COMPONENT})*$`);
const TAG_PATTERN = /^[\w][\w.-]{0,127}$/;
const DIGEST_PATTERN = /^sha256:[0-9a-f]{64}$/;

export function isValidRepo(repo: string): boolean {
  return repo.length <= 255 && REPO_PATTERN.test(repo) && !/^[0-9a-f]{64}$/.test(repo);
}

export function isValidTag(tag: string): boolean {
  return TAG_PATTERN.test(tag);
}

/** Drops the default registry and `library/` so that equal names compare equal. */
export function normalizeRepo(repo: string): string {
  return repo.replace(/^(?:docker\.io|index\.docker\.io|registry-1\.docker\.io)\//, '').replace(/^library\//, '');
}

/** Parses a reference; undefined when it is not a valid one. */
export function parseRef(ref: string): ImageRef | undefined {
  let rest = ref;
  let digest: string | undefined;
  const at = rest.indexOf('@');
  if (at >= 0) {
    digest = rest.slice(at + 1);
    rest = rest.slice(0, at);
    if (!DIGEST_PATTERN.test(digest)) return undefined;
  }
  let tag: string | undefined;
  const colon = rest.lastIndexOf(':');
  if (colon > rest.lastIndexOf('/')) {
    tag = rest.slice(colon + 1);
    rest = rest.slice(0, colon);
    if (!isValidTag(tag)) return undefined;
  }
  if (!isValidRepo(rest)) return undefined;
  return { repo: normalizeRepo(rest), tag, digest };
}

/** `repo:tag` with the default tag filled in. */
export function tagged(repo: string, tag?: string): string {
  return `${normalizeRepo(repo)}:${tag || DEFAULT_TAG}`;
}

/** The registry host of a repository name (`127.0.0.1:5000/x` → `127.0.0.1:5000`), or undefined. */
export function registryHost(repo: string): string | undefined {
  const first = repo.split('/')[0]!;
  return repo.includes('/') && /[.:]|^localhost$/.test(first) ? first : undefined;
}
