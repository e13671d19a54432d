import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { decodePathStat, encodeBase64Json, encodePathStat, pathStatHeaderName, type PathStat } from '../../harness/protocol/index.ts';

const stat: fc.Arbitrary<PathStat> = fc.record({
  name: fc.string({ unit: 'binary' }),
  size: fc.nat(),
  mode: fc.nat({ max: 0xffffffff }),
  mtime: fc.date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true }).map((d) => d.toISOString()),
  linkTarget: fc.string(),
});
const sample: PathStat = { name: 'etc', size: 4096, mode: 2147484141, mtime: '2016-01-01T00:00:00.123456789Z', linkTarget: '' };
const codes = (d: ReadonlyArray<{ code: string }>): string[] => d.map((x) => x.code);

describe('path-stat header', () => {
  test('encode → decode round trip, no diagnostics', () => {
    fc.assert(
      fc.property(stat, (value) => {
        expect(decodePathStat(encodePathStat(value))).toEqual({ value, diagnostics: [] });
      }),
    );
  });

  test('a real daemon value decodes', () => {
    const header = 'eyJuYW1lIjoiZXRjIiwic2l6ZSI6NDA5NiwibW9kZSI6MjE0NzQ4NDE0MSwibXRpbWUiOiIyMDE2LTAxLTAxVDAwOjAwOjAwLjEyMzQ1Njc4OVoiLCJsaW5rVGFyZ2V0IjoiIn0=';
    expect(decodePathStat(header)).toEqual({ value: sample, diagnostics: [] });
    expect(pathStatHeaderName()).toBe('X-Docker-Container-Path-Stat');
    expect(pathStatHeaderName('neutral')).toBe('X-Vendor-Container-Path-Stat');
  });

  test('each missing field is reported by name', () => {
    for (const field of Object.keys(sample)) {
      const without = Object.fromEntries(Object.entries(sample).filter(([k]) => k !== field));
      const decoded = decodePathStat(encodeBase64Json(without, 'standard'));
      expect(decoded.value).toBeUndefined();
      expect(decoded.diagnostics).toEqual([expect.objectContaining({ code: 'missing-field', message: expect.stringContaining(field) })]);
    }
  });

  test('each mistyped field is reported by name', () => {
    const wrong: Record<string, unknown> = { name: 1, size: '4096', mode: 1.5, mtime: 0, linkTarget: null };
    for (const [field, value] of Object.entries(wrong)) {
      const decoded = decodePathStat(encodeBase64Json({ ...sample, [field]: value }, 'standard'));
      expect(decoded.diagnostics).toEqual([expect.objectContaining({ code: 'wrong-field-type', message: expect.stringContaining(field) })]);
    }
  });

  test('other problems', () => {
    expect(codes(decodePathStat('!!').diagnostics)).toEqual(['not-base64']);
    expect(codes(decodePathStat(encodeBase64Json([sample], 'standard')).diagnostics)).toEqual(['not-an-object']);
    expect(codes(decodePathStat(encodeBase64Json({ ...sample, size: -1 }, 'standard')).diagnostics)).toEqual(['negative-size']);
    expect(codes(decodePathStat(encodeBase64Json({ ...sample, mtime: 'yesterday' }, 'standard')).diagnostics)).toEqual(['mtime-not-a-timestamp']);
    expect(codes(decodePathStat(encodeBase64Json({ ...sample, extra: 1 }, 'standard')).diagnostics)).toEqual(['unknown-field']);
  });
});
