/**
 * Compressing build contexts (spec: identity, gzip, bzip2, xz). gzip comes from zlib; Node has no
 * bzip2 or xz encoder, so those use the system's `bzip2` / `xz` programs, and a check without them
 * is skipped with that reason.
 */
import { spawnSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';

export type Compression = 'identity' | 'gzip' | 'bzip2' | 'xz';

/** The compressed bytes, or the reason they cannot be made here. */
export function compress(data: Buffer, kind: Compression): Buffer | { unavailable: string } {
  if (kind === 'identity') return data;
  if (kind === 'gzip') return gzipSync(data);
  const run = spawnSync(kind, ['-c'], { input: data, maxBuffer: 64 * 1024 * 1024 });
  if (run.error || run.status !== 0)
    return { unavailable: `no ${kind} program to compress the context with (${run.error?.message ?? run.stderr.toString().trim()})` };
  return run.stdout;
}
