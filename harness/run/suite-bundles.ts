import { existsSync } from 'node:fs';
import path from 'node:path';
import { apiOfSuite, type SuiteName } from '../catalog/types.ts';
import type { SuiteBundleName } from '../check/suite-module.ts';
import { bundleOptions } from '../../bin/bundling.mjs';
import { storeCacheEntry } from '../disk-cache.ts';
import { sourcesKey } from './sources-key.ts';
import { PROJECT_ROOT } from './project-root.ts';

/** Where the suite bundles are kept, one file per family named by the key of the sources it is built from. */
export const BUNDLE_CACHE_DIR = path.join(PROJECT_ROOT, 'node_modules/.cache/conformance-bundles');

/** The module of each suite family that registers a section's checks: what a bundle is built from. */
const ENTRIES: Record<SuiteBundleName, string> = {
  cloud: 'suites/cloud/support/suite.ts',
  engine: 'suites/engine/support/suite.ts',
};

/**
 * The suites' modules built into one file per family (the harness, catalog and checks it uses;
 * packages stay imports), for the workers to load natively. Vitest's module runner loads a
 * worker's modules one by one (107 for the cloud suite, 185 for the engine's), each fetched from
 * this process while it also serves the target: the first cloud check started ~0.85 s after the
 * workers were asked for, ~0.5 s with the bundle. Kept on disk under a key of the sources; a
 * bundle that cannot be built leaves the suites to run from source, and says why.
 */
export async function suiteBundles(suites: SuiteName[], warn: (message: string) => void): Promise<Partial<Record<SuiteBundleName, string>>> {
  const bundles: Partial<Record<SuiteBundleName, string>> = {};
  for (const name of new Set(suites.map(apiOfSuite))) {
    try {
      bundles[name] = await bundle(name);
    } catch (err) {
      warn(`the ${name} suites run from source: their bundle could not be built (${(err as Error).message.split('\n')[0]})`);
    }
  }
  return bundles;
}

async function bundle(name: SuiteBundleName): Promise<string> {
  const key = sourcesKey();
  const file = path.join(BUNDLE_CACHE_DIR, `${name}-${key}.mjs`);
  // Written whole or not at all (storeCacheEntry renames it into place).
  if (existsSync(file)) return file;
  const { build } = await import('esbuild');
  const result = await build({
    ...bundleOptions,
    entryPoints: [path.join(PROJECT_ROOT, ENTRIES[name])],
    write: false,
    outfile: file,
  });
  storeCacheEntry(file, result.outputFiles[0]!.text, (other) => other.startsWith(`${name}-`));
  if (!existsSync(file)) throw new Error(`${BUNDLE_CACHE_DIR} is not writable`);
  return file;
}
