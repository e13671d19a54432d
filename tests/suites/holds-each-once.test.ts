import { describe, expect, test } from 'vitest';
import { holdsEachOnce } from '../../suites/engine/support/container-data.ts';

describe('holdsEachOnce: a list of unstated order', () => {
  const sent = [
    { Name: 'nofile', Soft: 1 },
    { Name: 'nproc', Soft: 2 },
  ];
  test('matches the sent items in any order, objects holding more keys', () => {
    expect(
      holdsEachOnce(sent)([
        { Name: 'nproc', Soft: 2, Hard: 3 },
        { Name: 'nofile', Soft: 1 },
      ]),
    ).toBe(true);
  });
  test('a list cut to one item, emptied, or holding an item twice does not match', () => {
    const match = holdsEachOnce(sent);
    expect(match([sent[0]])).toBe(false);
    expect(match([])).toBe(false);
    expect(match([...sent, ...sent])).toBe(false);
    expect(match(null)).toBe(false);
  });
  test('with extras, the target may add items of its own, but a sent one appears once', () => {
    const match = holdsEachOnce(['a', 'b'], true);
    expect(match(['b', 'x', 'a'])).toBe(true);
    expect(match(['a', 'b', 'a', 'b'])).toBe(false);
    expect(match(['a'])).toBe(false);
  });
});
