import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import {
  MISSED_CROSSING_WORDS,
  MISSED_FIRST_READ_WORDS,
  MISSED_OVERLAP_WORDS,
  MISSED_WINDOW_WORDS,
  missedAny,
  missedWindow,
} from '../support/missed-window.ts';

const SUITES = fileURLToPath(new URL('../../suites/', import.meta.url));
const sources = (readdirSync(SUITES, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts')).map((f) => readFileSync(path.join(SUITES, f), 'utf8'));

test.each([...MISSED_WINDOW_WORDS, MISSED_CROSSING_WORDS, MISSED_OVERLAP_WORDS, MISSED_FIRST_READ_WORDS])(
  'the suites still write the words "%s" (reworded, its run would no longer be made again)',
  (words) => {
    expect(sources.some((text) => text.includes(words))).toBe(true);
  },
);

test('only a skip that names a missed window counts', () => {
  const message = 'Starting is transitional and had already passed (state Running) when the check could act';
  expect(missedWindow('skipped', message)).toBe(true);
  expect(missedWindow('failed', message)).toBe(false);
  expect(missedWindow('skipped', 'the registry list is empty: nothing to get')).toBe(false);
});

test("a pass that names a missed crossing of the target's second counts; another observation does not", () => {
  const observations = [`no date of the finished actions splits them (${MISSED_CROSSING_WORDS})`];
  expect(missedAny({ status: 'passed', message: '', observations })).toBe(true);
  expect(missedAny({ status: 'failed', message: '', observations })).toBe(false);
  expect(missedAny({ status: 'passed', message: '', observations: ['filtered by each state held: Running'] })).toBe(false);
});

test('a pass that names a missed overlap of two actions counts', () => {
  expect(missedAny({ status: 'passed', message: '', observations: [`${MISSED_OVERLAP_WORDS}: the start ran ...`] })).toBe(true);
  expect(missedAny({ status: 'failed', message: '', observations: [MISSED_OVERLAP_WORDS] })).toBe(false);
});
