/**
 * One verdict everywhere, end to end: the exit code of `conformance run`, its console, summary.md,
 * junit.xml and report.json agree, for expected departures, stale expectations and an unreachable
 * target. (The formats' agreement on every verdict is unit-tested in tests/report/verdict.test.ts.)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'vitest';
import { runCli, runCommand, type CliRun } from '../support/run-cli.ts';

const CHECK = 'engine/containers/start/304-already-started';
const FAULT = 'start-running-returns-204';
const ONE_CHECK = ['--suite', 'engine-1.22', '--grep', CHECK];

const read = (run: CliRun, file: string) => readFileSync(path.join(run.reportDir, file), 'utf8');
const junitCounts = (xml: string) => {
  const [, tests, failures, errors] = /<testsuites [^>]*tests="(\d+)" failures="(\d+)" errors="(\d+)"/.exec(xml)!;
  return { tests: Number(tests), failures: Number(failures), errors: Number(errors) };
};
const verdictOf = (run: CliRun) => (run.report as unknown as { verdict: { status: string; exitCode: number; headline: string } }).verdict;

// Side by side, and the two runs under the recorded expectations too: each run mostly starts up.
describe.concurrent('one verdict everywhere', { timeout: 600_000 }, () => {
  test('expected departures: exit 0, "conformant except", EXPECTED not FAILED; stale ones under --strict-expectations: exit 1, said everywhere', async ({
    expect,
  }) => {
    const first = await runCli([...ONE_CHECK, '--fault', FAULT]);
    expect(first.status, first.stderr).toBe(1);
    expect(first.stdout).toContain(`FAILED engine-1.22 ${CHECK}`);
    const expectations = path.join(first.reportDir, 'expectations.json');
    expect((await runCommand(['expectations', 'update', '--from', path.join(first.reportDir, 'report.json'), '--out', expectations])).status).toBe(0);

    const [gated, stale] = await Promise.all([
      runCli([...ONE_CHECK, '--fault', FAULT, '--expectations', expectations]),
      // The fault is gone: the expected departure no longer happens.
      runCli([...ONE_CHECK, '--expectations', expectations, '--strict-expectations']),
    ]);
    expect(gated.status, gated.stderr).toBe(0);
    expect(gated.stdout).toContain(`EXPECTED failed engine-1.22 ${CHECK}`);
    expect(gated.stdout).not.toMatch(/^FAILED /m);
    expect(gated.stdout).toContain('verdict: conformant except 1 expected departure (exit 0)');
    expect(read(gated, 'summary.md')).toMatch(/^## Conformance: .* conformant except 1 expected departure$/m);
    expect(read(gated, 'summary.md')).not.toContain('not conformant');
    expect(junitCounts(read(gated, 'junit.xml'))).toMatchObject({ failures: 0, errors: 0 });
    expect(verdictOf(gated)).toMatchObject({ status: 'conformant-except-expected', exitCode: 0 });

    expect(stale.status, stale.stderr).toBe(1);
    expect(stale.stdout).toMatch(/verdict: stale expectations: 1 expected departure no longer seen \(--strict-expectations\) \(exit 1\)/);
    expect(stale.stdout).toContain(`stale: engine-1.22 ${CHECK} was expected to be failed, is passed`);
    expect(read(stale, 'summary.md')).toMatch(/^## Conformance: .* stale expectations/m);
    expect(read(stale, 'summary.md')).not.toMatch(/^## Conformance: .* conformant/m);
    expect(junitCounts(read(stale, 'junit.xml')).failures).toBe(1);
    expect(verdictOf(stale)).toMatchObject({ status: 'stale-expectations', exitCode: 1 });
  });

  test('an unreachable target: exit 3, and junit.xml is not a clean pass', async ({ expect }) => {
    const run = await runCli(['--target', 'unix:///nonexistent/engine.sock', '--suite', 'engine-1.22', '--timeout-ms', '1000']);
    expect(run.status).toBe(3);
    expect(run.stdout).toContain('verdict: target unreachable: no verdict (exit 3)');
    const junit = read(run, 'junit.xml');
    expect(junitCounts(junit).errors).toBeGreaterThanOrEqual(1);
    expect(junit).toContain('name="target unreachable"');
    expect(read(run, 'summary.md')).toMatch(/^## Conformance: .* target unreachable/m);
    expect(verdictOf(run)).toMatchObject({ status: 'unreachable', exitCode: 3 });
  });
});
