import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { applyExpectations } from '../../harness/report/expectations.ts';
import { githubAnnotations, writeGithub } from '../../harness/report/formats/github.ts';
import type { Report, ResultEntry } from '../../harness/report/report.ts';
import { bareReport } from './support/synthetic-report.ts';

const result = (id: string, outcome: ResultEntry['outcome'], message = `${id}: expected 304, got 204`): ResultEntry => ({
  id,
  suite: 'engine-1.22',
  title: id,
  requirements: [id],
  endpoint: null,
  outcome,
  message,
  durationMs: 1,
});
const report = (results: ResultEntry[]): Report => bareReport(results);

describe('--format github', () => {
  test('one ::error per failure of a run without expectations, its property and message escaped', () => {
    const lines = githubAnnotations(report([result('a/b', 'failed', '50% of it,\nthen more'), result('c', 'passed'), result('d', 'error')]));
    expect(lines).toEqual([
      '::error title=failed%3A engine-1.22 a/b::50%25 of it,%0Athen more',
      '::error title=error%3A engine-1.22 d::d: expected 304, got 204',
    ]);
  });

  test('under a gate only the new failures are errors; a stale expectation is a warning, an error when strict', () => {
    const run = report([result('known', 'failed'), result('new', 'failed'), result('fixed', 'passed')]);
    const file = {
      expectations: [
        { id: 'known', outcome: 'failed' as const, reason: 'r' },
        { id: 'fixed', outcome: 'failed' as const, reason: 'r' },
      ],
    };
    const lenient = githubAnnotations({ ...run, expectations: applyExpectations(run, 'x.json', file, false) });
    expect(lenient.map((l) => l.split('::')[1])).toEqual(['error title=failed%3A engine-1.22 new', 'warning title=stale expectation%3A fixed']);
    const strict = githubAnnotations({ ...run, expectations: applyExpectations(run, 'x.json', file, true) });
    expect(strict[1]).toMatch(/^::error title=stale expectation%3A fixed::expected failed, got passed/);
  });

  test("appends summary.md to the job's step summary and writes the annotations to the step's output", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'github-format-'));
    try {
      const summary = path.join(dir, 'summary.md');
      let out = '';
      const run = report([result('a', 'failed')]);
      writeGithub(run, { env: { GITHUB_STEP_SUMMARY: summary }, out: { write: (text: string) => (out += text) } });
      writeGithub(run, { env: { GITHUB_STEP_SUMMARY: summary }, out: { write: () => true } });
      expect(readFileSync(summary, 'utf8').match(/^## Conformance: ❌ not conformant/gm)).toHaveLength(2);
      expect(out).toBe('::error title=failed%3A engine-1.22 a::a: expected 304, got 204\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
