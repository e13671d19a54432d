import { expect, test } from 'vitest';
import { validateReport } from '../../harness/report/validate-report.ts';
import { notPassing, runCli } from '../support/run-cli.ts';

// The CLI used to hang here after writing its report: a cancelled vitest run can leave a native
// bundler thread holding the event loop open, so bin/conformance.mjs now exits explicitly.
// The signal goes to the command alone (as `kill PID` sends it); tests/embedded/interrupt-tty.test.ts
// types Ctrl-C in a terminal, which signals the whole process group.
/** A suite finished (the progress line a run prints when its output is not a terminal). */
const UNDER_WAY = /finished: /;

test.each(['SIGINT', 'SIGTERM'] as const)(
  '%s during a run: the checks stop, the run cleans up, the partial report is written, exit 3 within 5 s',
  async (signal) => {
    // All three suites, a file each: once the first has finished, the others are under way, far from
    // their end (a run is fast enough to finish before a signal sent after a fixed time).
    const run = await runCli([], 60_000, signal, UNDER_WAY);
    expect(run.status, run.stderr).toBe(3);
    expect(run.afterSignalMs, run.stderr).toBeLessThan(5000);
    const report = run.report!;
    expect(validateReport(report)).toEqual([]);
    // Only the interruption, and nothing the cut-short checks created left behind.
    expect(report.harnessErrors).toEqual([`interrupted by ${signal}: the report holds the checks that finished`]);
    expect(report.leftovers ?? []).toEqual([]);
    expect(report.summary.failed + report.summary.errors, notPassing(report).join('\n')).toBe(0);
  },
  120_000,
);
