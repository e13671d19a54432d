/** Building and reading tar streams in checks (archive PUT bodies, export/copy/archive answers). */
import tar from 'tar-stream';

export interface TarFile {
  name: string;
  type?: 'file' | 'directory' | 'symlink';
  content?: string | Buffer;
  linkname?: string;
  mode?: number;
}

export interface TarRead {
  name: string;
  type: string;
  content: Buffer;
  linkname?: string;
  /** The permission bits of the header. */
  mode?: number;
}

/** A tar archive holding the entries, in order. */
export async function packTar(entries: readonly TarFile[]): Promise<Buffer> {
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  pack.on('data', (c: unknown) => {
    chunks.push(c as Buffer);
  });
  const ended = new Promise<void>((resolve, reject) => {
    pack.on('end', resolve);
    pack.on('error', reject);
  });
  for (const e of entries) {
    const type = e.type ?? 'file';
    const header = {
      name: e.name,
      type,
      mode: e.mode ?? (type === 'directory' ? 0o755 : type === 'symlink' ? 0o777 : 0o644),
      mtime: new Date(),
      ...(e.linkname ? { linkname: e.linkname } : {}),
    };
    if (type === 'file') pack.entry(header, e.content ?? '');
    else pack.entry(header);
  }
  pack.finalize();
  await ended;
  return Buffer.concat(chunks);
}

/** The entries of a tar archive; rejects when the bytes are not a tar stream. */
export function readTar(data: Buffer): Promise<TarRead[]> {
  return new Promise((resolve, reject) => {
    const extract = tar.extract();
    const entries: TarRead[] = [];
    extract.on('entry', (header, stream, next) => {
      const parts: Buffer[] = [];
      stream.on('data', (c: unknown) => {
        parts.push(c as Buffer);
      });
      stream.on('end', () => {
        entries.push({
          name: header.name,
          type: header.type ?? 'file',
          content: Buffer.concat(parts),
          ...(header.linkname ? { linkname: header.linkname } : {}),
          ...(header.mode !== undefined ? { mode: header.mode & 0o7777 } : {}),
        });
        next();
      });
      // An archive that ends inside an entry fails the entry's stream too.
      stream.on('error', reject);
      stream.resume();
    });
    extract.on('finish', () => resolve(entries));
    extract.on('error', reject);
    extract.end(data);
  });
}

/** An entry name without a leading `./` or `/` and without a trailing `/`. */
export function plainName(name: string): string {
  return name.replace(/^(\.\/|\/)+/, '').replace(/\/$/, '');
}

/**
 * The entries of a directory's tar, each named relative to the directory ('' for the directory's
 * own entry): a tar may name them under the directory's name (`base/x`, as the archive endpoints
 * do) or relative to it (`x`, as Docker's copy does). Only a tar that names every entry under
 * `base` is read the first way.
 */
export function underDirectory(entries: readonly TarRead[], base: string): { entries: TarRead[]; prefixed: boolean } {
  const names = entries.map((e) => plainName(e.name));
  const prefixed = names.length > 0 && names.every((n) => n === base || n.startsWith(`${base}/`));
  const relative = (n: string) => (!prefixed ? n : n === base ? '' : n.slice(base.length + 1));
  return { entries: entries.map((e, i) => ({ ...e, name: relative(names[i]!) })), prefixed };
}
