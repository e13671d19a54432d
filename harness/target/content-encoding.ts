/**
 * Decodes a buffered body's Content-Encoding as an HTTP client does (gzip, deflate, br), never
 * past the body cap: a decompression bomb or a body that does not decode is the target's fault,
 * named as such. The decoded size is measured first by a stream that keeps nothing, so a bomb
 * costs a few kilobytes, not the cap, however many checks meet it at once.
 */
import { Readable, type Transform } from 'node:stream';
import zlib from 'node:zlib';
import { TargetError } from './errors.ts';

interface Coding {
  stream(): Transform;
  decode(body: Buffer, cap: number): Buffer;
}

const gzip: Coding = { stream: () => zlib.createGunzip(), decode: (body, cap) => zlib.gunzipSync(body, { maxOutputLength: cap }) };
// "deflate" is meant to be zlib-wrapped; some servers send it raw.
const isZlibWrapped = (body: Buffer): boolean => (body[0]! & 0x0f) === 8;
const CODINGS: Record<string, (body: Buffer) => Coding> = {
  gzip: () => gzip,
  'x-gzip': () => gzip,
  deflate: (body) =>
    isZlibWrapped(body)
      ? { stream: () => zlib.createInflate(), decode: (b, cap) => zlib.inflateSync(b, { maxOutputLength: cap }) }
      : { stream: () => zlib.createInflateRaw(), decode: (b, cap) => zlib.inflateRawSync(b, { maxOutputLength: cap }) },
  br: () => ({ stream: () => zlib.createBrotliDecompress(), decode: (b, cap) => zlib.brotliDecompressSync(b, { maxOutputLength: cap }) }),
};

/** The body with every coding of `header` undone (last applied, first undone). */
export async function decodeContentEncoding(body: Buffer, header: string | undefined, cap: number, what: string): Promise<Buffer> {
  if (!header || body.length === 0) return body;
  const names = header
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c && c !== 'identity');
  let decoded = body;
  for (const name of names.reverse()) {
    const coding = CODINGS[name]?.(decoded);
    if (!coding) throw new TargetError(`${what}: the body has an unknown Content-Encoding ${JSON.stringify(name)}`, 'malformed');
    decoded = await decodeOne(coding, decoded, name, cap, what);
  }
  return decoded;
}

async function decodeOne(coding: Coding, body: Buffer, name: string, cap: number, what: string): Promise<Buffer> {
  try {
    if (!(await fitsCap(coding.stream(), body, cap))) {
      throw new TargetError(`${what}: the body decompressed (Content-Encoding: ${name}) exceeds the ${cap}-byte cap: a decompression bomb`, 'too-large');
    }
    return coding.decode(body, cap);
  } catch (err) {
    if (err instanceof TargetError) throw err;
    const e = err as { code?: string; message?: string };
    throw new TargetError(`${what}: the body does not decode as its Content-Encoding ${name} says (${e.code ?? ''} ${e.message ?? ''})`, 'malformed');
  }
}

/** Whether the body decodes to at most `cap` bytes; the decoded bytes are counted, not kept. */
async function fitsCap(decoder: Transform, body: Buffer, cap: number): Promise<boolean> {
  let size = 0;
  const source = Readable.from([body]).pipe(decoder);
  for await (const chunk of source) {
    size += (chunk as Buffer).length;
    if (size > cap) {
      source.destroy();
      return false;
    }
  }
  return true;
}
