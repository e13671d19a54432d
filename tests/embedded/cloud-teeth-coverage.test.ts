import { expect, test } from 'vitest';
import { CLOUD_FAULTS } from '../../reference/cloud/index.ts';
import { CLOUD_TEETH } from './cloud-teeth/index.ts';

test('every named fault of the cloud reference target is caught by at least one check', () => {
  const caught = new Set(CLOUD_TEETH.map((t) => t.fault));
  expect(CLOUD_FAULTS.map((f) => f.name).filter((name) => !caught.has(name))).toEqual([]);
});
