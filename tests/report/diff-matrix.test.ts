import { describe, expect, test } from 'vitest';
import { headlines, requirementMatrix } from '../../harness/report/diff.ts';
import { headlineMarkdown } from '../../harness/report/formats/headline-markdown.ts';
import { matrixHtml } from '../../harness/report/formats/matrix-html.ts';
import { summarize, type Report } from '../../harness/report/report.ts';
import { report, result } from './support/synthetic-report.ts';

const run = (product: string, results: Report['results']): Report => ({
  ...report,
  target: { ...report.target, product, version: '1' },
  results,
  summary: summarize(results),
  requirements: results.map((r) => ({
    id: r.id,
    suite: r.suite,
    section: 'S',
    level: 'required' as const,
    statement: `statement of ${r.id}`,
    outcome: r.outcome,
    checks: [r.id],
    proven: false,
  })),
});

describe('the differential matrix over N implementations', () => {
  const reference = run('Reference', [result('a', 'passed'), result('b', 'passed'), result('c', 'passed')]);
  const docker = run('Docker', [result('a', 'passed'), { ...result('b', 'failed'), message: 'expected 404, got 500' }, result('c', 'passed')]);
  const podman = run('Podman', [result('a', 'passed'), result('b', 'passed'), { ...result('c', 'skipped'), message: 'blocked by x: y' }]);
  const named = [
    { name: 'Reference 1', report: reference },
    { name: 'Docker 1', report: docker },
    { name: 'Podman 1', report: podman },
  ];

  test("requirements × implementations: outcome and the deciding check's message, disagreements first", () => {
    const matrix = requirementMatrix(named);
    expect(matrix.targets).toEqual(['Reference 1', 'Docker 1', 'Podman 1']);
    expect(matrix.rows.map((r) => r.key.split(' ')[1])).toEqual(['b', 'c', 'a']);
    expect(matrix.rows[0]!.cells.map((c) => c.outcome)).toEqual(['passed', 'failed', 'passed']);
    expect(matrix.rows[0]!.cells[1]!.message).toBe('b: expected 404, got 500');
    expect(matrix.rows[1]!.cells[2]!.message).toBe('c: blocked by x: y');
    const html = matrixHtml(matrix, headlines(named));
    expect(html).toContain('b: expected 404, got 500');
    expect(html).toContain('2 of 3 requirements differ');
  });

  test('the headline numbers as one Markdown table, one column per implementation', () => {
    const md = headlineMarkdown(headlines(named));
    expect(md.split('\n')[0]).toBe('| | Reference 1 | Docker 1 | Podman 1 |');
    expect(md).toContain('| failed | 0 | 1 | 0 |');
    expect(md).toContain('| requirements passed | 3 of 3 | 2 of 3 | 2 of 3 |');
  });

  test('the page does not open on rows a run lacks (a suite it did not run): they come last, counted apart', () => {
    const withCloud = run('Reference', [result('a', 'passed'), result('cloud/x', 'passed', { suite: 'cloud' })]);
    const matrix = requirementMatrix([
      { name: 'Reference 1', report: withCloud },
      { name: 'Docker 1', report: run('Docker', [{ ...result('a', 'failed'), message: 'm' }]) },
      { name: 'Podman 1', report: run('Podman', [result('a', 'passed')]) },
    ]);
    expect(matrix.rows.map((r) => r.key)).toEqual(['engine-1.22 a', 'cloud cloud/x']);
    expect(matrix.rows[1]!.cells.map((c) => c.outcome)).toEqual(['passed', 'absent', 'absent']);
    const html = matrixHtml(matrix, headlines(named));
    expect(html).toContain('1 of 2 requirements differ across the implementations that ran them; they are listed first. 1 is absent from some runs');
  });
});
