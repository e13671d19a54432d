/**
 * How long the suites take end to end, through the CLI as a user runs them, against the goals of
 * issue 14 (2 cores): both engine suites against the embedded reference at most 10 s, the cloud
 * suite at most 5 s, all three (npm start) at most 20 s; both engine suites against a real Docker
 * daemon (started here when root and dockerd allow) at most 60 s. Each run's report.json gives
 * the time profile (per spec-section file, the slowest checks; bench/profile/).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runCli } from '../tests/support/run-cli.ts';
import { profileAndStore, type ProfiledRun } from './profile/index.ts';
import type { BenchOutput, BenchResult } from './types.ts';

const SCRIPT = fileURLToPath(new URL('../scripts/real-engine.sh', import.meta.url));

/** `name` keys the run in the stored profile (a later profile is compared by it); the goal labels the table row. */
async function timed(name: string, target: string, suites: string[], goalMs: number, extra: string[] = []): Promise<{ result: BenchResult; run: ProfiledRun }> {
  const started = Date.now();
  const run = await runCli([...extra, ...suites.flatMap((s) => ['--suite', s])]);
  const ms = Date.now() - started;
  const s = run.report?.summary;
  const verdict = ms <= goalMs ? 'within the goal' : 'OVER THE GOAL';
  const result = {
    name: `${name} (goal <= ${goalMs} ms)`,
    ms,
    heapMB: 0,
    note: s
      ? `${verdict}; ${s.total} checks, ${s.failed} failed, ${s.errors} errors; report says ${run.report!.durationMs} ms`
      : `no report (exit ${run.status})`,
  };
  return { result, run: { name, target, suites, wallMs: ms, report: run.report, status: run.status } };
}

export async function run(): Promise<BenchOutput> {
  if (process.env.BENCH_SUITES === '0') return { results: [] };
  const runs = [
    await timed('engine-1.18 + 1.22, embedded', 'embedded', ['engine-1.18', 'engine-1.22'], 10_000),
    await timed('cloud, embedded', 'embedded', ['cloud'], 5_000),
    await timed('all suites, embedded', 'embedded', ['engine-1.18', 'engine-1.22', 'cloud'], 20_000),
  ];
  const canRunDaemon = process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v dockerd']).status === 0;
  if (canRunDaemon) {
    const url = execFileSync(SCRIPT, ['start'], { encoding: 'utf8' }).trim().split('\n').pop()!;
    runs.push(
      await timed('engine-1.18 + 1.22, real daemon', 'real daemon', ['engine-1.18', 'engine-1.22'], 60_000, ['--target', url, '--registry', '127.0.0.1:5000']),
    );
  }
  return { results: runs.map((r) => r.result), text: await profileAndStore(runs.map((r) => r.run)) };
}
