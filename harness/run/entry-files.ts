import { SUITES, type SuiteName } from '../catalog/types.ts';
import { escapeRegExp } from '../escape-regexp.ts';

/**
 * The test files a run starts. Each spec section has an entry file (suites/<suite>/<section>.test.ts,
 * its checks), and each suite one entry for all its sections (suites/whole-suite/<suite>.test.ts,
 * the same checks in one file):
 * - `sections` against a daemon, and in a sharded run (vitest splits a run's files between shards);
 * - `whole-suites` against the embedded targets. A worker runs its files one after another and a
 *   file ends with its slowest check, so with one file per section each section's last seconds ran
 *   a few checks while the reference answered at once: the cores sat idle about a third of the run.
 *   One file per suite keeps its checks overlapping to the end. On 2 cores, alternated runs in one
 *   hour: the cloud suite 6.6-7.5 s with 14 section files and 2 workers, 4.1-5.0 s as one file in
 *   one worker (concurrency 32-64); both engine suites 8.8-9.9 s, 7.0-7.8 s as one file each.
 */
export type EntryArrangement = 'sections' | 'whole-suites';

export function entryArrangement(embedded: boolean, sharded: boolean): EntryArrangement {
  return embedded && !sharded ? 'whole-suites' : 'sections';
}

/** The include patterns of a run's suite files (relative to the project root). */
export function entryPatterns(suites: readonly SuiteName[], arrangement: EntryArrangement): string[] {
  return suites.map((s) => (arrangement === 'whole-suites' ? `${WHOLE_SUITE_DIR}/${s}.test.ts` : `suites/${s}/**/*.test.ts`));
}

export const WHOLE_SUITE_DIR = 'suites/whole-suite';

/**
 * The suite and section a suite file runs: `suites/engine-1.22/containers.test.ts` → engine-1.22,
 * containers; `suites/whole-suite/cloud.test.ts` → cloud, every section (undefined). Undefined for a
 * file that is neither.
 */
export function entryOf(file: string): { suite: SuiteName; section: string | undefined } | undefined {
  const whole = WHOLE_SUITE_FILE.exec(file);
  if (whole) return { suite: whole[1] as SuiteName, section: undefined };
  const section = SECTION_FILE.exec(file);
  return section ? { suite: section[1] as SuiteName, section: section[2]! } : undefined;
}

const SUITE_NAME = `(${SUITES.map(escapeRegExp).join('|')})`;
const WHOLE_SUITE_FILE = new RegExp(`(?:^|/)${escapeRegExp(WHOLE_SUITE_DIR)}/${SUITE_NAME}\\.test\\.ts$`);
const SECTION_FILE = new RegExp(`(?:^|/)suites/${SUITE_NAME}/([^/]+)\\.test\\.ts$`);
