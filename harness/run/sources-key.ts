import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from './project-root.ts';

/** What defines the checks of the suites: the suites, the catalog they are built from, the harness. */
const SOURCES = ['suites', 'catalog', 'harness'];

let memo: string | undefined;

/**
 * A digest of every source file that can change a check, its name or its code: the key of what a
 * run derives from the sources and keeps on disk (the check names, the suite bundles).
 */
export function sourcesKey(): string {
  memo ??= digest();
  return memo;
}

function digest(): string {
  const hash = createHash('sha256');
  for (const dir of SOURCES) {
    const entries = (readdirSync(path.join(PROJECT_ROOT, dir), { recursive: true }) as string[]).filter((e) => /\.(ts|json)$/.test(e)).sort();
    for (const entry of entries)
      hash
        .update(`${dir}/${entry}\0`)
        .update(readFileSync(path.join(PROJECT_ROOT, dir, entry)))
        .update('\0');
  }
  return hash.digest('hex').slice(0, 24);
}
