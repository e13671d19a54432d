import { readdirSync } from 'node:fs';
import path from 'node:path';

/** One of `count` deterministic parts of a run (vitest splits the suites' test files). */
export interface Shard {
  /** 1-based. */
  index: number;
  count: number;
}

export function shardName(shard: Shard): string {
  return `${shard.index}/${shard.count}`;
}

/** Where a shard keeps vitest's blob report, next to its report.json, for `conformance report merge`. */
export const BLOB_DIR = 'blob';

export function blobFile(reportDir: string, shard: Shard): string {
  return path.resolve(reportDir, BLOB_DIR, `${shard.index}-${shard.count}.json`);
}

/** The blob reports a shard's report directory holds (none when it was not a shard). */
export function blobFilesIn(reportDir: string): string[] {
  const dir = path.join(reportDir, BLOB_DIR);
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => path.join(dir, f));
  } catch {
    return [];
  }
}
