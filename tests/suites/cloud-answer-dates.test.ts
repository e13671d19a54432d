import { describe, expect, test } from 'vitest';
import { dateBetween } from '../../suites/cloud/support/answer-times.ts';

const [t1, t2, t3] = ['Mon, 13 Oct 2014 11:01:43 +0000', 'Mon, 13 Oct 2014 11:02:00 +0000', 'Mon, 13 Oct 2014 11:03:10 +0000'];

describe('a date an answer shows lies between the GETs before and after the call (dateBetween)', () => {
  test('a date from before, from after or between them agrees', () => {
    expect(dateBetween(t1, t1, t1)).toBe(true);
    expect(dateBetween(t2, t1, t3)).toBe(true);
    expect(dateBetween(t3, t1, t3)).toBe(true);
    expect(dateBetween(t1, null, t1)).toBe(true);
  });

  test('null agrees only while the date was not set before the call', () => {
    expect(dateBetween(null, null, null)).toBe(true);
    expect(dateBetween(null, null, t2)).toBe(true);
    expect(dateBetween(null, t1, t1)).toBe(false);
  });

  test('the zero time of a date already set, or a date past the second GET, does not agree', () => {
    expect(dateBetween('Mon, 01 Jan 0001 00:00:00 +0000', t1, t1)).toBe(false);
    expect(dateBetween(t3, t1, t2)).toBe(false);
  });

  test('a date where both GETs show null would have gone back to null: it does not agree', () => {
    expect(dateBetween(t1, null, null)).toBe(false);
  });

  test('what is not an RFC 2822 date is left to the date format rule', () => {
    expect(dateBetween('2014-10-13T11:01:43Z', t1, t1)).toBe(true);
  });
});
