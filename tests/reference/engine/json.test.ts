import { expect, test } from 'vitest';
import { RawJson, toJson } from '../../../reference/engine/http/json.ts';

test('toJson writes a bigint as its exact digits, and anything else as JSON.stringify does', () => {
  expect(toJson({ timeNano: 1764000000123456789n, nested: [{ n: -9007199254740993n }] })).toBe(
    '{"timeNano":1764000000123456789,"nested":[{"n":-9007199254740993}]}',
  );
  const plain = { a: 'x\u0000bigint:1', b: [1, null, true], c: { d: 'é' } };
  expect(toJson(plain)).toBe(JSON.stringify(plain));
  const circular: Record<string, unknown> = {};
  circular.self = circular;
  expect(() => toJson(circular)).toThrow(TypeError);
});

test('toJson writes a value serialized already (RawJson) as it is', () => {
  expect(toJson(new RawJson('{"timeNano":1764000000123456789}'))).toBe('{"timeNano":1764000000123456789}');
});
