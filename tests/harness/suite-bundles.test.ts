import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { describe, expect, test } from 'vitest';
import { sourceStack } from '../../harness/check/source-stack.ts';
import { suiteBundles } from '../../harness/run/suite-bundles.ts';

describe('the suite bundles a run loads in its workers', () => {
  test('one per suite family, kept under a key of the sources, each module keeping its own import.meta.url', async () => {
    const warnings: string[] = [];
    const first = await suiteBundles(['engine-1.18', 'engine-1.22', 'cloud'], (m) => warnings.push(m));
    expect(warnings).toEqual([]);
    expect(Object.keys(first).sort()).toEqual(['cloud', 'engine']);
    expect(await suiteBundles(['cloud'], (m) => warnings.push(m))).toEqual({ cloud: first.cloud });
    const text = readFileSync(first.cloud!, 'utf8');
    // Asserted as booleans: a failing toContain would print the whole bundle.
    expect(text.includes(JSON.stringify(new URL('../../harness/catalog/load.ts', import.meta.url).href))).toBe(true);
    expect(text.includes('import.meta.url')).toBe(false);
  }, 60_000);

  test("put a position of a bundle's stack back as its source file's", async () => {
    const { cloud } = await suiteBundles(['cloud'], () => {});
    process.setSourceMapsEnabled(true);
    const suite = (await import(pathToFileURL(cloud!).href)) as { cloudSuite(checks: []): void };
    const saved = process.env.CONFORMANCE_RUN;
    delete process.env.CONFORMANCE_RUN;
    let stack = '';
    try {
      suite.cloudSuite([]);
    } catch (err) {
      stack = (err as Error).stack ?? '';
    } finally {
      if (saved !== undefined) process.env.CONFORMANCE_RUN = saved;
    }
    expect(stack).toContain('CONFORMANCE_RUN is not set');
    expect(sourceStack(stack)).toMatch(/harness\/run\/config\.ts:\d+:\d+/);
    expect(sourceStack(stack)).not.toContain('.mjs:');
  }, 60_000);
});
