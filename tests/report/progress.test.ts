import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { duration, Progress } from '../../harness/report/progress.ts';

let written: string[];
let clock: number;
const out = { write: (text: string) => written.push(text) };
const progress = (tty: boolean) => new Progress({ out, tty, now: () => clock, heartbeatMs: 30_000 });

beforeEach(() => {
  written = [];
  clock = 0;
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

test('on a terminal: N/M checks with the total known from the start, pass/fail counts, an ETA, one line rewritten', () => {
  const p = progress(true);
  p.start(100);
  expect(written).toEqual(['\r0/100 checks, 0 passed, 0 failed, ETA -, 0s elapsed\x1b[K']);
  for (let i = 0; i < 9; i++) {
    clock += 1000;
    p.checkDone('passed');
  }
  clock += 1000;
  p.checkDone('failed');
  // 10 checks in 10 s: 90 more take about 90 s.
  expect(written.at(-1)).toBe('\r10/100 checks, 9 passed, 1 failed, ETA 1m30s\x1b[K');
  p.checkDone('error');
  expect(written.at(-1)).toMatch(/^\r11\/100 checks, 9 passed, 1 failed, 1 errors, ETA /);
  p.fileDone('engine-1.22/containers');
  expect(written.join('')).not.toContain('\n');
  p.stop();
  expect(written.at(-1)).toBe('\n');
});

test('in a CI log: a line per finished suite file, and one at least every 30 s while nothing else is said', () => {
  const p = progress(false);
  p.start(50);
  expect(written).toEqual([]);
  p.checkDone('passed');
  expect(written).toEqual([]);
  clock = 10_000;
  vi.advanceTimersByTime(10_000);
  p.fileDone('cloud/auth');
  expect(written).toEqual(['conformance: cloud/auth finished: 1/50 checks, 1 passed, 0 failed, ETA -, 10s elapsed\n']);
  clock = 39_000;
  vi.advanceTimersByTime(29_000);
  expect(written).toHaveLength(1);
  clock = 40_000;
  vi.advanceTimersByTime(1000);
  expect(written.at(-1)).toBe('conformance: running: 1/50 checks, 1 passed, 0 failed, ETA -, 40s elapsed\n');
  clock = 70_000;
  vi.advanceTimersByTime(30_000);
  expect(written).toHaveLength(3);
  p.stop();
  vi.advanceTimersByTime(120_000);
  expect(written).toHaveLength(3);
});

test('a total that the plan missed grows; done never exceeds what is shown as the total', () => {
  const p = progress(true);
  p.start(1);
  p.grow(2);
  p.checkDone('passed');
  expect(p.status()).toMatch(/^1\/3 checks/);
  p.checkDone('passed');
  p.checkDone('passed');
  p.checkDone('passed');
  expect(p.status()).toMatch(/^4\/4 checks/);
});

test("the results the run adds after its checks (the judge's departures) end the count the summary states", () => {
  for (const tty of [true, false]) {
    written = [];
    const p = progress(tty);
    p.start(2);
    p.checkDone('passed');
    p.checkDone('passed');
    p.stop();
    p.judged(['failed', 'informational']);
    expect(written.at(-1)).toMatch(/^conformance: judged the exchanges: 4\/4 checks, 2 passed, 1 failed, /);
    expect(written.at(-1)).toMatch(/\n$/);
  }
  // A run that never started its checks (an unreachable target) says nothing more.
  written = [];
  progress(false).judged(['failed']);
  expect(written).toEqual([]);
});

test('durations read as 45s, 1m05s, 1h02m', () => {
  expect([duration(45_000), duration(65_000), duration(3_720_000), duration(-5)]).toEqual(['45s', '1m05s', '1h02m', '0s']);
});
