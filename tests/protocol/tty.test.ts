import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { TtyStreamVerifier, encodeFrame } from '../../harness/protocol/index.ts';
import { cutAt, cuts } from './support/chunks.ts';

function verify(chunks: readonly Uint8Array[]) {
  const verifier = new TtyStreamVerifier();
  const diagnostics = chunks.flatMap((c) => verifier.push(c));
  diagnostics.push(...verifier.end());
  return { diagnostics, summary: verifier.summary() };
}

describe('Tty (raw) streams', () => {
  test('bytes are counted, whatever the chunking', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), cuts, (bytes, at) => {
        expect(verify(cutAt(bytes, at)).summary.totalBytes).toBe(bytes.length);
        expect(verify(cutAt(bytes, at))).toEqual(verify([bytes]));
      }),
    );
  });

  test('terminal text raises nothing', () => {
    expect(verify([Buffer.from('hello\r\n$ ls\r\nbin  etc\r\n')])).toEqual({ diagnostics: [], summary: { totalBytes: 23, looksFramed: false } });
  });

  test('framed data is noted as an observation (looks-framed), not a violation', () => {
    const framed = Buffer.concat([encodeFrame(1, 'hello\n'), encodeFrame(2, 'oops\n')]);
    const result = verify(cutAt(framed, [3, 11]));
    expect(result.diagnostics).toEqual([expect.objectContaining({ code: 'looks-framed', severity: 'observation', offset: 0 })]);
    expect(result.summary.looksFramed).toBe(true);
  });

  test('a lone header-like prefix that does not add up is not called framed', () => {
    expect(verify([Buffer.from([1, 0, 0, 0, 0, 0, 0, 9, 65])]).summary.looksFramed).toBe(false);
  });
});
