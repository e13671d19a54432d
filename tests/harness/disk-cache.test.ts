import { mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { storeCacheEntry } from '../../harness/disk-cache.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'disk-cache-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('a cache entry replaces the oldest of the same thing, and keeps the newest others a concurrent checkout may be loading', () => {
  const now = Date.now() / 1000;
  for (let k = 0; k < 6; k++) {
    const file = path.join(dir, `engine-${k}.mjs`);
    storeCacheEntry(file, `// ${k}`, (name) => name.startsWith('engine-'));
    utimesSync(file, now - 60 * (6 - k), now - 60 * (6 - k));
  }
  storeCacheEntry(path.join(dir, 'cloud-0.mjs'), '// cloud', (name) => name.startsWith('cloud-'));
  expect(readdirSync(dir).sort()).toEqual(['cloud-0.mjs', 'engine-2.mjs', 'engine-3.mjs', 'engine-4.mjs', 'engine-5.mjs']);
});
