import { existsSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { validateReport } from '../../harness/report/validate-report.ts';
import { HAVE_SCRIPT, interruptInTerminal } from '../support/run-in-terminal.ts';

// Ctrl-C in a terminal signals the whole foreground process group: the command, and with it
// (before the run had a process group of its own) vitest's workers and the esbuild services,
// which died mid-run: a crash, a hang, or a report blaming the harness. And npm and npx pass the
// terminal's SIGINT on once more. Through each way a user starts a run, ^C must end it within
// 5 s, exit 3, with the partial report and nothing left behind.
// npx runs a bin through `sh -c`; dash (Debian's /bin/sh), once the command it waits for has
// ended, ends itself by the SIGINT it got too, whatever the command's exit code, and npx then
// exits 130. A shell that waits and passes the code on (bash) shows what the command did;
// `npm start` execs the command and needs no such shell.
const WAYS = [
  ['node bin/conformance.mjs', 'node bin/conformance.mjs run --suite engine-1.22 --report-dir REPORT_DIR'],
  ['npx conformance', 'npx --no-install --script-shell=/bin/bash conformance run --suite engine-1.22 --report-dir REPORT_DIR'],
  ['npm start', 'npm start --silent -- --suite engine-1.22 --report-dir REPORT_DIR'],
].filter(([way]) => way !== 'npx conformance' || existsSync('/bin/bash'));

/** The terminal shows some checks finished: the run is under way. */
const CHECKS_FINISHED = /(^|\r)[1-9]\d*\/\d+ checks/m;

describe.skipIf(!HAVE_SCRIPT)('Ctrl-C typed in a terminal', () => {
  test.each(WAYS)('through %s: exit 3 within 5 s, the partial report, no harness errors, nothing left behind', async (_way, command) => {
    const run = await interruptInTerminal(command, CHECKS_FINISHED);
    expect(run.afterInterruptMs, run.screen).toBeLessThan(5000);
    expect(run.status, run.screen).toBe(3);
    const report = run.report!;
    expect(report, run.screen).toBeDefined();
    expect(validateReport(report)).toEqual([]);
    expect(report.summary.total).toBeGreaterThan(0);
    // Only the interruption: a worker that died, or a resource the sweep found left behind, would be listed too.
    expect(report.harnessErrors).toEqual(['interrupted by SIGINT: the report holds the checks that finished']);
    // A check cut short by the interruption is not an outcome (it used to end "verified nothing").
    expect(report.summary.failed + report.summary.errors, JSON.stringify(report.results.filter((r) => r.outcome === 'error'))).toBe(0);
    expect(run.screen).not.toMatch(/unhandled|Worker|internal error/i);
  }, 300_000);
});
