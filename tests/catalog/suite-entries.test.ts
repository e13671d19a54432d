import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { CLOUD_SECTIONS } from '../../suites/cloud/all-checks.ts';
import { ENGINE_SECTIONS } from '../../suites/engine/all-checks.ts';

const entries = (suite: string): string[] =>
  readdirSync(fileURLToPath(new URL(`../../suites/${suite}/`, import.meta.url)))
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => f.slice(0, -'.test.ts'.length))
    .sort();

/** Coverage is computed from the section lists; a run executes the entry files: they must be the same. */
test.each([
  ['engine-1.18', Object.keys(ENGINE_SECTIONS)],
  ['engine-1.22', Object.keys(ENGINE_SECTIONS)],
  ['cloud', Object.keys(CLOUD_SECTIONS)],
])('every section of %s has its entry file, and every entry file a section', (suite, sections) => {
  expect(entries(suite)).toEqual([...sections].sort());
});
