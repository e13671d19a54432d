import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { notPassing, runCli } from '../support/run-cli.ts';

const SCRIPT = fileURLToPath(new URL('../../scripts/real-engine.sh', import.meta.url));
const EXPECTATIONS = fileURLToPath(new URL('../../expectations/docker-20.10-debian.json', import.meta.url));
const isRoot = process.getuid?.() === 0;
const hasDockerd = spawnSync('sh', ['-c', 'command -v dockerd']).status === 0;
const reason = !isRoot ? 'needs root to start dockerd' : !hasDockerd ? 'dockerd is not installed (apt-get install -y docker.io busybox-static)' : '';

describe.skipIf(reason !== '')(`the engine suites against a real Docker daemon${reason ? ` (skipped: ${reason})` : ''}`, () => {
  let started = false;
  afterAll(() => {
    if (started && process.env.CONFORMANCE_KEEP_DAEMON !== '1') execFileSync(SCRIPT, ['stop']);
  });

  test('only the recorded departures fail; none is a harness error; each failure carries its evidence', async () => {
    const url = execFileSync(SCRIPT, ['start'], { encoding: 'utf8' }).trim().split('\n').pop()!;
    started = true;
    expect(existsSync(EXPECTATIONS)).toBe(true);
    const run = await runCli(['--target', url, '--suite', 'engine-1.18', '--suite', 'engine-1.22', '--expectations', EXPECTATIONS, '--strict-expectations', '--registry', '127.0.0.1:5000']);
    const report = run.report!;
    expect(report, run.stderr).toBeDefined();
    expect(report.harnessErrors).toEqual([]);
    expect(report.results.filter((r) => r.outcome === 'error').map((r) => `${r.id}: ${r.message}`)).toEqual([]);
    expect(report.expectations?.unexpected, notPassing(report).join('\n')).toEqual([]);
    expect(report.expectations?.stale.map((s) => `${s.suite} ${s.id} now ${s.actual.join(',')}`)).toEqual([]);
    for (const failed of report.results.filter((r) => r.outcome === 'failed')) {
      expect(failed.requirements.length, failed.id).toBeGreaterThan(0);
      expect(failed.transcript?.length ?? 0, `${failed.id} has a transcript`).toBeGreaterThan(0);
    }
    expect(run.status).toBe(0);
    process.stdout.write(`real daemon: ${report.summary.total} checks in ${report.durationMs} ms, ${report.summary.failed} expected departures\n`);
  });
});
