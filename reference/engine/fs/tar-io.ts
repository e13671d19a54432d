/** Reading and writing whole tar archives in memory with tar-stream. */
import tarStream from 'tar-stream';
import type { Header } from 'tar-stream';

/** A tar header as written or read (tar-stream fills every field it reads). */
export type TarHeader = Partial<Header> & Pick<Header, 'name'>;

export interface TarEntry {
  header: TarHeader;
  data: Buffer;
}

export async function readTar(tar: Buffer): Promise<TarEntry[]> {
  const extract = tarStream.extract();
  const entries: TarEntry[] = [];
  const done = (async () => {
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      entries.push({ header: entry.header, data: Buffer.concat(chunks) });
    }
  })();
  extract.end(tar);
  await done;
  return entries;
}

export async function writeTar(entries: Iterable<TarEntry>): Promise<Buffer> {
  const pack = tarStream.pack();
  const chunks: Buffer[] = [];
  const collected = (async () => {
    for await (const chunk of pack) chunks.push(chunk as Buffer);
  })();
  for (const { header, data } of entries) {
    await new Promise<void>((resolve, reject) => pack.entry(header, data, (err) => (err ? reject(err) : resolve())));
  }
  pack.finalize();
  await collected;
  return Buffer.concat(chunks);
}

/** A tar entry name for a container path: no leading slash, directories end with '/'. */
export function entryName(relative: string, isDir: boolean): string {
  const name = relative.replace(/^\/+/, '');
  return isDir && !name.endsWith('/') ? `${name}/` : name;
}
