import { expect, test } from 'vitest';
import { grepOfChecks, testName } from '../../harness/check/register.ts';
import { defineCheck } from '../../harness/check/types.ts';

const run = async (): Promise<void> => {};

test('a definition without requirements verifies the requirement its id names', () => {
  expect(defineCheck({ id: 'engine/containers/stop/304-already-stopped', title: 't', run }).requirements).toEqual([
    'engine/containers/stop/304-already-stopped',
  ]);
});

test('a definition that lists its requirements keeps them as written', () => {
  const check = defineCheck({ id: 'engine/x/property', title: 't', requirements: ['engine/x', 'engine/y'], run });
  expect(check.requirements).toEqual(['engine/x', 'engine/y']);
});

test('grepOfChecks selects exactly the checks it names, none whose id only starts the same', async () => {
  const { cloudChecks } = await import('../../suites/cloud/all-checks.ts');
  const names = cloudChecks.map((c) => testName(c));
  for (const check of cloudChecks) {
    const pattern = new RegExp(grepOfChecks([check.id]));
    expect(names.filter((n) => pattern.test(n))).toEqual([testName(check)]);
  }
  const two = new RegExp(grepOfChecks([cloudChecks[0]!.id, cloudChecks[1]!.id]));
  expect(names.filter((n) => two.test(n))).toEqual(names.slice(0, 2));
});
