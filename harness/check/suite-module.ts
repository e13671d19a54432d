import { pathToFileURL } from 'node:url';
import { loadRunConfig } from '../run/config.ts';

/** The suite families built into a bundle each (harness/run/suite-bundles.ts). */
export type SuiteBundleName = 'cloud' | 'engine';

/**
 * A suite family's registering module, as a section's test file loads it in a worker: from the
 * run's bundle when it has one (one file, imported natively), else from source. Everything the
 * checks use must come from the one or the other, never both: a class loaded twice is two classes.
 */
export async function suiteModule<T>(name: SuiteBundleName, fromSource: () => Promise<T>): Promise<T> {
  const bundle = loadRunConfig().bundles?.[name];
  if (!bundle) return fromSource();
  // A check's harness error names the source lines (the bundle carries its source map).
  process.setSourceMapsEnabled(true);
  return (await import(pathToFileURL(bundle).href)) as T;
}
