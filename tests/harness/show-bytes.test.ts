import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { redactBody } from '../../harness/target/redact.ts';
import { showBytes } from '../../harness/target/transcript.ts';

/** The definition: each byte as itself when printable (or tab, newline), \r, else \xNN; 4096 bytes at most. */
function byteByByte(data: Buffer): string {
  let text = '';
  for (const byte of data.subarray(0, 4096)) {
    if (byte === 0x0a || byte === 0x09 || (byte >= 0x20 && byte < 0x7f)) text += String.fromCharCode(byte);
    else if (byte === 0x0d) text += '\\r';
    else text += `\\x${byte.toString(16).padStart(2, '0')}`;
  }
  return redactBody(data.length > 4096 ? `${text}… (${data.length - 4096} more bytes)` : text);
}

describe('showBytes', () => {
  test('shows any bytes or text as the byte-by-byte definition does', () => {
    const data = fc.oneof(
      fc.uint8Array({ maxLength: 5000 }).map((a) => Buffer.from(a)),
      fc.string({ maxLength: 5000 }),
      fc.json().map((j) => `{"auth":"secret","x":${j}}`),
    );
    fc.assert(
      fc.property(data, (d) => {
        expect(showBytes(d)).toBe(byteByByte(typeof d === 'string' ? Buffer.from(d) : d));
      }),
    );
  });

  test('escapes what is not printable and redacts secrets', () => {
    expect(showBytes(Buffer.from([0x41, 0x0d, 0x0a, 0x00, 0xff]))).toBe('A\\r\n\\x00\\xff');
    expect(showBytes('{"password": "hunter2"}')).toBe('{"password": "[redacted]"}');
    expect(showBytes(undefined)).toBeUndefined();
  });
});
