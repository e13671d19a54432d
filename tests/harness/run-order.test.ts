import { expect, test } from 'vitest';
import type { CheckContext } from '../../harness/check/context.ts';
import { inRunOrder, type SuiteBinding } from '../../harness/check/register.ts';
import type { Check } from '../../harness/check/types.ts';

const check = (id: string, hints: { serial?: boolean; long?: boolean } = {}): Check<CheckContext> => ({
  id,
  title: id,
  requirements: [id],
  ...hints,
  run: async () => {},
});
const CHECKS = [check('a'), check('timing', { serial: true }), check('b'), check('slow', { long: true }), check('c')];
const binding = (over: Partial<SuiteBinding<CheckContext>>): SuiteBinding<CheckContext> => ({
  suite: 'engine-1.22',
  execute: { requirement: () => undefined, checkTimeoutMs: 1000 },
  createContext: async () => {
    throw new Error('not called');
  },
  ...over,
});
const ids = (checks: Array<Check<CheckContext>>): string[] => checks.map((c) => c.id);

test('a concurrent run registers long checks first and serial ones last, so one group runs the rest beside the long ones', () => {
  expect(ids(inRunOrder(binding({ concurrent: true }), CHECKS))).toEqual(['slow', 'a', 'b', 'c', 'timing']);
});

test('a run one check at a time keeps the file order', () => {
  expect(ids(inRunOrder(binding({ concurrent: false }), CHECKS))).toEqual(['a', 'timing', 'b', 'slow', 'c']);
});

test('where serial checks need not run alone (embedded targets) they keep their place among the others', () => {
  expect(ids(inRunOrder(binding({ concurrent: true, serialAlone: false }), CHECKS))).toEqual(['slow', 'a', 'timing', 'b', 'c']);
});

test("with the last run's durations the checks beside each other start longest first: long ones ahead, unknown ones in order after", () => {
  const last = new Map([
    ['a', 5],
    ['c', 900],
    ['slow', 10],
  ]);
  const lastMs = (c: Check<CheckContext>): number | undefined => last.get(c.id);
  const more = [...CHECKS, check('d'), check('slower', { long: true })];
  expect(ids(inRunOrder(binding({ concurrent: true }), more, lastMs))).toEqual(['slow', 'slower', 'c', 'a', 'b', 'd', 'timing']);
  expect(ids(inRunOrder(binding({ concurrent: false }), more, lastMs))).toEqual(ids(more));
});
