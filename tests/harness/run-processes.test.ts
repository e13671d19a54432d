import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { jitTieringFlags } from '../../bin/jit-tiering.mjs';
import { CHECKS_PER_WORKER, REAL_TARGET_WORKERS, workersFor } from '../../harness/run/options.ts';
import { runCommand } from '../support/run-cli.ts';

test('each checked V8 gets the flag that raises its optimizing threshold, any other none', () => {
  expect(jitTieringFlags('11.3.244.8-node.37')).toEqual(['--interrupt-budget=1081344']);
  expect(jitTieringFlags('12.4.254.21-node.57')).toEqual(['--invocation-count-for-turbofan=48000']);
  expect(jitTieringFlags('13.6.233.17-node.53')).toEqual(['--invocation-count-for-turbofan=48000']);
  expect(jitTieringFlags('11.8.172.17-node.16')).toEqual([]);
  expect(jitTieringFlags('14.1.0.0')).toEqual([]);
});

test('this node starts with the flags chosen for its V8 (it refuses a flag its V8 lacks)', () => {
  const started = spawnSync(process.execPath, [...jitTieringFlags(), '-e', 'process.exit(0)'], { encoding: 'utf8' });
  expect(started.stderr).toBe('');
  expect(started.status).toBe(0);
  const refused = spawnSync(process.execPath, ['--no-such-v8-flag-for-this-test', '-e', 'process.exit(0)'], { encoding: 'utf8' });
  expect(refused.status).not.toBe(0);
});

test('an embedded run (one file per suite) has a worker per suite, at most one per core, fewer for few checks', () => {
  const cores = availableParallelism();
  expect(workersFor('whole-suites', true, ['cloud'])).toBe(1);
  expect(workersFor('whole-suites', true, ['engine-1.18', 'engine-1.22'])).toBe(Math.min(2, cores));
  expect(workersFor('whole-suites', true, ['engine-1.18', 'engine-1.22', 'cloud'])).toBe(Math.min(3, cores));
  expect(workersFor('whole-suites', true, ['engine-1.18', 'engine-1.22', 'cloud'], CHECKS_PER_WORKER)).toBe(1);
  expect(workersFor('whole-suites', true, ['engine-1.18', 'engine-1.22'], 0)).toBe(1);
});

test('a run of section files: embedded, the cloud suite alone has one worker fewer than runs with the engine suites', () => {
  const engine = workersFor('sections', true, ['engine-1.18', 'engine-1.22']);
  expect(engine).toBe(Math.min(4, availableParallelism() + 1));
  expect(workersFor('sections', true, ['engine-1.22', 'cloud'])).toBe(engine);
  expect(workersFor('sections', true, ['cloud'])).toBe(Math.max(1, engine - 1));
  expect(workersFor('sections', false, ['cloud'])).toBe(REAL_TARGET_WORKERS);
  expect(workersFor('sections', false, ['engine-1.22'])).toBe(REAL_TARGET_WORKERS);
});

test("an embedded run of few section files' checks has fewer workers: one per CHECKS_PER_WORKER checks; another target keeps REAL_TARGET_WORKERS", () => {
  const most = workersFor('sections', true, ['engine-1.22']);
  expect(workersFor('sections', true, ['engine-1.22'], 0)).toBe(1);
  expect(workersFor('sections', true, ['engine-1.22'], CHECKS_PER_WORKER)).toBe(1);
  expect(workersFor('sections', true, ['engine-1.22'], CHECKS_PER_WORKER + 1)).toBe(Math.min(2, most));
  expect(workersFor('sections', true, ['engine-1.22'], 100 * CHECKS_PER_WORKER)).toBe(most);
  expect(workersFor('sections', true, ['cloud'], 100 * CHECKS_PER_WORKER)).toBe(workersFor('sections', true, ['cloud']));
  expect(workersFor('sections', false, ['engine-1.22'], 1)).toBe(REAL_TARGET_WORKERS);
});

/**
 * The vitest workers a `conformance run` of the system checks of both engine suites (two files)
 * started, counted by a module preloaded into each of its node processes.
 */
async function workersOfRun(args: string[]): Promise<number> {
  const dir = mkdtempSync(path.join(tmpdir(), 'conformance-processes-'));
  const log = path.join(dir, 'processes.log');
  const preload = fileURLToPath(new URL('../support/process-log.cjs', import.meta.url));
  const env = { ...process.env, NODE_OPTIONS: `--require ${JSON.stringify(preload)}`, CONFORMANCE_TEST_PROCESS_LOG: log };
  const run = await runCommand(['run', '--suite', 'engine-1.18', '--suite', 'engine-1.22', '--grep', '^engine/system/', '--report-dir', dir, '-q', ...args], {
    env,
  });
  expect(run.status, run.stderr).toBe(0);
  const entries = readFileSync(log, 'utf8').trim().split('\n');
  expect(entries.filter((e) => e.endsWith('bin/conformance.mjs'))).toHaveLength(2);
  return entries.filter((e) => /vitest[/\\]dist[/\\]workers[/\\]/.test(e)).length;
}

test('a run of a few checks starts one worker; --workers sets the number', async () => {
  expect(await workersOfRun([])).toBe(1);
  expect(await workersOfRun(['--workers', '2'])).toBe(2);
}, 60_000);
