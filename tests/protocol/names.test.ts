import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { classifyContainerName, isSpecContainerName } from '../../harness/protocol/index.ts';

describe('container names', () => {
  test('every string built from the spec grammar is a spec name', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\/?[a-zA-Z0-9_-]+$/), (name) => {
        expect(isSpecContainerName(name)).toBe(true);
      }),
    );
  });

  test('a spec name with any other character inserted after the first is not a spec name', () => {
    const outside = fc.string({ minLength: 1, maxLength: 1, unit: 'binary' }).filter((c) => !/[a-zA-Z0-9_-]/.test(c));
    fc.assert(
      fc.property(fc.stringMatching(/^[a-zA-Z0-9_-]{1,10}$/), fc.nat(), outside, (name, at, char) => {
        const i = 1 + (at % name.length);
        expect(isSpecContainerName(name.slice(0, i) + char + name.slice(i))).toBe(false);
      }),
    );
  });

  test.each([
    ['web-1', 'spec-and-daemon'],
    ['/web_1', 'spec-and-daemon'],
    ['_web', 'spec-only'],
    ['-web', 'spec-only'],
    ['a', 'spec-only'],
    ['web.1', 'daemon-only'],
    ['/web.1', 'daemon-only'],
    ['.web', 'neither'],
    ['', 'neither'],
    ['we b', 'neither'],
    ['//web', 'neither'],
    ['wéb', 'neither'],
  ])('%s is %s', (name, relation) => {
    const result = classifyContainerName(name);
    expect(result.relation).toBe(relation);
    expect(result.diagnostics.map((d) => d.code)).toEqual(relation.startsWith('spec') ? [] : ['invalid-container-name']);
  });
});
