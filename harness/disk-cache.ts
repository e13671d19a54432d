import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Stores one entry of a cache directory under node_modules/.cache: written whole (a file renamed
 * into place, so that a process reading it concurrently never sees half of it), and the entries
 * it replaces (`replaces(name)`: other keys of the same thing) removed. A directory that cannot be
 * written (a read-only install) is left as it is: the caller computes the entry again next time.
 */
export function storeCacheEntry(file: string, content: string, replaces: (name: string) => boolean): void {
  const dir = path.dirname(file);
  try {
    mkdirSync(dir, { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, content);
    renameSync(temp, file);
    for (const name of readdirSync(dir)) if (name !== path.basename(file) && replaces(name)) rmSync(path.join(dir, name), { force: true });
  } catch {
    // Not writable: nothing is kept.
  }
}
