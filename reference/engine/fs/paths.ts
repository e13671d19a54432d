/** Absolute, slash-separated paths inside a container filesystem (POSIX rules, no host access). */

/** '/a//b/./c/' → '/a/b/c'; '..' climbs but never above '/'; relative input is taken from '/'. */
export function normalize(path: string): string {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') out.pop();
    else out.push(part);
  }
  return '/' + out.join('/');
}

export function join(...parts: string[]): string {
  return normalize(parts.join('/'));
}

/** Resolves `path` against `cwd` when it is relative. */
export function resolveFrom(cwd: string, path: string): string {
  return path.startsWith('/') ? normalize(path) : join(cwd, path);
}

export function dirname(path: string): string {
  const p = normalize(path);
  const i = p.lastIndexOf('/');
  return i <= 0 ? '/' : p.slice(0, i);
}

export function basename(path: string): string {
  const p = normalize(path);
  return p === '/' ? '/' : p.slice(p.lastIndexOf('/') + 1);
}

/** The proper ancestors of a normalized path, nearest first, '/' excluded. */
export function ancestors(path: string): string[] {
  const out: string[] = [];
  for (let p = dirname(path); p !== '/'; p = dirname(p)) out.push(p);
  return out;
}

/** True when `path` is `dir` or lies below it. */
export function isWithin(path: string, dir: string): boolean {
  return dir === '/' || path === dir || path.startsWith(dir + '/');
}

/** Path components of a normalized path ('/' → []). */
export function components(path: string): string[] {
  return normalize(path).split('/').filter(Boolean);
}
