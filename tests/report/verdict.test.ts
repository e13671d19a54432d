import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { applyExpectations, type ExpectationsFile } from '../../harness/report/expectations.ts';
import { consoleSummary } from '../../harness/report/console.ts';
import { writeFormats } from '../../harness/report/formats/index.ts';
import { junitXml } from '../../harness/report/formats/junit.ts';
import { markdownSummary } from '../../harness/report/formats/markdown.ts';
import { summarize, type Report } from '../../harness/report/report.ts';
import { validateReport } from '../../harness/report/validate-report.ts';
import { verdictOf } from '../../harness/report/verdict.ts';
import { report as synthetic, result } from './support/synthetic-report.ts';

const withResults = (results: Report['results'], extra: Partial<Report> = {}): Report => ({
  ...synthetic,
  results,
  summary: summarize(results),
  harnessErrors: [],
  ...extra,
});
const gated = (r: Report, file: ExpectationsFile, strict: boolean): Report => ({ ...r, expectations: applyExpectations(r, 'known.json', file, strict) });
const known = (id: string, outcome: 'failed' | 'error' = 'failed') => ({ id, outcome, reason: 'known' });

const LEFT = 'cleanup left a resource behind: DELETE /api/infra/v1/nodecluster/c1/ (as conformance): 409 {"error":"terminate not allowed"}';
const clean = withResults([result('a', 'passed'), result('b', 'warning')]);
const failing = withResults([result('a', 'passed'), result('b', 'failed')]);
const SCENARIOS: Record<string, Report> = {
  conformant: clean,
  'not conformant': failing,
  'check errors': withResults([result('a', 'error'), result('b', 'failed')]),
  'expected departures': gated(failing, { expectations: [known('b')] }, false),
  'unexpected failure beside an expected one': gated(withResults([result('a', 'failed'), result('b', 'failed')]), { expectations: [known('b')] }, false),
  'a check skipped': withResults([result('a', 'passed'), result('b', 'skipped', { message: 'the default image list is empty: nothing to compare' })]),
  'expected departures, a check skipped': gated(withResults([result('a', 'skipped'), result('b', 'failed')]), { expectations: [known('b')] }, false),
  'stale, lenient': gated(clean, { expectations: [known('a')] }, false),
  'stale, strict': gated(clean, { expectations: [known('a')] }, true),
  unreachable: withResults([], { harnessErrors: ['target unix:///nope.sock is unreachable: connect ENOENT /nope.sock'] }),
  interrupted: withResults([result('a', 'passed')], { harnessErrors: ['interrupted by SIGINT: the report holds the checks that finished'] }),
  'harness failure': withResults([result('a', 'passed')], { harnessErrors: ['harness failure: Error: boom\n    at x (y.ts:1:1)'] }),
  'a removal refused': withResults([result('a', 'passed'), result('b', 'failed')], { leftovers: [LEFT] }),
};

describe('the verdict of a run', () => {
  test.each([
    ['conformant', 'conformant', 0, 'conformant'],
    ['not conformant', 'not-conformant', 1, 'not conformant: 1 check failed'],
    ['check errors', 'harness-failed', 3, 'the harness failed: 1 check ended in error; 1 check failed'],
    ['expected departures', 'conformant-except-expected', 0, 'conformant except 1 expected departure'],
    ['unexpected failure beside an expected one', 'not-conformant', 1, 'not conformant: 1 unexpected failure'],
    ['a check skipped', 'conformant', 0, 'conformant (1 check skipped: its requirements are unverified)'],
    [
      'expected departures, a check skipped',
      'conformant-except-expected',
      0,
      'conformant except 1 expected departure (1 check skipped: its requirements are unverified)',
    ],
    ['stale, lenient', 'conformant', 0, 'conformant'],
    ['stale, strict', 'stale-expectations', 1, 'stale expectations: 1 expected departure no longer seen (--strict-expectations)'],
    ['unreachable', 'unreachable', 3, 'target unreachable: no verdict'],
    ['interrupted', 'interrupted', 3, 'run interrupted: no verdict (1 check finished)'],
    ['harness failure', 'harness-failed', 3, 'the harness failed: no verdict (1 check finished)'],
    [
      'a removal refused',
      'not-conformant',
      1,
      'not conformant: 1 check failed; 1 resource of the run left behind (the target refused or did not answer its removal)',
    ],
  ] as const)('%s: %s, exit %i', (name, status, exitCode, headline) => {
    expect(verdictOf(SCENARIOS[name]!)).toMatchObject({ status, exitCode, headline });
  });

  test('reasons name each skipped check and why it skipped', () => {
    expect(verdictOf(SCENARIOS['a check skipped']!).reasons).toEqual(['skipped: engine-1.22 b: the default image list is empty: nothing to compare']);
  });

  test('reasons say why: stale expectations name the check and what it does now', () => {
    expect(verdictOf(SCENARIOS['stale, strict']!).reasons).toEqual(['stale: a was expected to be failed, is passed']);
    expect(verdictOf(SCENARIOS['stale, lenient']!).reasons).toEqual([
      'stale: a was expected to be failed, is passed (not failing the run without --strict-expectations)',
    ]);
    expect(verdictOf(SCENARIOS['harness failure']!).reasons).toEqual(['harness failure: Error: boom']);
  });

  test('what the run could not remove is named, as the target answered its removal, and is not a harness failure', () => {
    expect(verdictOf(SCENARIOS['a removal refused']!).reasons).toEqual(['failed: engine-1.22 b', LEFT]);
    expect(consoleSummary(SCENARIOS['a removal refused']!, 'r.json')).toContain(`LEFT ${LEFT}`);
  });
});

describe('every format states the same verdict', () => {
  test.each(Object.keys(SCENARIOS))('%s: console, summary.md, junit.xml, report.json agree', async (name) => {
    const report = SCENARIOS[name]!;
    const verdict = verdictOf(report);
    expect(consoleSummary(report, 'r.json')).toContain(`verdict: ${verdict.headline} (exit ${verdict.exitCode})`);
    const md = markdownSummary(report);
    expect(md.split('\n')[0]).toContain(verdict.headline);
    expect(md).toContain(`Exit code ${verdict.exitCode}.`);
    const dir = mkdtempSync(path.join(tmpdir(), 'verdict-'));
    await writeFormats(dir, report, ['json', 'junit']);
    const json = JSON.parse(readFileSync(path.join(dir, 'report.json'), 'utf8')) as unknown;
    expect(json).toMatchObject({ verdict });
    expect(validateReport(json)).toEqual([]);
    const junit = readFileSync(path.join(dir, 'junit.xml'), 'utf8');
    const [, failures, errors] = /<testsuites [^>]*failures="(\d+)" errors="(\d+)"/.exec(junit)!;
    // A CI system reads a clean junit.xml as a pass: it must be clean exactly when the exit code is 0.
    expect(Number(failures) + Number(errors) === 0).toBe(verdict.exitCode === 0);
  });

  test('expected departures are skipped in junit.xml and marked EXPECTED on the console, not FAILED', () => {
    const report = SCENARIOS['expected departures']!;
    expect(junitXml(report)).toMatch(/<skipped message="expected departure \(failed, listed in known.json\): message of b"\/>/);
    expect(junitXml(report)).toContain('<property name="expected-departures" value="1"/>');
    const text = consoleSummary(report, 'r.json');
    expect(text).toContain('EXPECTED failed engine-1.22 b');
    expect(text).not.toMatch(/^FAILED/m);
    expect(markdownSummary(report)).not.toContain('not conformant');
  });

  test('stale expectations under --strict-expectations fail a junit test case of the run', () => {
    const junit = junitXml(SCENARIOS['stale, strict']!);
    expect(junit).toContain('<testcase classname="conformance.run" name="stale expectation: a"');
    expect(junit).toContain('type="stale-expectation"');
    expect(consoleSummary(SCENARIOS['stale, strict']!, 'r.json')).toContain('stale: a was expected to be failed, is passed');
  });

  test('an unreachable target is never a clean junit.xml', () => {
    const junit = junitXml(SCENARIOS.unreachable!);
    expect(junit).not.toContain('tests="0" failures="0" errors="0"');
    expect(junit).toContain('<testcase classname="conformance.run" name="target unreachable"');
    expect(junit).toContain('<property name="verdict" value="unreachable"/>');
  });

  test('an interrupted run says so in junit.xml: an error test case and a property', () => {
    const junit = junitXml(SCENARIOS.interrupted!);
    expect(junit).toContain('name="run interrupted"');
    expect(junit).toContain('type="interrupted"');
    expect(junit).toContain('<property name="interrupted" value="true"/>');
  });
});
