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

describe('discriminatingPairs where each value names one object (unique names)', () => {
  const region = (name: string, provider: string) => ({ name, provider });

  test('a name and the provider of another object, which no object holds together, are asked', () => {
    const full = [region('lon1', 'do'), region('nyc3', 'do'), region('us-east-1', 'aws')];
    const [pair] = discriminatingPairs(full, ['name', 'provider']);
    expect(pair).toBeDefined();
    expect(full.some((r) => r.name === pair!.name && r.provider === pair!.provider)).toBe(false);
  });

  test('a list-valued field pairs by its members', () => {
    const full = [
      { name: 't2', regions: ['us-east-1', 'eu-west-1'] },
      { name: 'm4', regions: ['us-east-1'] },
    ];
    expect(discriminatingPairs(full, ['name', 'regions'])).toEqual([{ name: 'm4', regions: 'eu-west-1' }]);
  });
});
