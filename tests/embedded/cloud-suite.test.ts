import { describe, expect, test } from 'vitest';
import { validateReport } from '../../harness/report/validate-report.ts';
import { notPassing, runCli } from '../support/run-cli.ts';

describe('the cloud suite against the embedded reference target', () => {
  test('every check passes (or is informational / not applicable), and report.json is valid', async () => {
    const run = await runCli(['--suite', 'cloud', '--seed', '7']);
    expect(run.report, run.stderr).toBeDefined();
    const report = run.report!;
    expect(validateReport(report)).toEqual([]);
    expect(report.harnessErrors).toEqual([]);
    expect(notPassing(report)).toEqual([]);
    expect(report.summary.total).toBeGreaterThan(0);
    expect(run.status).toBe(0);
  });
});
