import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { runOptionsOf } from '../../harness/index.ts';

describe('runConformance options', () => {
  test("absent options take the CLI's defaults: the embedded targets, every suite, no progress", () => {
    const options = runOptionsOf({});
    expect(options).toMatchObject({
      target: 'embedded',
      suites: ['engine-1.18', 'engine-1.22', 'cloud'],
      reportDir: 'reports',
      vendorProfile: 'docker',
      faults: [],
    });
    expect(options.progress).toBe(false);
    expect(runOptionsOf({ target: 'unix:///var/run/docker.sock' }).suites).toEqual(['engine-1.18', 'engine-1.22']);
  });

  test('under expectations, the seed and concurrency they were recorded with unless given', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'api-options-'));
    try {
      const file = path.join(dir, 'expectations.json');
      writeFileSync(file, JSON.stringify({ recordedWith: { seed: 42, concurrency: 1 }, expectations: [] }));
      expect(runOptionsOf({ expectations: file })).toMatchObject({ seed: 42, concurrency: 1 });
      expect(runOptionsOf({ expectations: file, seed: 7, concurrency: 4 })).toMatchObject({ seed: 7, concurrency: 4 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
