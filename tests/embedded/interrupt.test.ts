import { expect, test } from 'vitest';
import { validateReport } from '../../harness/report/validate-report.ts';
import { runCli } from '../support/run-cli.ts';

// The CLI used to hang here after writing its report: a cancelled vitest run can leave a native
// bundler thread holding the event loop open, so bin/conformance.mjs now exits explicitly.
test('Ctrl-C during a run: the checks stop, the run cleans up, the partial report is written, exit 3', async () => {
  const run = await runCli(['--suite', 'engine-1.22'], 6000);
  expect(run.status, run.stderr).toBe(3);
  const report = run.report!;
  expect(validateReport(report)).toEqual([]);
  // Only the interruption: a resource left behind by the cut-short checks would be listed too.
  expect(report.harnessErrors).toEqual(['interrupted by SIGINT: the report holds the checks that finished']);
  expect(report.summary.failed + report.summary.errors).toBe(0);
}, 120_000);
