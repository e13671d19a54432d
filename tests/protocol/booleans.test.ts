import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { DOCUMENTED_BOOLEAN_SPELLINGS, daemonReadsBoolean, encodeBoolean, parseBoolean, respellBooleans } from '../../harness/protocol/index.ts';

describe('boolean query values', () => {
  test('every documented spelling parses to its value', () => {
    expect(DOCUMENTED_BOOLEAN_SPELLINGS.map((s) => [s, parseBoolean(s).value])).toEqual([
      ['1', true],
      ['True', true],
      ['true', true],
      ['0', false],
      ['False', false],
      ['false', false],
    ]);
    for (const spelling of DOCUMENTED_BOOLEAN_SPELLINGS) expect(parseBoolean(spelling).diagnostics).toEqual([]);
  });

  test('everything else is reported not-a-documented-boolean, with no value', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !DOCUMENTED_BOOLEAN_SPELLINGS.includes(s)),
        (text) => {
          const parsed = parseBoolean(text);
          expect(parsed.value).toBeUndefined();
          expect(parsed.diagnostics.map((d) => d.code)).toEqual(['not-a-documented-boolean']);
        },
      ),
    );
    for (const near of ['TRUE', 'yes', '', ' 1', 'on', '01']) expect(parseBoolean(near).value).toBeUndefined();
  });

  test('encodeBoolean writes documented spellings that parse back', () => {
    for (const value of [true, false]) {
      for (const style of ['digit', 'lower', 'capitalized'] as const) expect(parseBoolean(encodeBoolean(value, style)).value).toBe(value);
    }
    expect([encodeBoolean(true), encodeBoolean(false)]).toEqual(['1', '0']);
    expect(encodeBoolean(true, 'capitalized')).toBe('True');
  });

  test('daemonReadsBoolean follows the measured daemon: "", 0, no, false, none (any case) are false', () => {
    for (const f of ['', '0', 'no', 'NO', 'False', 'none', 'None']) expect(daemonReadsBoolean(f)).toBe(false);
    for (const t of ['1', 'yes', 'on', '2', 'anything']) expect(daemonReadsBoolean(t)).toBe(true);
  });

  test('respellBooleans spells the named 1/0 values in the style and keeps every other byte', () => {
    const path = '/v1.22/containers/x/logs?stdout=1&stderr=0&tail=1&filters=%7B%22a%22%3A%5B%221%22%5D%7D&follow=true';
    expect(respellBooleans(path, ['stdout', 'stderr', 'follow'], 'lower')).toBe(
      '/v1.22/containers/x/logs?stdout=true&stderr=false&tail=1&filters=%7B%22a%22%3A%5B%221%22%5D%7D&follow=true',
    );
    expect(respellBooleans(path, ['stdout', 'stderr'], 'capitalized')).toContain('?stdout=True&stderr=False&tail=1&');
    expect(respellBooleans('/v1.22/containers/json', ['all'], 'lower')).toBe('/v1.22/containers/json');
    expect(respellBooleans('/v1.22/containers/json?size=1', ['all', 'size'], 'capitalized', { all: false, size: false })).toBe(
      '/v1.22/containers/json?size=True&all=False',
    );
    expect(respellBooleans('/v1.22/containers/json', [], 'digit', { all: false })).toBe('/v1.22/containers/json?all=0');
  });
});
