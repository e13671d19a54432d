import { describe, expect, test } from 'vitest';
import { sameShown, shapedAs, shownAlike } from '../../harness/protocol/same-shown.ts';

describe('sameShown', () => {
  test('agrees on common keys, lists in any order', () => {
    expect(sameShown({ a: [1, 2], b: { c: 'x' }, only: 1 }, { b: { c: 'x', extra: true }, a: [2, 1] })).toBe(true);
  });
  test('a list cut short, emptied or holding an item twice does not agree', () => {
    for (const list of [[1], [], [1, 2, 1], [1, 1]]) expect(sameShown({ a: list }, { a: [1, 2] })).toBe(false);
  });
  test('null, another type or another value does not agree', () => {
    for (const value of [null, '1', 2]) expect(sameShown({ a: value }, { a: 1 })).toBe(false);
  });
});

describe('shapedAs and shownAlike', () => {
  const shape = { R: { Name: '', Max: 0 }, L: [{ P: '' }] };
  test('a field the shape names and one side leaves out does not agree', () => {
    const full = { R: { Name: 'on-failure', Max: 3 }, L: [{ P: 'x', Q: 1 }] };
    expect(shownAlike({ R: { Max: 3 }, L: [{ P: 'x' }] }, full, shape)).toBe(false);
    expect(shownAlike({ R: { Name: 'on-failure', Max: 3 }, L: [{ Q: 1 }] }, full, shape)).toBe(false);
    expect(shownAlike({ R: { Name: 'on-failure', Max: 3, X: 1 }, L: [{ P: 'x' }] }, full, shape)).toBe(true);
  });
  test('fields both sides leave out and keys outside the shape change nothing', () => {
    expect(shapedAs({ R: {}, other: 1 }, shape)).toEqual({ R: { Name: '(field left out)', Max: '(field left out)' }, L: '(field left out)' });
    expect(shownAlike({ R: {} }, { R: {} }, shape)).toBe(true);
  });
});
