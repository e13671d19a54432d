import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { compareVersions, formatVersionedPath, parseVersion, parseVersionedPath } from '../../harness/protocol/index.ts';

const versionArb = fc.record({ major: fc.nat({ max: 99 }), minor: fc.nat({ max: 999 }) });
const restArb = fc.array(fc.stringMatching(/^[a-z0-9_.-]{1,8}$/), { maxLength: 4 }).map((parts) => parts.map((p) => `/${p}`).join(''));

describe('version prefix', () => {
  test('format → parse round trip', () => {
    fc.assert(
      fc.property(versionArb, restArb, (version, rest) => {
        const parsed = parseVersionedPath(formatVersionedPath(version, rest));
        expect(parsed.diagnostics).toEqual([]);
        expect(parsed.value).toEqual({ version: `${version.major}.${version.minor}`, parsed: version, rest });
      }),
    );
  });

  test('examples', () => {
    expect(parseVersionedPath('/v1.22/containers/json?all=1').value).toEqual({
      version: '1.22',
      parsed: { major: 1, minor: 22 },
      rest: '/containers/json?all=1',
    });
    expect(parseVersionedPath('/v1.18').value?.rest).toBe('');
    expect(formatVersionedPath('1.18', 'containers/json')).toBe('/v1.18/containers/json');
  });

  test.each([
    ['/containers/json', 'missing-version-prefix'],
    ['', 'missing-version-prefix'],
    ['v1.22/containers/json', 'missing-version-prefix'],
    ['/v1/containers/json', 'malformed-version'],
    ['/v1.x/containers', 'malformed-version'],
    ['/v1.22.1/containers', 'malformed-version'],
    ['/v/containers', 'malformed-version'],
  ])('%s → %s', (path, code) => {
    const parsed = parseVersionedPath(path);
    expect(parsed.value).toBeUndefined();
    expect(parsed.diagnostics.map((d) => d.code)).toEqual([code]);
  });

  test('compareVersions is numeric, antisymmetric and agrees with equality', () => {
    expect(compareVersions('1.9', '1.22')).toBe(-1);
    expect(compareVersions('1.22', '1.18')).toBe(1);
    expect(compareVersions('2.0', '1.99')).toBe(1);
    expect(compareVersions('1.22', { major: 1, minor: 22 })).toBe(0);
    fc.assert(
      fc.property(versionArb, versionArb, (a, b) => {
        expect(compareVersions(a, b)).toBe(-compareVersions(b, a) || 0);
        expect(compareVersions(a, b) === 0).toBe(a.major === b.major && a.minor === b.minor);
      }),
    );
  });

  test('parseVersion reports malformed text', () => {
    expect(parseVersion('1.22').value).toEqual({ major: 1, minor: 22 });
    expect(parseVersion('abc').diagnostics.map((d) => d.code)).toEqual(['malformed-version']);
  });
});
