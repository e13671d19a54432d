import { expect, test } from 'vitest';
import { compareSections, groupBySection } from '../../harness/report/sections.ts';
import { summarize, type Report } from '../../harness/report/report.ts';
import { report, result } from './support/synthetic-report.ts';

const containers = (n: number) => `Endpoints > Containers > ${n}. endpoint ${n}`;

test('sections sort in natural order: 1., 2., 10., 11., not 1., 10., 11., 2.', () => {
  const sections = [containers(10), containers(2), 'Errors', containers(11), containers(1), 'Endpoints > Containers'];
  expect([...sections].sort(compareSections)).toEqual(['Endpoints > Containers', containers(1), containers(2), containers(10), containers(11), 'Errors']);
});

test('groupBySection (junit.xml test suites): suites in suite order, sections in natural order within each', () => {
  const rows = [
    result('c/a', 'passed', { suite: 'cloud' }),
    result('e/ten', 'passed', { suite: 'engine-1.22' }),
    result('e/two', 'failed', { suite: 'engine-1.22' }),
    result('e/eleven', 'passed', { suite: 'engine-1.18' }),
    result('e/two-again', 'passed', { suite: 'engine-1.22' }),
  ];
  const section: Record<string, string> = {
    'c/a': 'Authentication',
    'e/ten': containers(10),
    'e/two': containers(2),
    'e/eleven': containers(11),
    'e/two-again': containers(2),
  };
  const grouped: Report = {
    ...report,
    summary: summarize(rows),
    results: rows,
    requirements: rows.map((r) => ({ ...report.requirements[0]!, id: r.id, suite: r.suite, section: section[r.id]!, checks: [r.id] })),
  };
  const groups = groupBySection(grouped);
  expect([...groups.keys()]).toEqual([
    `engine-1.18 — ${containers(11)}`,
    `engine-1.22 — ${containers(2)}`,
    `engine-1.22 — ${containers(10)}`,
    'cloud — Authentication',
  ]);
  // Within a section, results keep report order.
  expect(groups.get(`engine-1.22 — ${containers(2)}`)!.map((r) => r.id)).toEqual(['e/two', 'e/two-again']);
});
