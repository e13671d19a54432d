import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { notPassing, runCli } from '../support/run-cli.ts';

/** A real engine implementation the layer starts with its script and gates by its expectations. */
export interface RealTarget {
  /** What the describe block calls it: "a real Docker daemon". */
  name: string;
  /** Where its report.json is kept under $CONFORMANCE_REAL_REPORTS (for CI's differential matrix). */
  slug: string;
  /** scripts/<script> start|stop */
  script: string;
  /** expectations/<file> */
  expectations: string;
  /** The program that must be installed, and how to install it. */
  binary: string;
  install: string;
  /** The host:port of the registry its script starts beside it. */
  registry: string;
  /** More `conformance run` options for this implementation. */
  runArgs?: string[];
}

const root = (relative: string) => fileURLToPath(new URL(`../../${relative}`, import.meta.url));

/** Copies a run's report.json to $CONFORMANCE_REAL_REPORTS/<slug>/ when that is set. */
function keepReport(slug: string, reportDir: string): void {
  const keep = process.env.CONFORMANCE_REAL_REPORTS;
  if (!keep) return;
  mkdirSync(path.join(keep, slug), { recursive: true });
  copyFileSync(path.join(reportDir, 'report.json'), path.join(keep, slug, 'report.json'));
}

/**
 * Both engine suites against a real implementation: started by its script (root), gated by its
 * recorded departures with --strict-expectations; every failure carries requirements and a transcript.
 */
export function realTargetSuite(target: RealTarget): void {
  const script = root(`scripts/${target.script}`);
  const expectations = root(`expectations/${target.expectations}`);
  const isRoot = process.getuid?.() === 0;
  const installed = spawnSync('sh', ['-c', `command -v ${target.binary}`]).status === 0;
  const reason = !isRoot ? `needs root to start ${target.binary}` : !installed ? `${target.binary} is not installed (${target.install})` : '';

  describe.skipIf(reason !== '')(`the engine suites against ${target.name}${reason ? ` (skipped: ${reason})` : ''}`, () => {
    let started = false;
    afterAll(() => {
      if (started && process.env.CONFORMANCE_KEEP_DAEMON !== '1') execFileSync(script, ['stop']);
    });

    test('only the recorded departures fail; none is a harness error; each failure carries its evidence', async () => {
      const url = execFileSync(script, ['start'], { encoding: 'utf8' }).trim().split('\n').pop()!;
      started = true;
      expect(existsSync(expectations)).toBe(true);
      const run = await runCli([
        '--target',
        url,
        '--suite',
        'engine-1.18',
        '--suite',
        'engine-1.22',
        '--expectations',
        expectations,
        '--strict-expectations',
        '--registry',
        target.registry,
        ...(target.runArgs ?? []),
      ]);
      const report = run.report!;
      expect(report, run.stderr).toBeDefined();
      keepReport(target.slug, run.reportDir);
      expect(report.harnessErrors).toEqual([]);
      expect(report.results.filter((r) => r.outcome === 'error').map((r) => `${r.id}: ${r.message}`)).toEqual([]);
      expect(report.expectations?.unexpected, notPassing(report).join('\n')).toEqual([]);
      expect(report.expectations?.stale.map((s) => `${s.suite} ${s.id} now ${s.actual.join(',')}`)).toEqual([]);
      for (const failed of report.results.filter((r) => r.outcome === 'failed')) {
        expect(failed.requirements.length, failed.id).toBeGreaterThan(0);
        expect(failed.transcript?.length ?? 0, `${failed.id} has a transcript`).toBeGreaterThan(0);
      }
      expect(run.status).toBe(0);
      process.stdout.write(`${target.name}: ${report.summary.total} checks in ${report.durationMs} ms, ${report.summary.failed} expected departures\n`);
    });
  });
}
