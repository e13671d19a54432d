import { describe, expect, test } from 'vitest';
import { readingsOf, valuesAdmit } from '../../suites/engine/support/filter-values.ts';
import { readingsFit } from '../../suites/engine/support/network-filters.ts';
import type { Network } from '../../suites/engine/support/resources.ts';

const network = (Name: string, Id: string): Network => ({ Name, Id, Driver: 'bridge', IPAM: {}, Containers: null, Options: null });
const known = [network('bridge', 'b0b0'), network('host', 'c1c1'), network('alpha-one', 'a1a1'), network('alpha-two', 'a2a2')];
const fitOf = (filters: Record<string, string[]>, listed: string[]) => readingsFit(filters, known, new Set(listed));

describe('the readings of several values under one filter key (support/filter-values.ts)', () => {
  test('a key takes either reading; several keys each their own', () => {
    expect(valuesAdmit('any', [false, true])).toBe(true);
    expect(valuesAdmit('every', [false, true])).toBe(false);
    expect(readingsOf(['name', 'type'])).toEqual([
      { name: 'any', type: 'any' },
      { name: 'any', type: 'every' },
      { name: 'every', type: 'any' },
      { name: 'every', type: 'every' },
    ]);
  });

  test('values as alternatives and values all required are both accepted, and an answer is told which it fits', () => {
    const filters = { name: ['alpha', 'one'] };
    expect(fitOf(filters, ['alpha-one', 'alpha-two']).fitting).toEqual([{ name: 'any' }]);
    expect(fitOf(filters, ['alpha-one']).fitting).toEqual([{ name: 'every' }]);
  });

  test('type custom and builtin together: every network, or none', () => {
    const filters = { type: ['custom', 'builtin'] };
    expect(fitOf(filters, ['bridge', 'host', 'alpha-one', 'alpha-two']).fitting).toEqual([{ type: 'any' }]);
    expect(fitOf(filters, []).fitting).toEqual([{ type: 'every' }]);
  });

  test('an answer that fits neither reading fails, saying how it departs from each', () => {
    // host is no part of either value: listed, it is a stray under both readings.
    const fit = fitOf({ name: ['alpha-t', 'bri'] }, ['alpha-two', 'bridge', 'host']);
    expect(fit.fitting).toEqual([]);
    expect(fit.why).toMatch(/^no reading of the values of one key fits: /);
    expect(fit.why).toContain('name as alternatives: left out [] (the filters admit them, wholly or by a leading part), listed ["host"]');
    expect(fit.why).toContain('name all required: left out [] (the filters admit them, wholly or by a leading part), listed ["bridge","host","alpha-two"]');
  });

  test('several keys all apply under either reading of their values', () => {
    // name alpha admits both custom networks; type builtin admits neither: nothing is listed.
    expect(fitOf({ name: ['alpha'], type: ['builtin'] }, []).fitting).toEqual([{}]);
    expect(fitOf({ name: ['alpha'], type: ['builtin'] }, ['alpha-one', 'alpha-two', 'bridge', 'host']).fitting).toEqual([]);
  });
});
