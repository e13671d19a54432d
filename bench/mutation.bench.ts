/**
 * The full mutation run (`conformance mutate`, every generated mutant of the three suites) timed
 * end to end through the CLI, against the goal of issue 33: at most 30 min on this 2-core machine.
 * Long: `npm run bench -- mutation` runs it alone. Its report goes to reports/bench-mutation/.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ConformanceMutationReport } from '../harness/mutation/report.ts';
import type { BenchOutput } from './types.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const GOAL_MS = 30 * 60 * 1000;

export async function run(): Promise<BenchOutput> {
  const reportDir = path.join(ROOT, 'reports', 'bench-mutation');
  const started = Date.now();
  const child = spawnSync(process.execPath, [path.join(ROOT, 'bin', 'conformance.mjs'), 'mutate', '--report-dir', reportDir], { encoding: 'utf8' });
  const ms = Date.now() - started;
  const report = JSON.parse(readFileSync(path.join(reportDir, 'mutation.json'), 'utf8')) as ConformanceMutationReport;
  const suites = Object.entries(report.conformance.suites).map(([suite, c]) => `${suite} ${c.score}% (${c.generated} mutants)`);
  return {
    results: [
      {
        name: 'every mutant of the three suites',
        ms,
        heapMB: 0,
        note: `goal ≤ ${GOAL_MS / 60000} min: ${ms <= GOAL_MS ? 'met' : 'MISSED'}; exit ${child.status}`,
      },
    ],
    text: [`mutation scores: ${suites.join(', ')}`, `legal variations that changed a verdict: ${report.conformance.legal.verdictChanges}`],
  };
}
