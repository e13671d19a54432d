/**
 * The in-memory layered filesystem of images and containers. Image layers are read-only and
 * stacked (newest last); a container writes to its own upper layer. Deletions of lower content
 * are whiteouts in the upper layer; a directory recreated over a deleted one is opaque (hides
 * everything below it in lower layers), like overlayfs/aufs.
 * Nodes are immutable values: every write replaces the node, so layers can share nodes safely.
 */
import { FsError } from './errors.ts';
import { ancestors, basename, components, dirname, join, isWithin, normalize } from './paths.ts';
import type { SharedDir, SharedMount } from './shared-dir.ts';

export type FsNode =
  | { type: 'file'; data: Buffer; mode: number; mtime: Date }
  | { type: 'dir'; mode: number; mtime: Date }
  | { type: 'symlink'; target: string; mode: number; mtime: Date };

export interface Layer {
  id: string;
  /** Absolute normalized paths → node, or 'whiteout' for a deletion of lower content. */
  entries: Map<string, FsNode | 'whiteout'>;
  /** Directories of this layer that hide all lower content below them. */
  opaque?: Set<string>;
}

const MAX_SYMLINK_HOPS = 40;
const ROOT_NODE: FsNode = { type: 'dir', mode: 0o755, mtime: new Date(0) };

export function emptyLayer(id = ''): Layer {
  return { id, entries: new Map(), opaque: new Set() };
}

/** Bytes of file content a layer adds (the daemon's SizeRw for an upper layer). */
export function layerSize(layer: Layer): number {
  let size = 0;
  for (const e of layer.entries.values()) if (e !== 'whiteout' && e.type === 'file') size += e.data.length;
  return size;
}

/** Looks a path up in a stack of layers (topmost first) without following any symlink. */
function lookupIn(layersTopDown: readonly Layer[], path: string): FsNode | undefined {
  if (path === '/') return ROOT_NODE;
  const above = ancestors(path);
  for (const layer of layersTopDown) {
    const entry = layer.entries.get(path);
    if (entry === 'whiteout') return undefined;
    if (entry) return entry;
    for (const dir of above) {
      const a = layer.entries.get(dir);
      if (a === 'whiteout' || (a && a.type !== 'dir') || layer.opaque?.has(dir)) return undefined;
    }
  }
  return undefined;
}

/**
 * What the runtime mounts over a running container's filesystem (/proc, /sys, /dev, /etc/hosts,
 * volumes...): files its programs see but that are not part of the container's own layer
 * (changes, export and commit never see them), and which paths its programs may write.
 */
export interface RuntimeMounts {
  layer: Layer;
  /** False for a path on a read-only mount (or a read-only root filesystem): writes fail EROFS. */
  writable(path: string): boolean;
  /** Binds and volumes: storage outside the container, which every container mounting it shares. */
  shared?: readonly SharedMount[];
}

export class ContainerFs {
  readonly upper: Layer;
  private readonly lowersTopDown: Layer[];

  constructor(
    readonly imageLayers: Layer[],
    upper?: Layer,
    private readonly runtime?: RuntimeMounts,
  ) {
    this.upper = upper ?? emptyLayer();
    this.lowersTopDown = [...imageLayers].reverse();
  }

  /** The same filesystem as the container's programs see it, with the runtime's mounts over it. */
  withRuntime(runtime: RuntimeMounts): ContainerFs {
    return new ContainerFs(this.imageLayers, this.upper, runtime);
  }

  private get layersTopDown(): Layer[] {
    return this.runtime ? [this.runtime.layer, this.upper, ...this.lowersTopDown] : [this.upper, ...this.lowersTopDown];
  }

  private checkWritable(real: string, path: string): void {
    if (this.runtime && !this.runtime.writable(real)) throw new FsError('EROFS', path);
  }

  /** The shared store under a path and the path within it (the innermost mount), if one is mounted there. */
  private sharedAt(path: string): { dir: SharedDir; path: string } | undefined {
    const mount = (this.runtime?.shared ?? []).filter((m) => isWithin(path, m.target)).sort((a, b) => b.target.length - a.target.length)[0];
    return mount && { dir: mount.dir, path: join(mount.source, path.slice(mount.target.length)) };
  }

  /** The node at a path whose directories are already resolved (no symlink following). */
  lookup(path: string): FsNode | undefined {
    const p = normalize(path);
    const shared = this.sharedAt(p);
    return shared ? shared.dir.lookup(shared.path) : lookupIn(this.layersTopDown, p);
  }

  /** The node as the image layers alone show it (before this container's changes). */
  lookupLower(path: string): FsNode | undefined {
    return lookupIn(this.lowersTopDown, normalize(path));
  }

  /**
   * Resolves symlinks in every directory component (and the last one when `follow`), like the
   * kernel does. Returns the real path and its node (undefined when it does not exist).
   * Throws ELOOP after 40 hops and ENOTDIR when a directory component is not a directory.
   */
  resolve(path: string, follow = true): { path: string; node: FsNode | undefined } {
    let pending = components(path);
    let current = '/';
    let hops = 0;
    while (pending.length > 0) {
      const name = pending.shift()!;
      if (name === '.' || name === '') continue;
      if (name === '..') {
        current = dirname(current);
        continue;
      }
      const candidate = join(current, name);
      const node = this.lookup(candidate);
      const last = pending.length === 0;
      if (node?.type === 'symlink' && (!last || follow)) {
        if (++hops > MAX_SYMLINK_HOPS) throw new FsError('ELOOP', path);
        pending = [...node.target.split('/'), ...pending];
        if (node.target.startsWith('/')) current = '/';
        continue;
      }
      if (!last && !node) return { path: join(candidate, ...pending), node: undefined };
      if (!last && node!.type !== 'dir') throw new FsError('ENOTDIR', candidate);
      current = candidate;
    }
    return { path: current, node: this.lookup(current) };
  }

  stat(path: string, opts: { follow?: boolean } = {}): FsNode | undefined {
    try {
      return this.resolve(path, opts.follow ?? true).node;
    } catch {
      return undefined;
    }
  }

  readFile(path: string): Buffer | undefined {
    const node = this.stat(path);
    return node?.type === 'file' ? node.data : undefined;
  }

  /** Writes a regular file (through a final symlink); creates missing parent directories. */
  writeFile(path: string, data: Buffer, mode = 0o644): void {
    const { path: real, node } = this.resolve(path, true);
    if (node?.type === 'dir') throw new FsError('EISDIR', path);
    this.putNode(real, { type: 'file', data, mode, mtime: new Date() });
  }

  symlink(path: string, target: string): void {
    this.putNode(path, { type: 'symlink', target, mode: 0o777, mtime: new Date() });
  }

  /** Creates the directory and its missing parents; existing directories are left untouched. */
  mkdirp(path: string, mode = 0o755): void {
    let current = '/';
    for (const name of components(path)) {
      const { path: real, node } = this.resolve(join(current, name), true);
      if (!node) this.putNode(real, { type: 'dir', mode, mtime: new Date() });
      else if (node.type !== 'dir') throw new FsError('ENOTDIR', real);
      current = real;
    }
  }

  /**
   * Sets the node at `path` in the upper layer (the last component is not followed). Replacing a
   * directory with a non-directory deletes its subtree; a directory over deleted lower content is
   * made opaque so nothing old shows through.
   */
  putNode(path: string, node: FsNode): void {
    const parent = this.resolve(dirname(normalize(path)), true);
    if (parent.node && parent.node.type !== 'dir') throw new FsError('ENOTDIR', parent.path);
    if (!parent.node) this.mkdirp(parent.path);
    const real = join(parent.path, basename(path));
    if (real === '/') throw new FsError('EPERM', path);
    this.checkWritable(real, path);
    const shared = this.sharedAt(real);
    if (shared) {
      shared.dir.put(shared.path, node);
      return;
    }
    const existing = this.lookup(real);
    if (existing?.type === 'dir' && node.type === 'dir') {
      this.upper.entries.set(real, node);
      return;
    }
    if (existing) this.remove(real);
    const wasWhiteout = this.upper.entries.get(real) === 'whiteout';
    this.upper.entries.set(real, node);
    if (node.type === 'dir' && (wasWhiteout || this.lookupLower(real))) this.upper.opaque!.add(real);
  }

  /** Removes a path and everything below it (like `rm -rf` on one existing path). */
  remove(path: string): void {
    const { path: real, node } = this.resolve(path, false);
    if (!node) throw new FsError('ENOENT', path);
    if (real === '/') throw new FsError('EPERM', path);
    this.checkWritable(real, path);
    const shared = this.sharedAt(real);
    if (shared) {
      this.removeShared(real, shared);
      return;
    }
    for (const key of [...this.upper.entries.keys()]) if (isWithin(key, real)) this.upper.entries.delete(key);
    for (const dir of [...this.upper.opaque!]) if (isWithin(dir, real)) this.upper.opaque!.delete(dir);
    if (this.lookupLower(real)) this.upper.entries.set(real, 'whiteout');
  }

  /** A mount point itself cannot be removed (the kernel answers EBUSY; EPERM here); below it, the store changes. */
  private removeShared(real: string, shared: { dir: SharedDir; path: string }): void {
    if (this.runtime?.shared?.some((m) => m.target === real)) throw new FsError('EPERM', real);
    shared.dir.remove(shared.path);
  }

  /** Child names of a directory, sorted. Throws ENOENT/ENOTDIR. */
  list(dir: string): string[] {
    const { path: real, node } = this.resolve(dir, true);
    if (!node) throw new FsError('ENOENT', dir);
    if (node.type !== 'dir') throw new FsError('ENOTDIR', dir);
    const shared = this.sharedAt(real);
    if (shared) return shared.dir.list(shared.path);
    const names = new Set<string>();
    for (const layer of this.layersTopDown) {
      for (const key of layer.entries.keys()) {
        if (key !== '/' && dirname(key) === real) names.add(basename(key));
      }
    }
    return [...names].filter((name) => this.lookup(join(real, name)) !== undefined).sort();
  }

  /**
   * The container's changes against its image, like GET /containers/{id}/changes: Kind 0 modify,
   * 1 add, 2 delete. Directories above a change that exist in the image are reported modified,
   * as the real daemon does. Sorted by path.
   * @param ancestorsTakeKind `blind23-changes-ancestors-take-child-kind`: those directories take the kind of the change below them.
   */
  changes(withAncestors = true, ancestorsTakeKind = false): Array<{ Path: string; Kind: 0 | 1 | 2 }> {
    const kinds = new Map<string, 0 | 1 | 2>();
    for (const [path, entry] of this.upper.entries) {
      const inImage = this.lookupLower(path) !== undefined;
      if (entry === 'whiteout') {
        if (inImage) kinds.set(path, 2);
      } else kinds.set(path, inImage ? 0 : 1);
    }
    for (const path of withAncestors ? [...kinds.keys()] : []) {
      // Under `blind23-changes-ancestors-take-child-kind` (ancestorsTakeKind) a directory above a change is given that change's kind.
      for (const dir of ancestors(path)) if (!kinds.has(dir) && this.lookupLower(dir)) kinds.set(dir, ancestorsTakeKind ? kinds.get(path)! : 0);
    }
    return [...kinds.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([Path, Kind]) => ({ Path, Kind }));
  }

  /** A copy of the upper layer, for commit (nodes are immutable, so a map copy suffices). */
  snapshotUpper(id = ''): Layer {
    return { id, entries: new Map(this.upper.entries), opaque: new Set(this.upper.opaque) };
  }

  /**
   * The upper layer read entry by entry in path order, as a daemon's tar walk reads a container's
   * changes: `between` runs after each entry and after each MiB of a file's content, so that a
   * program left running writes between the reads (a commit's pause is what keeps them out).
   */
  async readUpper(between: () => Promise<void>, id = ''): Promise<Layer> {
    const entries = new Map<string, FsNode | 'whiteout'>();
    for (const path of [...this.upper.entries.keys()].sort()) {
      const entry = this.upper.entries.get(path);
      if (entry === undefined) continue;
      entries.set(path, entry);
      const mib = entry !== 'whiteout' && entry.type === 'file' ? Math.floor(entry.data.length / 2 ** 20) : 0;
      for (let i = 0; i <= mib; i++) await between();
    }
    return { id, entries, opaque: new Set(this.upper.opaque) };
  }

  /** Every visible path below `dir` (depth first, parents before children), `dir` excluded. */
  walk(dir = '/'): Array<{ path: string; node: FsNode }> {
    const out: Array<{ path: string; node: FsNode }> = [];
    const visit = (d: string): void => {
      for (const name of this.list(d)) {
        const path = join(d, name);
        const node = this.lookup(path)!;
        out.push({ path, node });
        if (node.type === 'dir') visit(path);
      }
    };
    visit(normalize(dir));
    return out;
  }
}
