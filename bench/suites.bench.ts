/**
 * How long the suites take end to end, through the CLI as a user runs them, against the goals of
 * issue 14 (2 cores): both engine suites against the embedded reference at most 10 s, the cloud
 * suite at most 5 s, all three (npm start) at most 20 s; both engine suites against a real Docker
 * daemon (started here when root and dockerd allow) at most 60 s. Each run's report.json gives
 * the time profile (per spec-section file, the slowest checks; bench/profile/).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runCli } from '../tests/support/run-cli.ts';
import { counted, describeCounts } from './instructions.ts';
import { profileAndStore, type ProfiledRun } from './profile/index.ts';
import type { BenchOutput, BenchResult } from './types.ts';

const SCRIPT = fileURLToPath(new URL('../scripts/real-engine.sh', import.meta.url));

/** Clock ticks per second of /proc's CPU times. */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * CPU time (user + system) of the children this process has waited for: a run's supervisor, its
 * main process and its vitest workers, which each reaps in turn. Linux (/proc) only. The runs are
 * CPU-bound on 2 cores and other work on the machine stretches their wall time: CPU time says
 * more about a change than wall time does, and instructions (instructions.ts) more still.
 */
function reapedChildrenCpuMs(): number | undefined {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // cutime and cstime: fields 16 and 17 of proc(5), counted from the state (field 3) here.
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/** `name` keys the run in the stored profile (a later profile is compared by it); the goal labels the table row. */
async function timed(name: string, target: string, suites: string[], goalMs: number, extra: string[] = []): Promise<{ result: BenchResult; run: ProfiledRun }> {
  const started = Date.now();
  const cpuBefore = reapedChildrenCpuMs();
  const { result: run, counts } = await counted(() => runCli([...extra, ...suites.flatMap((s) => ['--suite', s])]));
  const ms = Date.now() - started;
  const cpuAfter = reapedChildrenCpuMs();
  const cpu =
    (cpuBefore === undefined || cpuAfter === undefined ? '' : `; CPU ${((cpuAfter - cpuBefore) / 1000).toFixed(1)} s (user + system)`) + describeCounts(counts);
  const s = run.report?.summary;
  const verdict = ms <= goalMs ? 'within the goal' : 'OVER THE GOAL';
  const result = {
    name: `${name} (goal <= ${goalMs} ms)`,
    ms,
    heapMB: 0,
    note: s
      ? `${verdict}; ${s.total} checks, ${s.failed} failed, ${s.errors} errors; report says ${run.report!.durationMs} ms${cpu}`
      : `no report (exit ${run.status})${cpu}`,
  };
  return { result, run: { name, target, suites, wallMs: ms, report: run.report, status: run.status, ...(counts ? { counts } : {}) } };
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
