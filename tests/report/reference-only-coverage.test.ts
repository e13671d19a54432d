import { describe, expect, test } from 'vitest';
import { RequirementIndex } from '../../harness/catalog/load.ts';
import type { Outcome } from '../../harness/check/outcome.ts';
import { suiteCatalog } from '../../harness/cli/catalog-command.ts';
import { coverage, coverageHeadline, toResultEntry, type ResultEntry } from '../../harness/report/report.ts';

const SETS_STATE = 'cloud/node/health-check/sets-state';
const RESOLVES = 'cloud/uri/resource-uri-resolves';
const CONTROL = 'a control only the embedded reference offers';
const all = RequirementIndex.load().all();

const result = (id: string, requirements: string[], outcome: ResultEntry['outcome'], referenceOnly?: string): ResultEntry => ({
  id,
  suite: 'cloud',
  title: id,
  requirements,
  endpoint: null,
  outcome,
  message: outcome === 'skipped' ? `unverified on this target: ${CONTROL}` : '',
  durationMs: 1,
  ...(referenceOnly ? { referenceOnly } : {}),
});
const of = (results: ResultEntry[], id: string) =>
  coverage(['cloud'], all, results, { cloud: { [id]: [{ fault: 'f', check: SETS_STATE }] } }).find((r) => r.id === id)!;

describe('a requirement verified only through a control of the embedded reference', () => {
  test('on a target without the control (its checks skipped) it is uncovered, says why, and is neither covered nor proven', () => {
    const skipped = [result(SETS_STATE, [SETS_STATE, RESOLVES], 'skipped', CONTROL), result('cloud/uri/shape', [RESOLVES], 'passed')];
    expect(of(skipped, SETS_STATE)).toMatchObject({ outcome: 'uncovered', checks: [SETS_STATE], referenceOnly: CONTROL, proven: false });
    expect(coverageHeadline([of(skipped, SETS_STATE)]).covered).toBe(0);
    // A requirement other checks verify too is theirs to grade: the skipped reference-only check counts as before.
    expect(of(skipped, RESOLVES)).not.toHaveProperty('referenceOnly');
    expect(of(skipped, RESOLVES).outcome).toBe('skipped');
  });

  test('on the embedded reference it is graded by its checks, and still says it is verified there only', () => {
    expect(of([result(SETS_STATE, [SETS_STATE], 'passed', CONTROL)], SETS_STATE)).toMatchObject({ outcome: 'passed', referenceOnly: CONTROL, proven: true });
    expect(of([result(SETS_STATE, [SETS_STATE], 'failed', CONTROL)], SETS_STATE).outcome).toBe('failed');
  });

  test("a check's record carries its referenceOnly into report.json", () => {
    const outcome: Outcome = { status: 'skipped', message: '', observations: [], transcript: [], durationMs: 1 };
    const record = { id: SETS_STATE, suite: 'cloud' as const, title: 't', requirements: [SETS_STATE], referenceOnly: CONTROL, outcome };
    expect(toResultEntry(record).referenceOnly).toBe(CONTROL);
    expect(toResultEntry({ ...record, referenceOnly: undefined })).not.toHaveProperty('referenceOnly');
  });

  test('conformance catalog lists it apart, with the reason of its check', async () => {
    const catalog = await suiteCatalog('cloud');
    const setsState = catalog.requirements.find((r) => r.id === SETS_STATE)!;
    expect(setsState).toMatchObject({ checks: [], referenceOnlyChecks: [SETS_STATE], referenceOnlyReason: expect.stringContaining('embedded reference') });
    expect(catalog.coverage.referenceOnly).toContain(SETS_STATE);
    expect(catalog.coverage.uncovered).not.toContain(SETS_STATE);
  });
});
