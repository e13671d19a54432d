import { describe, expect, test } from 'vitest';
import { applyExpectations, expectationsFromReport, type ExpectationsFile } from '../../harness/report/expectations.ts';
import type { Report, ResultEntry } from '../../harness/report/report.ts';
import { exitCodeOf } from '../../harness/run/run-conformance.ts';
import { bareReport } from '../report/support/synthetic-report.ts';

const result = (id: string, outcome: ResultEntry['outcome'], requirements = [id]): ResultEntry => ({
  id,
  suite: 'engine-1.22',
  title: id,
  requirements,
  endpoint: null,
  outcome,
  message: `${id} message`,
  durationMs: 1,
});
const report = (results: ResultEntry[]): Report => bareReport(results);

describe('expectations gate', () => {
  const run = report([result('a', 'failed'), result('b', 'failed', ['req/b']), result('c', 'passed'), result('d', 'failed')]);
  const file = {
    expectations: [
      { id: 'a', outcome: 'failed' as const, reason: 'known' },
      { id: 'req/b', outcome: 'failed' as const, reason: 'matched by requirement' },
      { id: 'c', outcome: 'failed' as const, reason: 'fixed since' },
    ],
  };

  test('expected failures pass the gate, unexpected ones fail it, fixed ones are stale', () => {
    const verdict = applyExpectations(run, 'x.json', file, false);
    expect(verdict.expected).toEqual(['engine-1.22 a', 'engine-1.22 b']);
    expect(verdict.unexpected).toEqual(['engine-1.22 d']);
    expect(verdict.stale.map((s) => [s.id, s.actual])).toEqual([['c', ['passed']]]);
    expect(exitCodeOf({ ...run, expectations: verdict })).toBe(1);
  });

  test('only stale expectations: exit 0, or 1 with --strict-expectations', () => {
    const clean = report([result('a', 'failed'), result('c', 'passed')]);
    const lenient = applyExpectations(clean, 'x.json', file, false);
    expect(exitCodeOf({ ...clean, expectations: lenient })).toBe(0);
    expect(exitCodeOf({ ...clean, expectations: applyExpectations(clean, 'x.json', file, true) })).toBe(1);
  });

  test('an intermittent expectation covers the failure when it shows and is not stale when it does not', () => {
    const flaky = { expectations: [{ id: 'c', outcome: 'failed' as const, reason: 'a race in the target', intermittent: true }] };
    expect(applyExpectations(report([result('c', 'passed')]), 'x.json', flaky, true).stale).toEqual([]);
    const failing = applyExpectations(report([result('c', 'failed')]), 'x.json', flaky, true);
    expect([failing.expected, failing.unexpected]).toEqual([['engine-1.22 c'], []]);
    expect(expectationsFromReport(report([result('c', 'passed')]), flaky).expectations).toEqual(flaky.expectations);
  });

  test('update with keepUnrun keeps the expectations of checks the narrowed run did not run, and the recorded options', () => {
    const previous = {
      recordedWith: { suites: ['engine-1.22'], seed: 7 },
      expectations: [
        { id: 'a', suite: 'engine-1.22', outcome: 'failed' as const, reason: 'known' },
        { id: 'z', suite: 'engine-1.22', outcome: 'failed' as const, reason: 'not run this time' },
      ],
    } as ExpectationsFile;
    const narrowed = report([result('a', 'passed'), result('d', 'failed')]);
    const kept = expectationsFromReport(narrowed, previous, { keepUnrun: true });
    expect(kept.expectations.map((e) => e.id)).toEqual(['d', 'z']);
    expect(kept.recordedWith).toEqual(previous.recordedWith);
    expect(expectationsFromReport(narrowed, previous).expectations.map((e) => e.id)).toEqual(['d']);
  });

  test('update writes one expectation per failing result and keeps existing reasons', () => {
    const data = expectationsFromReport(run, file);
    expect(data.expectations.map((e) => [e.id, e.reason])).toEqual([
      ['a', 'known'],
      ['b', 'matched by requirement'],
      ['d', 'd message'],
    ]);
    expect(applyExpectations(run, 'x.json', data, true).unexpected).toEqual([]);
  });
});
