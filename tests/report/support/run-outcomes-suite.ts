// Runs outcomes.suite.ts through vitest as `conformance run --format allure` would (run config
// with allure, the collector and Allure's reporter) into the report directory argv[2]; prints
// the collected records' outcomes as JSON. A separate process: vitest inside a vitest worker
// is not something to rely on.
import { startVitest } from 'vitest/node';
import { OutcomeCollector } from '../../../harness/report/collector.ts';
import { allureReporter } from '../../../harness/report/allure.ts';
import { encodeRunConfig, RUN_CONFIG_ENV } from '../../../harness/run/config.ts';
import { PROJECT_ROOT } from '../../../harness/run/run-conformance.ts';

const reportDir = process.argv[2]!;
process.env[RUN_CONFIG_ENV] = encodeRunConfig({
  runId: 'outcomes',
  suites: ['engine-1.22'],
  seed: 1,
  timeoutMs: 1_000,
  concurrency: 4,
  vendorProfile: 'docker',
  embedded: true,
  fixture: { rootfsPath: '/bin/busybox' },
  allure: true,
});
const collector = new OutcomeCollector(null);
const vitest = await startVitest(
  'test',
  [],
  {
    root: PROJECT_ROOT,
    config: false,
    watch: false,
    include: ['tests/report/support/outcomes.suite.ts'],
    reporters: [collector, await allureReporter(reportDir, {})],
  },
  { logLevel: 'error' },
);
await vitest.close();
process.exitCode = 0; // vitest sets 1 for the failing checks, which are this suite's point
process.stdout.write(JSON.stringify(collector.records.map((r) => ({ id: r.id, status: r.outcome.status }))));
