import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import type { CheckRecord } from '../../harness/check/types.ts';
import { checkDurationsFile, durationKey, readCheckDurations, storeCheckDurations } from '../../harness/run/check-order.ts';

const record = (suite: CheckRecord['suite'], id: string, durationMs: number): CheckRecord => ({
  id,
  suite,
  title: id,
  requirements: [id],
  outcome: { status: 'passed', message: '', observations: [], transcript: [], durationMs },
});

test("a run's check durations are kept per suite, and a later run updates its checks and keeps the others'", () => {
  const file = checkDurationsFile(mkdtempSync(path.join(tmpdir(), 'check-order-')));
  expect(readCheckDurations(file).size).toBe(0);
  storeCheckDurations(file, [record('engine-1.18', 'engine/x', 40), record('engine-1.22', 'engine/x', 70), record('cloud', 'cloud/y', 900)]);
  storeCheckDurations(file, [record('cloud', 'cloud/y', 300)]);
  const read = readCheckDurations(file);
  expect(read.get(durationKey('engine-1.18', 'engine/x'))).toBe(40);
  expect(read.get(durationKey('engine-1.22', 'engine/x'))).toBe(70);
  expect(read.get(durationKey('cloud', 'cloud/y'))).toBe(300);
});

test('no file, a damaged one, or values that are not durations read as no durations', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'check-order-'));
  expect(readCheckDurations(undefined).size).toBe(0);
  expect(readCheckDurations(path.join(dir, 'missing.json')).size).toBe(0);
  const damaged = path.join(dir, 'damaged.json');
  writeFileSync(damaged, '{"cloud a": 1');
  expect(readCheckDurations(damaged).size).toBe(0);
  const odd = path.join(dir, 'odd.json');
  writeFileSync(odd, JSON.stringify({ 'cloud a': 'slow', 'cloud b': 12 }));
  expect([...readCheckDurations(odd)]).toEqual([['cloud b', 12]]);
});
