import { existsSync } from 'node:fs';
import { afterAll, describe, expect, inject, test } from 'vitest';
import type { Report } from '../../harness/report/report.ts';
import { notPassing, readReport } from '../support/run-cli.ts';
import { earlyOutcome } from './early-run.ts';
import { expectationsOf, runAgainst, stopTarget, unavailableReason, type RealTarget } from './real-target.ts';

interface RealRun {
  status: number | null;
  stderr: string;
  report: Report | undefined;
}

/** The run its project's global setup started early (see early-run.ts), or one started here. */
async function realRun(target: RealTarget, early: string | undefined): Promise<RealRun> {
  if (!early) return runAgainst(target);
  const outcome = await earlyOutcome(early);
  if (outcome.error) throw new Error(`${target.name} could not be started: ${outcome.error}`);
  return { status: outcome.status, stderr: outcome.stderr, report: readReport(outcome.reportDir) };
}

/**
 * Both engine suites against a real implementation: started by its script (root), gated by its
 * recorded departures with --strict-expectations; every failure carries requirements and a transcript.
 */
export function realTargetSuite(target: RealTarget): void {
  const reason = unavailableReason(target);

  describe.skipIf(reason !== '')(`the engine suites against ${target.name}${reason ? ` (skipped: ${reason})` : ''}`, () => {
    let startedHere = false;
    afterAll(async () => {
      if (startedHere) await stopTarget(target);
    });

    test('only the recorded departures fail; none is a harness error; each failure carries its evidence', async () => {
      expect(existsSync(expectationsOf(target))).toBe(true);
      const early = inject('earlyRealRuns')?.[target.slug];
      startedHere = !early;
      const run = await realRun(target, early);
      const report = run.report!;
      expect(report, run.stderr).toBeDefined();
      expect(report.harnessErrors).toEqual([]);
      expect(report.leftovers ?? []).toEqual([]);
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
