import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { SUITES } from '../../harness/catalog/types.ts';
import { entryArrangement, entryOf, entryPatterns, WHOLE_SUITE_DIR } from '../../harness/run/entry-files.ts';
import { plannedChecks } from '../../harness/run/planned-checks.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const sectionFiles = (suite: string): string[] =>
  readdirSync(path.join(ROOT, 'suites', suite))
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => path.join(ROOT, 'suites', suite, f));

test('the embedded targets run one file per suite, unless sharded; another target runs the section files', () => {
  expect(entryArrangement(true, false)).toBe('whole-suites');
  expect(entryArrangement(true, true)).toBe('sections');
  expect(entryArrangement(false, false)).toBe('sections');
  expect(entryPatterns(['engine-1.22', 'cloud'], 'whole-suites')).toEqual([`${WHOLE_SUITE_DIR}/engine-1.22.test.ts`, `${WHOLE_SUITE_DIR}/cloud.test.ts`]);
  expect(entryPatterns(['cloud'], 'sections')).toEqual(['suites/cloud/**/*.test.ts']);
});

test('each suite has its whole-suite file, and a file names its suite and section', () => {
  expect(readdirSync(path.join(ROOT, WHOLE_SUITE_DIR)).sort()).toEqual(SUITES.map((s) => `${s}.test.ts`).sort());
  expect(entryOf('/x/suites/engine-1.22/containers-data.test.ts')).toEqual({ suite: 'engine-1.22', section: 'containers-data' });
  expect(entryOf('/x/suites/whole-suite/cloud.test.ts')).toEqual({ suite: 'cloud', section: undefined });
  expect(entryOf('/x/tests/harness/entry-files.test.ts')).toBeUndefined();
});

// What the whole-suite files register is checked by the embedded CLI runs (every section's check is reported).
test.each(SUITES)(
  "the run's plan counts for the whole-suite file of %s exactly the checks of its section files, also under --grep",
  async (suite) => {
    const cache = mkdtempSync(path.join(tmpdir(), 'plan-cache-'));
    const whole = path.join(ROOT, WHOLE_SUITE_DIR, `${suite}.test.ts`);
    const sum = (planned: Map<string, number>): number => [...planned.values()].reduce((a, b) => a + b, 0);
    for (const grep of [undefined, '/containers?/|/service/']) {
      const sections = await plannedChecks(sectionFiles(suite), grep, cache);
      const all = await plannedChecks([whole], grep, cache);
      expect(all.get(whole)).toBe(sum(sections));
      expect(all.get(whole)).toBeGreaterThan(0);
    }
  },
  60_000,
);
