/**
 * Build contexts and imported rootfs may be compressed. gzip is decoded with zlib; bzip2 and xz
 * (no decoder in Node's standard library) with the system's `bzip2`/`xz` programs, and without
 * them they throw a clear error the caller turns into an error object.
 */
import { spawnSync } from 'node:child_process';
import { gunzipSync } from 'node:zlib';

export type Compression = 'identity' | 'gzip' | 'bzip2' | 'xz';

export function detectCompression(data: Buffer): Compression {
  if (data.length >= 2 && data[0] === 0x1f && data[1] === 0x8b) return 'gzip';
  if (data.length >= 3 && data.subarray(0, 3).toString('latin1') === 'BZh') return 'bzip2';
  if (data.length >= 6 && data.subarray(0, 6).equals(Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]))) return 'xz';
  return 'identity';
}

export class UnsupportedCompressionError extends Error {
  constructor(readonly compression: Compression) {
    super(`${compression} compressed archives cannot be decoded here: no ${compression} program is installed (identity and gzip always work)`);
  }
}

/** The uncompressed bytes of a possibly gzip-compressed archive. */
export function decompress(data: Buffer): Buffer {
  const kind = detectCompression(data);
  if (kind === 'identity') return data;
  if (kind === 'gzip') return gunzipSync(data);
  // Node has no bzip2/xz decoder: the system's programs decode them when installed.
  const run = spawnSync(kind, ['-dc'], { input: data, maxBuffer: 256 * 1024 * 1024 });
  if (run.error || run.status !== 0) throw new UnsupportedCompressionError(kind);
  return run.stdout;
}
