/**
 * The path stat of the archive endpoints (X-Docker-Container-Path-Stat): Go's os.FileMode bits,
 * like the real daemon: directory 1<<31, symlink 1<<27, plus the permission bits.
 */
import type { ContainerFs, FsNode } from './filesystem.ts';
import { FsError } from './errors.ts';
import { basename, normalize } from './paths.ts';

export const GO_MODE_DIR = 2 ** 31;
export const GO_MODE_SYMLINK = 2 ** 27;

export interface PathStat {
  name: string;
  size: number;
  mode: number;
  mtime: string;
  linkTarget: string;
}

export function goFileMode(node: FsNode): number {
  const perm = node.mode & 0o7777;
  if (node.type === 'dir') return GO_MODE_DIR + perm;
  if (node.type === 'symlink') return GO_MODE_SYMLINK + perm;
  return perm;
}

/**
 * Stat of a path as the real daemon reports it: the last component is not followed (a symlink
 * reports its own mode) and `linkTarget` is the fully resolved absolute target.
 * Throws FsError ENOENT when the path does not exist.
 */
/** @param rawLinkTarget `blind8-path-stat-link-target-raw`: linkTarget is the link's text as written (os.Readlink). */
export function pathStat(fs: ContainerFs, path: string, rawLinkTarget = false): PathStat {
  const requested = normalize(path);
  const { path: real, node } = fs.resolve(requested, false);
  if (!node) throw new FsError('ENOENT', path, `Could not find the file ${path} in container`);
  const linkTarget = node.type === 'symlink' ? (rawLinkTarget ? node.target : fs.resolve(real, true).path) : '';
  return {
    name: basename(requested),
    size: node.type === 'file' ? node.data.length : node.type === 'symlink' ? node.target.length : 4096,
    mode: goFileMode(node),
    mtime: node.mtime.toISOString(),
    linkTarget,
  };
}

/** The header value: base64 of the stat JSON. */
export function encodePathStat(stat: PathStat): string {
  return Buffer.from(JSON.stringify(stat)).toString('base64');
}
