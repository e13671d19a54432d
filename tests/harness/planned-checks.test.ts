import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { filesToStart, plannedChecks } from '../../harness/run/planned-checks.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const suiteFiles = (suite: string): string[] =>
  readdirSync(path.join(ROOT, 'suites', suite))
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => path.join(ROOT, 'suites', suite, f));
const FILES = [...suiteFiles('cloud'), ...suiteFiles('engine-1.18'), ...suiteFiles('engine-1.22')];

describe('the planned checks of a run', () => {
  test('are the same listed from the check modules and read back from the cache, with and without --grep', async () => {
    const cache = mkdtempSync(path.join(tmpdir(), 'plan-cache-'));
    const listed = await plannedChecks(FILES, undefined, cache);
    expect(readdirSync(cache)).toHaveLength(1);
    expect(await plannedChecks(FILES, undefined, cache)).toEqual(listed);
    expect([...listed.keys()].sort()).toEqual([...FILES].sort());
    expect([...listed.values()].every((n) => n > 0)).toBe(true);
    const grep = '^engine/containers/start|cloud/service/';
    const fresh = await plannedChecks(FILES, grep, mkdtempSync(path.join(tmpdir(), 'plan-cache-')));
    expect(await plannedChecks(FILES, grep, cache)).toEqual(fresh);
    expect([...fresh.values()].some((n) => n > 0)).toBe(true);
    expect([...fresh.values()].reduce((a, b) => a + b, 0)).toBeLessThan([...listed.values()].reduce((a, b) => a + b, 0));
  }, 60_000);

  test('leave out a file that is not a suite section; it is counted as it loads', async () => {
    const other = path.join(ROOT, 'tests/harness/planned-checks.test.ts');
    const planned = await plannedChecks([other, FILES[0]!], undefined, mkdtempSync(path.join(tmpdir(), 'plan-cache-')));
    expect(planned.has(other)).toBe(false);
    expect(planned.has(FILES[0]!)).toBe(true);
  }, 60_000);

  test('under --grep, start only the files with a matching check, and those the plan cannot place', async () => {
    const other = path.join(ROOT, 'tests/harness/planned-checks.test.ts');
    const files = [other, ...FILES];
    const planned = await plannedChecks(files, '^engine/containers/start/304-already-started', mkdtempSync(path.join(tmpdir(), 'plan-cache-')));
    expect(filesToStart(files, planned).map((f) => path.relative(ROOT, f))).toEqual([
      'tests/harness/planned-checks.test.ts',
      'suites/engine-1.18/containers.test.ts',
      'suites/engine-1.22/containers.test.ts',
    ]);
    const none = new Map(FILES.map((f) => [f, 0]));
    expect(filesToStart(FILES, none)).toEqual(FILES);
  }, 60_000);
});
