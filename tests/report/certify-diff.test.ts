import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { sealBundle } from '../../harness/certify/bundle.ts';
import { certificationLevel } from '../../harness/certify/level.ts';
import { verifyBundle } from '../../harness/certify/verify.ts';
import { diffReports, outcomeMatrix } from '../../harness/report/diff.ts';
import { writeFormats } from '../../harness/report/formats/index.ts';
import type { Report } from '../../harness/report/report.ts';
import { report, result, withResults } from './support/synthetic-report.ts';

describe('certification levels', () => {
  test('full, core and none follow the required and recommended outcomes', () => {
    expect(certificationLevel(withResults(report, [result('a', 'passed'), result('rec', 'passed')])).level).toBe('full');
    expect(certificationLevel(withResults(report, [result('a', 'passed'), result('rec', 'warning')])).level).toBe('core');
    expect(certificationLevel(withResults(report, [result('a', 'failed'), result('rec', 'passed')]))).toMatchObject({
      level: 'none',
      reasons: ['engine-1.22 a: failed'],
    });
    expect(certificationLevel({ ...withResults(report, [result('a', 'passed')]), harnessErrors: ['unreachable'] }).level).toBe('none');
  });
});

describe('certification bundle', () => {
  async function bundle(r: Report): Promise<string> {
    const dir = mkdtempSync(path.join(tmpdir(), 'bundle-'));
    await writeFormats(dir, r, ['json', 'junit', 'html', 'md']);
    sealBundle(dir, r, 'Acme Engine');
    return dir;
  }

  test('a sealed bundle verifies and states its level', async () => {
    const dir = await bundle(withResults(report, [result('a', 'passed'), result('rec', 'warning')]));
    expect(verifyBundle(dir, { catalog: [] })).toEqual([]);
    expect(JSON.parse(readFileSync(path.join(dir, 'product.json'), 'utf8'))).toMatchObject({ level: 'core', product: { name: 'Acme Engine' } });
  });

  test('a tampered file fails verification', async () => {
    const dir = await bundle(withResults(report, [result('a', 'passed')]));
    writeFileSync(path.join(dir, 'summary.md'), 'all good\n');
    expect(verifyBundle(dir, { catalog: [] })).toEqual(['summary.md: digest does not match SHA256SUMS']);
  });

  test('a level the report does not support fails verification, even with matching digests', async () => {
    const dir = await bundle(withResults(report, [result('a', 'failed')]));
    const productFile = path.join(dir, 'product.json');
    writeFileSync(productFile, readFileSync(productFile, 'utf8').replace('"level": "none"', '"level": "full"'));
    // A forger recomputes the digests too: the level claim must still fail against the report.
    const { writeSums } = await import('../../harness/certify/bundle.ts');
    writeSums(dir, ['report.json', 'junit.xml', 'report.html', 'summary.md', 'product.json']);
    expect(verifyBundle(dir, { catalog: [] })).toEqual(["product.json claims level 'full', the report supports 'none'"]);
  });
});

describe('diff', () => {
  test('new failures, fixes and other changes between two runs; the matrix lists disagreements first', () => {
    const a = withResults(report, [result('same', 'passed'), result('x', 'passed'), result('y', 'failed'), result('z', 'passed'), result('gone', 'passed')]);
    const b = withResults(report, [result('same', 'passed'), result('x', 'failed'), result('y', 'passed'), result('z', 'warning'), result('new', 'passed')]);
    const diff = diffReports(a, b);
    expect(diff.newFailures.map((c) => c.key)).toEqual(['engine-1.22 x']);
    expect(diff.fixes.map((c) => c.key)).toEqual(['engine-1.22 y']);
    expect(diff.changed.map((c) => `${c.key}:${c.before}>${c.after}`)).toEqual(['engine-1.22 z:passed>warning']);
    // Checks only one run has are listed apart, with their outcome, not as changes to or from "absent".
    expect(diff.onlyInA).toEqual({ suites: [], checks: [{ key: 'engine-1.22 gone', outcome: 'passed' }] });
    expect(diff.onlyInB).toEqual({ suites: [], checks: [{ key: 'engine-1.22 new', outcome: 'passed' }] });
    const matrix = outcomeMatrix([
      { name: 'A', report: a },
      { name: 'B', report: b },
    ]);
    expect(matrix.rows.map((r) => r.key.split(' ')[1])).toEqual(['x', 'y', 'z', 'same', 'gone', 'new']);
    expect(matrix.rows.at(-2)!.outcomes).toEqual(['passed', 'absent']);
  });

  test('a suite only one run ran is one line apart, counted, and changes nothing else', () => {
    const engine = [result('x', 'passed'), result('y', 'failed')];
    const cloud = Array.from({ length: 364 }, (_, i) => result(`cloud/c${i}`, 'passed', { suite: 'cloud' }));
    const a = { ...withResults(report, [...engine, ...cloud]), suites: ['engine-1.22', 'cloud'] } as Report;
    const b = withResults(report, [result('x', 'failed'), result('y', 'failed')]);
    const diff = diffReports(a, b);
    expect(diff.onlyInA).toEqual({ suites: [{ suite: 'cloud', checks: 364 }], checks: [] });
    expect(diff.onlyInB).toEqual({ suites: [], checks: [] });
    expect(diff.newFailures.map((c) => c.key)).toEqual(['engine-1.22 x']);
    expect(diff.changed).toEqual([]);
  });
});
