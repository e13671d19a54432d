import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { jsonDepthExceeded, jsonDepthProblem, MAX_JSON_DEPTH } from '../../harness/protocol/json-depth.ts';
import { decodeJsonStream } from '../../harness/protocol/json-stream.ts';
import { deepJson } from '../support/hostile-server.ts';

const bytes = (text: string): Buffer => Buffer.from(text);

describe('JSON depth bound', () => {
  test('documents of documented depth pass; one level past the bound is refused at the byte that crosses it', () => {
    expect(jsonDepthExceeded(bytes(deepJson(MAX_JSON_DEPTH)))).toBeUndefined();
    expect(jsonDepthExceeded(bytes(deepJson(MAX_JSON_DEPTH + 1)))).toBe(MAX_JSON_DEPTH);
    expect(jsonDepthProblem(bytes(`  ${deepJson(100_000)}`))).toMatch(/^JSON nested deeper than 256 levels \(at byte 258\)$/);
  });

  test('brackets inside strings, escaped quotes included, do not count', () => {
    const text = JSON.stringify({ a: '['.repeat(1000), b: 'x\\"[[[[', c: [{ d: '{{{{' }] });
    expect(jsonDepthExceeded(bytes(text), 3)).toBeUndefined();
  });

  test('any JSON document is refused exactly when it nests deeper than the bound, however few or many its brackets', () => {
    const depthOf = (value: unknown): number => (value !== null && typeof value === 'object' ? 1 + Math.max(0, ...Object.values(value).map(depthOf)) : 0);
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.integer({ min: 0, max: 7 }), (value, max) => {
        expect(jsonDepthExceeded(bytes(JSON.stringify(value)), max) !== undefined).toBe(depthOf(value) > max);
      }),
    );
  });

  test('a body that is not a JSON container is not judged', () => {
    expect(jsonDepthProblem(bytes(`text ${deepJson(1000)}`))).toBeUndefined();
  });

  test('a JSON stream skips a value nested too deep, reports it once, and goes on', () => {
    const result = decodeJsonStream([bytes(`{"a":1}\n${deepJson(10_000)}\n{"b":2}\n`)]);
    expect(result.values).toEqual([{ a: 1 }, { b: 2 }]);
    expect(result.diagnostics.map((d) => d.code)).toEqual(['too-deep']);
  });
});
