import { expect } from 'vitest';
import { grepOfChecks } from '../../harness/check/register.ts';
import { suiteChecks } from '../../harness/catalog/coverage.ts';
import type { SuiteName } from '../../harness/catalog/types.ts';
import type { Report } from '../../harness/report/report.ts';
import { validateReport } from '../../harness/report/validate-report.ts';
import { missedWindow } from './missed-window.ts';
import { notPassing, runCli } from './run-cli.ts';

/**
 * Runs `conformance run ARGS` against the embedded reference targets and expects every check to
 * pass (or be informational / not applicable), the report to be valid and the exit code 0. A check
 * whose transitional state passed unseen on a loaded machine (the whole suite beside other work)
 * verified nothing: it runs again alone, and must pass then.
 */
export async function expectEveryCheckPasses(args: string[]): Promise<void> {
  const run = await runCli(args);
  expect(run.report, run.stderr).toBeDefined();
  const report = run.report!;
  expect(validateReport(report)).toEqual([]);
  expect(report.harnessErrors).toEqual([]);
  expect(report.leftovers ?? []).toEqual([]);
  const missed = report.results.filter((r) => missedWindow(r.outcome, r.message));
  expect(notPassing({ ...report, results: report.results.filter((r) => !missed.includes(r)) })).toEqual([]);
  if (missed.length) {
    const ids = missed.map((r) => r.id);
    const again = await runCli([...args, '--grep', grepOfChecks(ids)]);
    expect(
      again.report?.results.map((r) => r.id),
      again.stderr,
    ).toEqual(expect.arrayContaining(ids));
    expect(notPassing(again.report!)).toEqual([]);
  }
  expect(report.summary.total).toBeGreaterThan(0);
  // A run reports every check of the section lists, whatever files it starts.
  for (const suite of report.suites) expect(idsOf(report, suite)).toEqual(expect.arrayContaining((await suiteChecks(suite)).map((c) => c.id)));
  expect(run.status).toBe(0);
}

const idsOf = (report: Report, suite: SuiteName): string[] => report.results.filter((r) => r.suite === suite).map((r) => r.id);
