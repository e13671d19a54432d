/**
 * Storage that lives outside every container: the host's directories a bind mounts, and the
 * content of a volume. Each container that mounts it sees and changes the same tree (a
 * ContainerFs reaches it through the runtime's `shared` mounts), so what one container writes
 * through a bind or a volume, another one mounting the same storage reads.
 * Paths are absolute within the store; nodes are immutable values, as in the layers.
 */
import { FsError } from './errors.ts';
import type { FsNode } from './filesystem.ts';
import { ancestors, basename, dirname, isWithin, normalize } from './paths.ts';

const ROOT: FsNode = { type: 'dir', mode: 0o755, mtime: new Date(0) };

export class SharedDir {
  private readonly entries = new Map<string, FsNode>();

  /** @param dirs directories the store starts with (the host's `/tmp`). */
  constructor(dirs: readonly string[] = []) {
    for (const dir of dirs) this.mkdirp(dir);
  }

  lookup(path: string): FsNode | undefined {
    const p = normalize(path);
    return p === '/' ? ROOT : this.entries.get(p);
  }

  /** Sets the node at `path`, creating missing parents; a directory replaced by a non-directory loses its subtree. */
  put(path: string, node: FsNode): void {
    const p = normalize(path);
    if (p === '/') return;
    this.mkdirp(dirname(p));
    const existing = this.entries.get(p);
    if (existing?.type === 'dir' && node.type !== 'dir') this.remove(p);
    this.entries.set(p, node);
  }

  /** Removes `path` and everything below it. */
  remove(path: string): void {
    const p = normalize(path);
    if (!this.entries.has(p)) throw new FsError('ENOENT', p);
    for (const key of [...this.entries.keys()]) if (isWithin(key, p)) this.entries.delete(key);
  }

  /** Removes everything in the store. */
  clear(): void {
    this.entries.clear();
  }

  /** Child names of a directory of the store, sorted. */
  list(dir: string): string[] {
    const d = normalize(dir);
    return [...this.entries.keys()]
      .filter((key) => dirname(key) === d)
      .map(basename)
      .sort();
  }

  /** Creates the directory and its missing parents (a file in the way is an error). */
  mkdirp(path: string): void {
    const p = normalize(path);
    for (const dir of [...ancestors(p).reverse(), p]) {
      if (dir === '/') continue;
      const node = this.entries.get(dir);
      if (node && node.type !== 'dir') throw new FsError('ENOTDIR', dir);
      if (!node) this.entries.set(dir, { type: 'dir', mode: 0o755, mtime: new Date() });
    }
  }
}

/** A shared store mounted at `target` of a container: the store's `source` directory appears there. */
export interface SharedMount {
  target: string;
  dir: SharedDir;
  source: string;
}
