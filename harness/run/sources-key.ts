import { digestSources } from '../../bin/bundling.mjs';
import { PROJECT_ROOT } from './project-root.ts';

/** What defines the checks of the suites: the suites, the catalog they are built from, the harness and how it is bundled. */
const SOURCES = ['bin', 'catalog', 'harness', 'suites'];

let memo: string | undefined;

/**
 * A digest of every source file that can change a check, its name or its code: the key of what a
 * run derives from the sources and keeps on disk (the check names, the suite bundles).
 */
export function sourcesKey(): string {
  memo ??= digestSources(PROJECT_ROOT, SOURCES);
  return memo;
}
