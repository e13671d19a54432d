/**
 * How long the suites take end to end, through the CLI as a user runs them: both engine suites
 * and the cloud suite against the embedded reference targets, and both engine suites against a
 * real Docker daemon when one can be started here (root, dockerd installed). The goal the
 * project keeps: both engine suites under 2 minutes against the real daemon on 2 cores.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runCli } from '../tests/support/run-cli.ts';
import type { BenchResult } from './types.ts';

const SCRIPT = fileURLToPath(new URL('../scripts/real-engine.sh', import.meta.url));

async function timed(name: string, args: string[]): Promise<BenchResult> {
  const started = Date.now();
  const run = await runCli(args);
  const ms = Date.now() - started;
  const s = run.report?.summary;
  return { name, ms, heapMB: 0, note: s ? `${s.total} checks, ${s.failed} failed, ${s.errors} errors; report says ${run.report!.durationMs} ms` : `no report (exit ${run.status})` };
}

export async function run(): Promise<BenchResult[]> {
  if (process.env.BENCH_SUITES === '0') return [];
  const results = [
    await timed('engine 1.18 + 1.22, embedded', ['--suite', 'engine-1.18', '--suite', 'engine-1.22']),
    await timed('cloud, embedded', ['--suite', 'cloud']),
  ];
  const canRunDaemon = process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v dockerd']).status === 0;
  if (canRunDaemon) {
    const url = execFileSync(SCRIPT, ['start'], { encoding: 'utf8' }).trim().split('\n').pop()!;
    results.push(await timed('engine 1.18 + 1.22, real daemon (goal < 120000 ms)', ['--target', url, '--suite', 'engine-1.18', '--suite', 'engine-1.22', '--registry', '127.0.0.1:5000']));
  }
  return results;
}
