import { mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * How many entries of the same thing a directory keeps, the newest: checkouts of other sources
 * that share one node_modules (git worktrees) each use their own key, and a run of one must not
 * remove the entry a concurrent run of another is loading.
 */
const KEPT_ENTRIES = 4;

/**
 * Stores one entry of a cache directory under node_modules/.cache: written whole (a file renamed
 * into place, so that a process reading it concurrently never sees half of it), and the oldest of
 * the entries it replaces (`replaces(name)`: other keys of the same thing) removed beyond
 * KEPT_ENTRIES. A directory that cannot be written (a read-only install) is left as it is: the
 * caller computes the entry again next time.
 */
export function storeCacheEntry(file: string, content: string, replaces: (name: string) => boolean): void {
  const dir = path.dirname(file);
  try {
    mkdirSync(dir, { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, content);
    renameSync(temp, file);
    const others = readdirSync(dir)
      .filter((name) => name !== path.basename(file) && !name.endsWith('.tmp') && replaces(name))
      .map((name) => ({ name, mtime: statSync(path.join(dir, name)).mtimeMs }))
      .sort((a, b) => b.mtime - a.mtime);
    for (const { name } of others.slice(KEPT_ENTRIES - 1)) rmSync(path.join(dir, name), { recursive: true, force: true });
  } catch {
    // Not writable: nothing is kept.
  }
}
