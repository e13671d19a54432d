import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { encodeDetachKeys, isSpecDetachKeys, parseDetachKeys } from '../../harness/protocol/index.ts';

const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
const ctrlValues = [...'abcdefghijklmnopqrstuvwxyz', '@', '^', '[', ',', '_'];
const specKeys = [...letters, ...ctrlValues.map((v) => `ctrl-${v}`)];
const codes = (text: string): string[] => parseDetachKeys(text).diagnostics.map((d) => d.code);

describe('detachKeys grammar', () => {
  test('every key of the spec grammar is valid per spec, with no violation', () => {
    for (const key of specKeys) {
      const parsed = parseDetachKeys(key);
      expect(parsed.value?.spec, key).toBe(true);
      expect(
        parsed.diagnostics.filter((d) => d.severity === 'violation'),
        key,
      ).toEqual([]);
    }
  });

  test('ctrl keys map to their control bytes, as daemons read them', () => {
    expect(parseDetachKeys('ctrl-a').value?.bytes).toEqual([1]);
    expect(parseDetachKeys('ctrl-@').value?.bytes).toEqual([0]);
    expect(parseDetachKeys('ctrl-[').value?.bytes).toEqual([27]);
    expect(parseDetachKeys('ctrl-_').value?.bytes).toEqual([31]);
    expect(parseDetachKeys('q').value?.bytes).toEqual([113]);
  });

  test('comma-separated sequences of spec keys are an observation, not valid per spec', () => {
    const seqKey = fc.constantFrom(...specKeys.filter((k) => k !== 'ctrl-,'));
    fc.assert(
      fc.property(fc.array(seqKey, { minLength: 2, maxLength: 4 }), (keys) => {
        const text = encodeDetachKeys(keys);
        const parsed = parseDetachKeys(text);
        expect(parsed.value).toMatchObject({ spec: false, daemon: true, keys });
        expect(parsed.diagnostics).toEqual([expect.objectContaining({ code: 'detach-keys-sequence', severity: 'observation' })]);
      }),
    );
  });

  test('ctrl-, is valid per spec but daemons cannot read it (they split on commas)', () => {
    expect(parseDetachKeys('ctrl-,').value).toMatchObject({ spec: true, daemon: false });
    expect(codes('ctrl-,')).toEqual(['detach-keys-not-daemon']);
  });

  test.each([
    ['1', 'detach-key-daemon-only'],
    ['ctrl-\\', 'detach-key-daemon-only'],
    ['DEL', 'detach-key-daemon-only'],
    ['', 'detach-keys-empty'],
    ['ctrl-A', 'invalid-detach-keys'],
    ['ctrl-1', 'invalid-detach-keys'],
    ['ab', 'invalid-detach-keys'],
    ['ctrl-p,xx', 'invalid-detach-keys'],
    ['é', 'invalid-detach-keys'],
  ])('%s → %s', (text, code) => {
    expect(codes(text)).toEqual([code]);
    expect(isSpecDetachKeys(text)).toBe(false);
  });

  test('never throws', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(() => parseDetachKeys(text)).not.toThrow();
      }),
    );
  });
});
