import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Vitest } from 'vitest/node';
import type { Check } from '../check/types.ts';
import { storeCacheEntry } from '../disk-cache.ts';
import { suiteChecks } from '../catalog/coverage.ts';
import { engineVersionOf } from '../catalog/types.ts';
import { entryOf } from './entry-files.ts';
import { sourcesKey } from './sources-key.ts';
import { PROJECT_ROOT } from './project-root.ts';

/** Where the check names of the suite files are kept, under a key of the sources that define them. */
export const PLAN_CACHE_DIR = path.join(PROJECT_ROOT, 'node_modules/.cache/conformance-plan');

/** The suite files a run will run: the suites' files, or this shard's part of them (vitest's own split). */
export async function runFiles(vitest: Vitest, sharded: boolean): Promise<string[]> {
  let specs = await vitest.globTestSpecifications();
  if (sharded) specs = await new vitest.config.sequence.sequencer(vitest).shard(specs);
  return specs.map((s) => s.moduleId);
}

/**
 * How many checks each suite file will run, known before any file loads: the check list of the
 * file's section (or suite), filtered by --grep as vitest filters test names. A file this cannot
 * place (not a suite entry of entry-files.ts) is left out; its checks are counted as it loads.
 */
export async function plannedChecks(files: string[], grep: string | undefined, cacheDir: string = PLAN_CACHE_DIR): Promise<Map<string, number>> {
  const pattern = grep === undefined ? undefined : new RegExp(grep);
  const names = await checkNames(files, cacheDir);
  const planned = new Map<string, number>();
  for (const file of files) {
    const list = names.get(file);
    if (list) planned.set(file, pattern ? list.filter((name) => pattern.test(name)).length : list.length);
  }
  return planned;
}

/**
 * The suite files worth starting under --grep: a file none of whose checks match would still take
 * a worker, load the suite and register its checks to run none (~0.8 s of CPU per worker). Files
 * the plan cannot place stay; so do all of them when none would be left.
 */
export function filesToStart(files: string[], planned: ReadonlyMap<string, number>): string[] {
  const kept = files.filter((file) => planned.get(file) !== 0);
  return kept.length ? kept : files;
}

/**
 * The test names of each file's checks. Listing them loads every check module of the suites into
 * this process (~0.3 s of CPU, before the workers start): they are kept on disk, under a key of
 * the sources, and listed again only when a source changed.
 */
async function checkNames(files: string[], cacheDir: string): Promise<Map<string, string[] | undefined>> {
  const key = sourcesKey();
  const file = path.join(cacheDir, `${key}.json`);
  let cached: Record<string, string[] | null> = {};
  try {
    cached = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[] | null>;
  } catch {
    // Not listed yet under this key.
  }
  const names = new Map<string, string[] | undefined>();
  let listed = false;
  for (const f of files) {
    const relative = path.relative(PROJECT_ROOT, f);
    if (!(relative in cached)) {
      // register.ts loads vitest's test API (~45 ms): only when listing.
      const { testName } = await import('../check/register.ts');
      const checks = await checksOf(f);
      cached[relative] = checks ? checks.map((c) => testName(c as Check<unknown>)) : null;
      listed = true;
    }
    names.set(f, cached[relative] ?? undefined);
  }
  if (listed) storeCacheEntry(file, JSON.stringify(cached), (name) => name.endsWith('.json'));
  return names;
}

/** What --grep sees of a check: its test name. */
type Named = Pick<Check<unknown>, 'id' | 'title' | 'requirements'>;

async function checksOf(file: string): Promise<ReadonlyArray<Named> | undefined> {
  const entry = entryOf(file);
  if (!entry) return undefined;
  if (entry.section === undefined) return suiteChecks(entry.suite);
  if (entry.suite === 'cloud') return (await import('../../suites/cloud/all-checks.ts')).CLOUD_SECTIONS[entry.section];
  const { ENGINE_SECTIONS } = await import('../../suites/engine/all-checks.ts');
  const { checksForVersion } = await import('../../suites/engine/support/check.ts');
  const checks = ENGINE_SECTIONS[entry.section];
  return checks && checksForVersion(checks, engineVersionOf(entry.suite));
}
