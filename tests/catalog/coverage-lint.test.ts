import { describe, expect, test } from 'vitest';
import { loadRequirements } from '../../harness/catalog/load.ts';
import { checksOfSuite } from '../../harness/catalog/coverage.ts';
import { SUITES } from '../../harness/catalog/types.ts';
import { requirementsOfSuite } from '../../harness/report/report.ts';

const requirements = [...loadRequirements('engine'), ...loadRequirements('cloud')];
const known = new Set(requirements.map((r) => r.id));

describe('requirements and checks name each other', () => {
  test('no requirement id is used twice', () => {
    const seen = new Set<string>();
    const duplicates = requirements
      .map((r) => r.id)
      .filter((id) => {
        if (seen.has(id)) return true;
        seen.add(id);
        return false;
      });
    expect(duplicates).toEqual([]);
  });

  test.each(SUITES)('every check of %s names known requirements and has a unique id', async (suite) => {
    const checks = await checksOfSuite(suite);
    expect(checks.flatMap((c) => c.requirements.filter((r) => !known.has(r)).map((r) => `${c.id} names unknown ${r}`))).toEqual([]);
    expect(checks.filter((c) => !c.requirements.length).map((c) => c.id)).toEqual([]);
    const ids = checks.map((c) => c.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  test.each(SUITES)('every requirement of %s is named by a check, or says why none can verify it', async (suite) => {
    const named = new Set((await checksOfSuite(suite)).flatMap((c) => c.requirements));
    const uncovered = requirementsOfSuite(suite, requirements)
      .filter((r) => !named.has(r.id) && !r.uncoveredReason)
      .map((r) => r.id);
    expect(uncovered).toEqual([]);
  });
});
