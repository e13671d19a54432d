/**
 * Peak resident memory of `conformance run`, one suite per run, as a user runs it: each suite
 * against the embedded reference targets, and engine-1.22 against hostile targets (a gzip bomb,
 * an endless body, JSON nested 100000 deep). Goals (issue 13): at most 300 MB for a suite
 * against the embedded target, 400 MB against any hostile one. BENCH_MEMORY=0 skips this file;
 * BENCH_HOSTILE=0 skips the hostile targets.
 */
import type http from 'node:http';
import { MISBEHAVIOURS, serveHostile } from '../tests/support/hostile-server.ts';
import { measureRun, type MeasuredRun } from './peak-rss.ts';
import type { BenchResult } from './types.ts';

const EMBEDDED_GOAL_MB = 300;
const HOSTILE_GOAL_MB = 400;
const HOSTILE = ['answers a gzip bomb', 'sends an endless body', 'answers JSON nested 100000 deep'];

export async function run(): Promise<BenchResult[]> {
  if (process.env.BENCH_MEMORY === '0') return [];
  const results: BenchResult[] = [];
  for (const suite of ['engine-1.18', 'engine-1.22', 'cloud']) {
    results.push(result(`${suite}, embedded (goal <= ${EMBEDDED_GOAL_MB} MB)`, await measureRun(['--suite', suite]), EMBEDDED_GOAL_MB));
  }
  if (process.env.BENCH_HOSTILE === '0') return results;
  for (const name of HOSTILE) {
    const { url, server } = await serveHostile(MISBEHAVIOURS[name]!);
    try {
      const measured = await measureRun(['--target', url, '--suite', 'engine-1.22', '--timeout-ms', '1000']);
      results.push(result(`engine-1.22, target that ${name} (goal <= ${HOSTILE_GOAL_MB} MB)`, measured, HOSTILE_GOAL_MB));
    } finally {
      await close(server);
    }
  }
  return results;
}

function result(name: string, run: MeasuredRun, goalMB: number): BenchResult {
  const s = run.report?.summary;
  const outcome = s ? `${s.total} checks, ${s.failed} failed, ${s.errors} errors` : `no report (exit ${run.status})`;
  const verdict = run.peakRssMB === undefined ? 'peak RSS not measurable here' : run.peakRssMB <= goalMB ? 'within the goal' : 'OVER THE GOAL';
  return { name, ms: run.ms, heapMB: 0, ...(run.peakRssMB !== undefined ? { peakRssMB: run.peakRssMB } : {}), note: `${verdict} (${run.how}); ${outcome}` };
}

function close(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
