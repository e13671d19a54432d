/**
 * Decodes a buffered body's Content-Encoding as an HTTP client does (gzip, deflate, br), never
 * past the body cap: a decompression bomb or a body that does not decode is the target's fault,
 * named as such, and costs at most the cap in memory.
 */
import zlib from 'node:zlib';
import { TargetError } from './errors.ts';

type Decoder = (body: Buffer, cap: number) => Buffer;

const DECODERS: Record<string, Decoder> = {
  gzip: (body, cap) => zlib.gunzipSync(body, { maxOutputLength: cap }),
  'x-gzip': (body, cap) => zlib.gunzipSync(body, { maxOutputLength: cap }),
  // "deflate" is meant to be zlib-wrapped; some servers send it raw.
  deflate: (body, cap) => (body[0]! & 0x0f) === 8 ? zlib.inflateSync(body, { maxOutputLength: cap }) : zlib.inflateRawSync(body, { maxOutputLength: cap }),
  br: (body, cap) => zlib.brotliDecompressSync(body, { maxOutputLength: cap }),
  identity: (body) => body,
};

/** The body with every coding of `header` undone (last applied, first undone). */
export function decodeContentEncoding(body: Buffer, header: string | undefined, cap: number, what: string): Buffer {
  if (!header || body.length === 0) return body;
  const codings = header.split(',').map((c) => c.trim().toLowerCase()).filter(Boolean);
  let decoded = body;
  for (const coding of codings.reverse()) {
    const decoder = DECODERS[coding];
    if (!decoder) throw new TargetError(`${what}: the body has an unknown Content-Encoding ${JSON.stringify(coding)}`, 'malformed');
    decoded = decodeOne(decoder, decoded, coding, cap, what);
  }
  return decoded;
}

function decodeOne(decoder: Decoder, body: Buffer, coding: string, cap: number, what: string): Buffer {
  try {
    return decoder(body, cap);
  } catch (err) {
    const e = err as { code?: string; message?: string };
    if (e.code === 'ERR_BUFFER_TOO_LARGE') {
      throw new TargetError(`${what}: the body decompressed (Content-Encoding: ${coding}) exceeds the ${cap}-byte cap: a decompression bomb`, 'too-large');
    }
    throw new TargetError(`${what}: the body does not decode as its Content-Encoding ${coding} says (${e.code ?? ''} ${e.message ?? ''})`, 'malformed');
  }
}
