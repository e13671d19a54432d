import { describe, expect, test } from 'vitest';
import { discriminatingPairs } from '../../suites/cloud/support/filter-pairs.ts';

const container = (uuid: string, state: string, service: string) => ({ uuid, state, service });

describe('discriminatingPairs (the filter pairs a combination check asks first)', () => {
  test('a pair matched by fewer objects together than by each value alone is asked', () => {
    const full = [container('1', 'Running', 's1'), container('2', 'Stopped', 's1'), container('3', 'Running', 's2')];
    expect(discriminatingPairs(full, ['state', 'service'])).toEqual([{ state: 'Running', service: 's1' }]);
  });

  test('no pair is asked where each value alone already names the same objects (a unique uuid)', () => {
    const full = [container('1', 'Running', 's1'), container('2', 'Running', 's1')];
    expect(discriminatingPairs(full, ['uuid', 'state', 'service'])).toEqual([]);
  });

  test('an object without a value for one parameter is no pair, yet counts for the other', () => {
    const full = [{ state: 'Running', service: null }, container('2', 'Running', 's1'), container('3', 'Stopped', 's1')];
    expect(discriminatingPairs(full, ['state', 'service'])).toEqual([{ state: 'Running', service: 's1' }]);
  });
});
