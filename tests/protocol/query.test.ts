import { describe, expect, test } from 'vitest';
import { encodeQuery } from '../../harness/protocol/query.ts';

describe('encodeQuery', () => {
  test('booleans are sent as 1/0, arrays repeat the name, undefined is left out', () => {
    expect(encodeQuery({ all: true, size: false, t: ['a:1', 'b:2'], x: undefined })).toBe('?all=1&size=0&t=a%3A1&t=b%3A2');
  });
  test('an empty query adds nothing', () => {
    expect(encodeQuery({})).toBe('');
    expect(encodeQuery(undefined)).toBe('');
  });
});
