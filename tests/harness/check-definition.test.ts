import { expect, test } from 'vitest';
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
