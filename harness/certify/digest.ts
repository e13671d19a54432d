import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** A file's sha256, hex: the digest SHA256SUMS and the signed statement list. */
export function sha256(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}
