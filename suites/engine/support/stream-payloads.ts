/**
 * Generated payloads for the property checks of the stream protocol: binary bytes that include
 * what looks like frame headers (a verifier or a target that re-reads payload bytes as headers
 * gets them wrong), and printable text for payloads that must pass through a shell or a tty.
 */
import fc from 'fast-check';
import { encodeFrameHeader } from '../../../harness/protocol/frame-header.ts';

/** Bytes that a careless reader takes for a frame header: [0-3, 0, 0, 0, size]. */
function headerLike(): fc.Arbitrary<Uint8Array> {
  return fc
    .record({ stream: fc.integer({ min: 0, max: 3 }), size: fc.oneof(fc.integer({ min: 0, max: 64 }), fc.integer({ min: 0, max: 0xffff_ffff })) })
    .map((fields) => new Uint8Array(encodeFrameHeader(fields)));
}

/** 1 byte to a few KiB of binary data, with frame-header-like runs mixed in. */
export function binaryPayload(maxChunk = 1024): fc.Arbitrary<Buffer> {
  return fc
    .array(fc.oneof(fc.uint8Array({ minLength: 1, maxLength: maxChunk }), headerLike()), { minLength: 1, maxLength: 5 })
    .map((parts) => Buffer.concat(parts));
}

/** Printable ASCII (no newline), safe in an environment variable and through a terminal. */
export function printablePayload(maxLength = 2048): fc.Arbitrary<string> {
  return fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), minLength: 1, maxLength });
}

/** Printable lines: ASCII text with newlines (a Tty-false log keeps them as written). */
export function printableLines(maxLength = 2048): fc.Arbitrary<string> {
  return fc.string({
    unit: fc.oneof(
      { weight: 20, arbitrary: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)) },
      { weight: 1, arbitrary: fc.constant('\n') },
    ),
    minLength: 1,
    maxLength,
  });
}

/** A program that writes the value of $PAYLOAD on stdout exactly (no added newline). */
export const PRINT_PAYLOAD = ['sh', '-c', 'printf "%s" "$PAYLOAD"'];
