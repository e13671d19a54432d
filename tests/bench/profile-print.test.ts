import { expect, test } from 'vitest';
import { profileLines } from '../../bench/profile/print.ts';
import type { RunProfile, TimeProfile } from '../../bench/profile/types.ts';

const run = (instructions?: number): RunProfile => ({
  name: 'engine-1.18 + 1.22, real daemon',
  suites: ['engine-1.18', 'engine-1.22'],
  target: 'real daemon',
  wallMs: 60_000,
  reportMs: 59_000,
  checks: 731,
  checkMsSum: 200_000,
  files: [],
  slowest: [],
  ...(instructions ? { counts: { instructions, cycles: 2 * instructions } } : {}),
});

const profile = (r: RunProfile, date: string): TimeProfile => ({ profileVersion: 1, date, node: 'v20', platform: 'linux-x64', runs: [r], slowest: [] });

test('a run counted by perf shows its machine-wide instructions and their change since the previous profile', () => {
  const lines = profileLines(profile(run(214.7e9), '2026-11-27'), profile(run(315.2e9), '2026-11-26'));
  const row = lines.find((l) => l.startsWith('engine-1.18 + 1.22, real daemon'));
  expect(row).toMatch(/\b214\.7\b/);
  expect(row).toMatch(/-31\.9%/);
});

test('a run perf could not count shows no instructions', () => {
  const lines = profileLines(profile(run(), '2026-11-27'), undefined);
  const row = lines.find((l) => l.startsWith('engine-1.18 + 1.22, real daemon'));
  expect(row).not.toMatch(/%/);
  expect(row!.split(/\s{2,}/)).toContain('-');
});
