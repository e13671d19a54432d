import type { Vitest } from 'vitest/node';
import type { EngineVersion } from '../catalog/types.ts';
import type { Check } from '../check/types.ts';
import { testName } from '../check/register.ts';

/** The suite files a run will run: the suites' files, or this shard's part of them (vitest's own split). */
export async function runFiles(vitest: Vitest, sharded: boolean): Promise<string[]> {
  let specs = await vitest.globTestSpecifications();
  if (sharded) specs = await new vitest.config.sequence.sequencer(vitest).shard(specs);
  return specs.map((s) => s.moduleId);
}

/**
 * How many checks each suite file will run, known before any file loads: the check list of the
 * file's section, filtered by --grep as vitest filters test names. A file this cannot place
 * (not `suites/<suite>/<section>.test.ts`) is left out; its checks are counted as it loads.
 */
export async function plannedChecks(files: string[], grep: string | undefined): Promise<Map<string, number>> {
  const pattern = grep === undefined ? undefined : new RegExp(grep);
  const planned = new Map<string, number>();
  for (const file of files) {
    const checks = await checksOf(file);
    if (checks) planned.set(file, pattern ? checks.filter((c) => pattern.test(testName(c as Check<unknown>))).length : checks.length);
  }
  return planned;
}

/** What --grep sees of a check: its test name. */
type Named = Pick<Check<unknown>, 'id' | 'title' | 'requirements'>;

async function checksOf(file: string): Promise<ReadonlyArray<Named> | undefined> {
  const match = /\/suites\/(engine-(1\.18|1\.22)|cloud)\/([^/]+)\.test\.ts$/.exec(file);
  if (!match) return undefined;
  const section = match[3]!;
  if (match[1] === 'cloud') return (await import('../../suites/cloud/all-checks.ts')).CLOUD_SECTIONS[section];
  const { ENGINE_SECTIONS } = await import('../../suites/engine/all-checks.ts');
  const { checksForVersion } = await import('../../suites/engine/support/check.ts');
  const checks = ENGINE_SECTIONS[section];
  return checks && checksForVersion(checks, match[2] as EngineVersion);
}
