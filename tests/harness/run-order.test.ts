import { expect, test } from 'vitest';
import type { CheckContext } from '../../harness/check/context.ts';
import { inRunOrder, type SuiteBinding } from '../../harness/check/register.ts';
import type { Check } from '../../harness/check/types.ts';

const check = (id: string, serial = false): Check<CheckContext> => ({ id, title: id, requirements: [id], ...(serial ? { serial } : {}), run: async () => {} });
const CHECKS = [check('a'), check('timing', true), check('b'), check('c')];
const binding = (over: Partial<SuiteBinding<CheckContext>>): SuiteBinding<CheckContext> => ({
  suite: 'engine-1.22',
  execute: { requirement: () => undefined, checkTimeoutMs: 1000 },
  createContext: async () => {
    throw new Error('not called');
  },
  ...over,
});
const ids = (checks: Array<Check<CheckContext>>): string[] => checks.map((c) => c.id);

test('a concurrent run registers its serial checks after the others, so one group runs the rest at once', () => {
  expect(ids(inRunOrder(binding({ concurrent: true }), CHECKS))).toEqual(['a', 'b', 'c', 'timing']);
});

test('a run one check at a time keeps the file order', () => {
  expect(ids(inRunOrder(binding({ concurrent: false }), CHECKS))).toEqual(['a', 'timing', 'b', 'c']);
});

test('where serial checks need not run alone (embedded targets) the file order stays', () => {
  expect(ids(inRunOrder(binding({ concurrent: true, serialAlone: false }), CHECKS))).toEqual(['a', 'timing', 'b', 'c']);
});
