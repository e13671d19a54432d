import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { expect, test } from 'vitest';
import { jitTieringFlags } from '../../bin/jit-tiering.mjs';
import { workersFor } from '../../harness/run/options.ts';

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

test('an embedded run of the cloud suite alone has one worker fewer than runs with the engine suites', () => {
  const engine = workersFor(true, ['engine-1.18', 'engine-1.22']);
  expect(engine).toBe(Math.min(4, availableParallelism() + 1));
  expect(workersFor(true, ['engine-1.22', 'cloud'])).toBe(engine);
  expect(workersFor(true, ['cloud'])).toBe(Math.max(1, engine - 1));
  expect(workersFor(false, ['cloud'])).toBe(3);
  expect(workersFor(false, ['engine-1.22'])).toBe(3);
});
