/**
 * Tar in and out of the layered filesystem: layer diffs (with aufs-style `.wh.<name>` whiteouts
 * and `.wh..wh..opq` opaque markers), whole-rootfs export, the archive endpoints' path copy and
 * extraction.
 */
import { createHash } from 'node:crypto';
import { ContainerFs, emptyLayer } from './filesystem.ts';
import type { FsNode, Layer } from './filesystem.ts';
import { FsError } from './errors.ts';
import { basename, dirname, join, isWithin, normalize } from './paths.ts';
import { entryName, readTar, writeTar } from './tar-io.ts';
import type { TarEntry, TarHeader } from './tar-io.ts';

const WHITEOUT_PREFIX = '.wh.';
const OPAQUE_MARKER = '.wh..wh..opq';
/** Locations that cannot be copied out of a container (spec, endpoint 23). */
const FORBIDDEN = ['/proc', '/sys', '/dev'];

function nodeHeader(name: string, node: FsNode): TarHeader {
  const base = { name: entryName(name, node.type === 'dir'), mode: node.mode & 0o7777, mtime: node.mtime, uid: 0, gid: 0 };
  if (node.type === 'dir') return { ...base, type: 'directory' };
  if (node.type === 'symlink') return { ...base, type: 'symlink', linkname: node.target };
  return { ...base, type: 'file', size: node.data.length };
}

function nodeEntry(name: string, node: FsNode): TarEntry {
  return { header: nodeHeader(name, node), data: node.type === 'file' ? node.data : Buffer.alloc(0) };
}

function whiteoutEntry(path: string, marker: string): TarEntry {
  const name = join(path === '/' ? '/' : path, marker);
  return { header: { name: entryName(name, false), type: 'file', size: 0, mode: 0o644, mtime: new Date(0) }, data: Buffer.alloc(0) };
}

/**
 * What a faulty layer export leaves out of the changes, told apart by the layers below:
 * `modified` files whose content differs from the parent's (`save-layer-modified-files-dropped`),
 * `attributes` files whose content is the parent's and only the mode changed (`save-layer-attribute-changes-dropped`).
 */
export interface LayerDrops {
  below: readonly Layer[];
  modified?: boolean;
  attributes?: boolean;
}

/** Whether a faulty export drops the node at `path`, a change of a file the layers below hold. */
function dropped(path: string, node: FsNode, drops: LayerDrops | undefined): boolean {
  if (!drops || node.type !== 'file') return false;
  const parent = new ContainerFs([...drops.below]).lookup(path);
  if (parent?.type !== 'file') return false;
  return parent.data.equals(node.data) ? Boolean(drops.attributes) && parent.mode !== node.mode : Boolean(drops.modified);
}

/** The tar of one layer's changes: nodes, whiteouts and opaque markers, parents first (`whiteouts: false` leaves the deletions out). */
export async function layerToTar(layer: Layer, opts: { whiteouts?: boolean; drops?: LayerDrops } = {}): Promise<Buffer> {
  const entries: TarEntry[] = [];
  for (const path of [...layer.entries.keys()].sort()) {
    const entry = layer.entries.get(path)!;
    if (entry !== 'whiteout' && dropped(path, entry, opts.drops)) continue;
    if (entry === 'whiteout') {
      if (opts.whiteouts !== false) entries.push(whiteoutEntry(dirname(path), WHITEOUT_PREFIX + basename(path)));
    } else {
      entries.push(nodeEntry(path, entry));
      if (layer.opaque?.has(path)) entries.push(whiteoutEntry(path, OPAQUE_MARKER));
    }
  }
  return writeTar(entries);
}

export function digestOf(data: Buffer): string {
  return 'sha256:' + createHash('sha256').update(data).digest('hex');
}

/** Converts a tar header + data into a node (hard links are resolved by the caller). */
function headerNode(header: TarHeader, data: Buffer): FsNode | undefined {
  const mtime = header.mtime ?? new Date(0);
  const mode = header.mode ?? 0o644;
  switch (header.type) {
    case 'directory':
      return { type: 'dir', mode, mtime };
    case 'symlink':
      return { type: 'symlink', target: header.linkname ?? '', mode: 0o777, mtime };
    case 'file':
    case 'contiguous-file':
    case undefined:
    case null:
      return { type: 'file', data, mode, mtime };
    default:
      return undefined; // devices and fifos have no meaning in memory
  }
}

/**
 * A layer from a (diff) tar: `.wh.<name>` becomes a whiteout of `<name>`, `.wh..wh..opq` makes
 * its directory opaque, hard links copy their target, missing parent directories are implied.
 * The layer id is the digest of the tar bytes (the diff id).
 */
export async function layerFromTar(tar: Buffer): Promise<Layer> {
  const layer = emptyLayer(digestOf(tar));
  for (const { header, data } of await readTar(tar)) {
    const path = normalize(header.name);
    if (path === '/') continue;
    const name = basename(path);
    if (name === OPAQUE_MARKER) layer.opaque!.add(dirname(path));
    else if (name.startsWith(WHITEOUT_PREFIX)) layer.entries.set(join(dirname(path), name.slice(WHITEOUT_PREFIX.length)), 'whiteout');
    else if (header.type === 'link') {
      const target = layer.entries.get(normalize(header.linkname ?? ''));
      if (target && target !== 'whiteout') layer.entries.set(path, target);
    } else {
      const node = headerNode(header, data);
      if (node) layer.entries.set(path, node);
    }
  }
  for (const path of [...layer.entries.keys()]) {
    for (let dir = dirname(path); dir !== '/' && !layer.entries.has(dir); dir = dirname(dir)) {
      layer.entries.set(dir, { type: 'dir', mode: 0o755, mtime: new Date(0) });
    }
  }
  return layer;
}

/** The whole visible root filesystem as one tar (container export). */
export async function exportTar(fs: ContainerFs, skip?: (path: string) => boolean, extra: ReadonlyArray<{ path: string; node: FsNode }> = []): Promise<Buffer> {
  return writeTar([...fs.walk('/'), ...extra].filter(({ path }) => !skip?.(path)).map(({ path, node }) => nodeEntry(path, node)));
}

function isForbidden(path: string): boolean {
  return FORBIDDEN.some((dir) => isWithin(path, dir));
}

/**
 * The tar of one path for GET archive / copy. Rules (spec, endpoint 23): relative paths are
 * relative to '/'; the path must exist; a trailing '/' asserts a directory; a trailing '/.'
 * copies only the directory's contents; symlinks are resolved to their target (entries keep
 * the requested name); /proc, /sys and /dev cannot be copied.
 * Throws FsError: EINVAL (empty path), ENOENT, ENOTDIR (asserted directory), EPERM (forbidden).
 * @param relativeLinkFromRoot `blind23-archive-relative-link-from-root`: a relative target of the final symlink is taken from the root.
 * @param copyForbidden `archive-special-paths-copied`: /proc, /sys and /dev are copied like any other path.
 */
export async function archivePath(fs: ContainerFs, path: string, followLinks = true, relativeLinkFromRoot = false, copyForbidden = false): Promise<Buffer> {
  if (path === '') throw new FsError('EINVAL', path, 'path cannot be empty');
  const contentsOnly = /\/\.$/.test(path) || path === '.';
  const assertsDir = path.endsWith('/') || contentsOnly;
  const requested = normalize(path);
  const { path: real, node } = relativeLinkFromRoot ? resolveFromRoot(fs, requested) : fs.resolve(requested, followLinks);
  if (!node) throw new FsError('ENOENT', path, `Could not find the file ${path} in container`);
  if (assertsDir && node.type !== 'dir') throw new FsError('ENOTDIR', path, `${path}: not a directory`);
  if (!copyForbidden && (isForbidden(requested) || isForbidden(real))) throw new FsError('EPERM', path, `${path}: copying from ${requested} is not allowed`);
  const rootName = contentsOnly || requested === '/' ? '' : basename(requested);
  const entries: TarEntry[] = [];
  if (rootName) entries.push(nodeEntry(rootName, node));
  else if (contentsOnly) entries.push({ header: { ...nodeHeader('.', node), name: './' }, data: Buffer.alloc(0) });
  if (node.type === 'dir') {
    for (const child of fs.walk(real)) {
      if (!copyForbidden && isForbidden(child.path)) continue;
      const relative = child.path.slice(real === '/' ? 1 : real.length + 1);
      entries.push(nodeEntry(rootName ? `${rootName}/${relative}` : relative, child.node));
    }
  }
  return writeTar(entries);
}

/**
 * `blind23-archive-relative-link-from-root`: the path's final symlink is read and its target taken as
 * a path in the container, so that a relative target is resolved from the root, not from the link's directory.
 */
function resolveFromRoot(fs: ContainerFs, requested: string): { path: string; node: FsNode | undefined } {
  const link = fs.resolve(requested, false);
  if (link.node?.type !== 'symlink' || link.node.target.startsWith('/')) return fs.resolve(requested, true);
  return fs.resolve(join('/', link.node.target), true);
}

/**
 * Extracts a tar into an existing directory (PUT archive). With `noOverwriteDirNonDir` it is an
 * error (EISDIR / ENOTDIR) to replace a directory with a non-directory or the reverse; with
 * `dirsOnly` (a named fault) only the replacement of a directory is refused; with `skipConflicts` (a
 * named fault) a replacement of either kind is silently left out when not refused; with `refuseAfter`
 * (a named fault) a refused replacement is made before the error.
 * Throws FsError: ENOENT (no such directory), ENOTDIR (target is not a directory).
 */
export async function extractInto(
  fs: ContainerFs,
  dir: string,
  tar: Buffer,
  opts: { noOverwriteDirNonDir: boolean; dirsOnly?: boolean; skipConflicts?: boolean; refuseAfter?: boolean },
): Promise<void> {
  const target = fs.resolve(dir, true);
  if (!target.node) throw new FsError('ENOENT', dir);
  if (target.node.type !== 'dir') throw new FsError('ENOTDIR', dir, `${dir}: extraction point is not a directory`);
  for (const { header, data } of await readTar(tar)) {
    const path = join(target.path, header.name);
    if (path === target.path) continue;
    const node = header.type === 'link' ? fs.stat(join(target.path, header.linkname ?? '')) : headerNode(header, data);
    if (!node) continue;
    const existing = fs.stat(path, { follow: false });
    if (existing && opts.noOverwriteDirNonDir && (existing.type === 'dir') !== (node.type === 'dir') && (!opts.dirsOnly || existing.type === 'dir')) {
      if (opts.refuseAfter) fs.putNode(path, node);
      throw new FsError(
        existing.type === 'dir' ? 'EISDIR' : 'ENOTDIR',
        path,
        `cannot overwrite ${existing.type === 'dir' ? 'directory' : 'non-directory'} ${path} with ${node.type === 'dir' ? 'directory' : 'non-directory'}`,
      );
    }
    if (existing && opts.skipConflicts && (existing.type === 'dir') !== (node.type === 'dir')) continue;
    fs.putNode(path, node);
  }
}
