/** COPY and ADD from the build context into a step's filesystem. */
import type { ContainerFs, FsNode } from '../../fs/filesystem.ts';
import { basename, join, normalize, resolveFrom } from '../../fs/paths.ts';
import { detectCompression, decompress } from '../../fs/compression.ts';
import { extractInto } from '../../fs/tar.ts';
import { BuildFileError } from './dockerfile.ts';

function isTar(data: Buffer): boolean {
  return detectCompression(data) === 'gzip' || (data.length >= 262 && data.subarray(257, 262).toString('latin1') === 'ustar');
}

/** Context paths a source names; `*` and `?` glob within the last path segment. */
function expandSource(context: ContainerFs, src: string): string[] {
  const path = normalize(src);
  const name = basename(path);
  if (!/[*?]/.test(name)) return context.stat(path, { follow: false }) ? [path] : [];
  const dir = path.slice(0, path.length - name.length) || '/';
  const pattern = new RegExp(
    `^${name
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
  );
  return context
    .list(dir)
    .filter((n) => pattern.test(n))
    .map((n) => join(dir, n));
}

function copyNode(from: ContainerFs, src: string, to: ContainerFs, dst: string): void {
  const node = from.stat(src, { follow: false })!;
  if (node.type !== 'dir') {
    to.putNode(dst, { ...node, mtime: node.mtime } as FsNode);
    return;
  }
  to.mkdirp(dst);
  for (const { path, node: child } of from.walk(src)) {
    const target = join(dst, path.slice(src === '/' ? 0 : src.length));
    if (child.type === 'dir') to.mkdirp(target);
    else to.putNode(target, child);
  }
}

/**
 * Copies `sources` (context paths) to `dest` (relative to `workdir`). A directory source copies its
 * contents; several sources or a trailing '/' make the destination a directory. ADD extracts
 * local tar archives (identity or gzip). Returns a short description of what was copied.
 */
export async function copyFromContext(context: ContainerFs, fs: ContainerFs, sources: string[], dest: string, workdir: string, add: boolean): Promise<void> {
  const paths = sources.flatMap((src) => {
    if (/^https?:\/\//.test(src)) throw new BuildFileError(`${add ? 'ADD' : 'COPY'} from a URL is not supported by the reference daemon: ${src}`);
    const found = expandSource(context, src);
    if (!found.length) throw new BuildFileError(`lstat ${src}: no such file or directory`);
    return found;
  });
  const target = resolveFrom(workdir || '/', dest);
  const intoDir = dest.endsWith('/') || dest.endsWith('/.') || paths.length > 1 || fs.stat(target)?.type === 'dir';
  if (intoDir) fs.mkdirp(target);
  for (const src of paths) {
    const node = context.stat(src, { follow: false })!;
    if (add && node.type === 'file' && isTar(node.data)) {
      fs.mkdirp(target);
      await extractInto(fs, target, decompress(node.data), { noOverwriteDirNonDir: false });
    } else if (node.type === 'dir') copyNode(context, src, fs, target);
    else copyNode(context, src, fs, intoDir ? join(target, basename(src)) : target);
  }
}
