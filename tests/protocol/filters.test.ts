import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { decodeFilters, encodeFilters } from '../../harness/protocol/index.ts';

const anyText = fc.string({ unit: 'binary', maxLength: 12 });
const filtersArb = fc.dictionary(anyText, fc.array(anyText, { maxLength: 4 }), { maxKeys: 5 });
const codes = (d: ReadonlyArray<{ code: string }>): string[] => d.map((x) => x.code);

describe('filters round trip', () => {
  test('any keys and values (unicode, __proto__, empty) survive encode → decode, with no diagnostics', () => {
    fc.assert(
      fc.property(filtersArb, (filters) => {
        const decoded = decodeFilters(encodeFilters(filters));
        expect(decoded.diagnostics).toEqual([]);
        expect({ ...decoded.value }).toEqual({ ...filters });
      }),
    );
  });

  test('the map-of-bool form decodes to the same lists and is flagged legacy-map-of-bool', () => {
    const nonEmpty = fc.dictionary(anyText, fc.uniqueArray(anyText, { minLength: 1, maxLength: 4 }), { minKeys: 1, maxKeys: 5 });
    fc.assert(
      fc.property(nonEmpty, (filters) => {
        const decoded = decodeFilters(encodeFilters(filters, 'map-of-bool'));
        expect(codes(decoded.diagnostics)).toEqual(['legacy-map-of-bool']);
        expect(decoded.diagnostics[0]!.severity).toBe('observation');
        expect({ ...decoded.value }).toEqual({ ...filters });
      }),
    );
  });

  test('a key named __proto__ is a plain key', () => {
    const decoded = decodeFilters('{"__proto__":["x"]}');
    expect(Object.keys(decoded.value!)).toEqual(['__proto__']);
    // biome-ignore lint/suspicious/noProto: the test reads the key __proto__ as a consumer would; on the prototype-less record it is plain data
    expect(decoded.value!['__proto__']).toEqual(['x']);
  });
});

describe('filters diagnostics', () => {
  test.each([
    ['{"status": [', 'malformed-json'],
    ['["a"]', 'filters-not-an-object'],
    ['null', 'filters-not-an-object'],
    ['{"status": [1]}', 'filters-value-not-a-string'],
    ['{"status": "running"}', 'filters-value-not-a-list'],
    ['{"status": {"running": "yes"}}', 'filters-value-not-a-list'],
  ])('%s → %s', (text, code) => {
    expect(codes(decodeFilters(text).diagnostics)).toEqual([code]);
  });

  test('a false in the map-of-bool form is noted; the value is still used, as daemons do', () => {
    const decoded = decodeFilters('{"label": {"a": false}}');
    expect(codes(decoded.diagnostics)).toEqual(['legacy-map-false-value', 'legacy-map-of-bool']);
    expect(decoded.value!['label']).toEqual(['a']);
  });

  test('mixing both forms is a violation (daemons accept one form per document)', () => {
    const decoded = decodeFilters('{"label": {"a": true}, "status": ["running"]}');
    expect(codes(decoded.diagnostics)).toEqual(['legacy-map-of-bool', 'filters-mixed-forms']);
  });

  test('never throws on any text', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(() => decodeFilters(text)).not.toThrow();
      }),
    );
  });
});
