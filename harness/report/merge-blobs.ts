import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createVitest } from 'vitest/node';
import { OutcomeCollector } from './collector.ts';

/**
 * Replays the shards' vitest blob reports through vitest's merge and collects each check's
 * graded outcome from the task meta, as a run does. vitest merges one directory of blobs, so
 * the shards' files are gathered into a temporary one first.
 */
export async function collectFromBlobs(blobFiles: string[], root: string): Promise<OutcomeCollector> {
  const collector = new OutcomeCollector(null);
  const dir = mkdtempSync(path.join(tmpdir(), 'conformance-blobs-'));
  try {
    blobFiles.forEach((file, i) => copyFileSync(file, path.join(dir, `${i}-${path.basename(file)}`)));
    const vitest = await createVitest('test', { root, config: false, watch: false, reporters: [collector] }, { logLevel: 'error' });
    try {
      await vitest.mergeReports(dir);
    } finally {
      await vitest.close();
    }
    return collector;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
