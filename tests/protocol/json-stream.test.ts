import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { JsonStreamDecoder, decodeJsonStream, inStreamError, type JsonStreamOptions } from '../../harness/protocol/index.ts';
import { byteByByte, cutAt, cuts } from './support/chunks.ts';

const jsonObject = fc
  .dictionary(fc.string({ unit: 'binary', maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 })
  .map((o) => JSON.parse(JSON.stringify(o)) as Record<string, unknown>);
const separator = fc.constantFrom('\n', '\r\n', '\n\n', ' \n');
const codes = (d: ReadonlyArray<{ code: string }>): string[] => d.map((x) => x.code);

function ndjson(objects: readonly unknown[], separators: readonly string[]): Buffer {
  return Buffer.from(objects.map((o, i) => JSON.stringify(o) + (separators[i % separators.length] ?? '\n')).join(''), 'utf8');
}

function decode(bytes: Buffer, at: readonly number[], options?: JsonStreamOptions) {
  return decodeJsonStream(cutAt(bytes, at), options);
}

describe('JSON stream parsing', () => {
  test('newline-separated objects (unicode included), cut anywhere, parse back with no diagnostics', () => {
    fc.assert(
      fc.property(fc.array(jsonObject, { maxLength: 8 }), fc.array(separator, { minLength: 1, maxLength: 3 }), cuts, (objects, seps, at) => {
        const result = decode(ndjson(objects, seps), at);
        expect(result.diagnostics).toEqual([]);
        expect(result.values).toEqual(objects);
        expect(result.summary.values).toBe(objects.length);
      }),
    );
  });

  test('UTF-8 split between chunks, one byte at a time', () => {
    const objects = [{ status: 'Téléchargement 🐳' }, { stream: '日本語\n' }];
    const result = decodeJsonStream(byteByByte(ndjson(objects, ['\n'])));
    expect(result).toMatchObject({ values: objects, diagnostics: [] });
  });

  test('any bytes, cut anywhere, give the same values and diagnostics as one chunk', () => {
    const piece = fc.oneof(
      jsonObject.map((o) => JSON.stringify(o)),
      fc.constantFrom('\n', '{"a":', '}', '"', '\\', '[1,2]', '42', 'garbage', '{"x":tru}', '\uFFFD', '{}{}'),
      fc.string({ unit: 'binary', maxLength: 8 }),
    );
    const streams = fc.array(piece, { maxLength: 12 }).map((parts) => Buffer.from(parts.join(''), 'utf8'));
    fc.assert(
      fc.property(streams, cuts, fc.constantFrom(undefined, 8), (bytes, at, cap) => {
        const options = cap === undefined ? undefined : { maxObjectBytes: cap };
        expect(decode(bytes, at, options)).toEqual(decode(bytes, [], options));
      }),
    );
  });

  test('objects with no separator are accepted and noted once, at the first', () => {
    const result = decodeJsonStream([Buffer.from('{"a":1}{"b":2}\n{"c":3}{"d":4}')]);
    expect(result.values).toEqual([{ a: 1 }, { b: 2 }, { c: 3 }, { d: 4 }]);
    expect(result.diagnostics).toEqual([expect.objectContaining({ code: 'missing-newline-separator', offset: 7, severity: 'observation' })]);
    expect(result.summary.unseparated).toBe(2);
  });

  test.each([
    ['{"a":1}\n{"b":tru}\n', 'malformed-json', 8],
    ['{"a":1}\nnot json\n', 'malformed-json', 8],
    ['{"a":1}\n42\n', 'not-an-object', 8],
    ['[1,2]\n', 'not-an-object', 0],
    ['{"a":1}\n{"b":"unterminated\n', 'truncated-json', 8],
    ['{"a":"0123456789"}\n', 'object-too-large', 0],
  ])('%j → %s at %d', (text, code, offset) => {
    const result = decodeJsonStream([Buffer.from(text)], code === 'object-too-large' ? { maxObjectBytes: 16 } : {});
    expect(result.diagnostics).toEqual([expect.objectContaining({ code, offset })]);
  });

  test('not-utf8', () => {
    const bytes = Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xff]), Buffer.from('"}\n')]);
    expect(codes(decodeJsonStream([bytes]).diagnostics)).toEqual(['not-utf8']);
  });

  test('a value over the cap is skipped and the stream carries on', () => {
    const result = decodeJsonStream([Buffer.from(`{"big":"${'x'.repeat(100)}"}\n{"ok":1}\n`)], { maxObjectBytes: 50 });
    expect(result.values).toEqual([{ ok: 1 }]);
    expect(codes(result.diagnostics)).toEqual(['object-too-large']);
  });

  test('data-after-end', () => {
    const decoder = new JsonStreamDecoder();
    [...decoder.end()];
    expect([...decoder.push(Buffer.from('{}'))]).toEqual([{ kind: 'diagnostic', diagnostic: expect.objectContaining({ code: 'data-after-end' }) }]);
  });
});

describe('in-stream errors', () => {
  test('recognises {error} and {error, errorDetail}', () => {
    expect(inStreamError({ error: 'pull access denied' })).toEqual({ message: 'pull access denied', has: { error: true, errorDetail: false } });
    expect(inStreamError({ error: 'x', errorDetail: { code: 1, message: 'The command returned a non-zero code: 1' } })).toEqual({
      message: 'The command returned a non-zero code: 1',
      code: 1,
      has: { error: true, errorDetail: true },
    });
    expect(inStreamError({ errorDetail: { message: 'm' } })?.message).toBe('m');
  });

  test('progress, stats and non-objects are not errors', () => {
    for (const value of [{ status: 'Pulling fs layer', progressDetail: {} }, { stream: 'Step 1/2' }, { read: '2016-01-01' }, null, 'error', [{ error: 'x' }]]) {
      expect(inStreamError(value)).toBeUndefined();
    }
  });
});
