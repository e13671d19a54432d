import type { EngineVersion } from '../../../harness/catalog/types.ts';
import { suiteModule } from '../../../harness/check/suite-module.ts';

/** What an engine section's test file calls: its checks at one version, registered from the run's bundle or from source. */
export async function engineSection(version: EngineVersion, entryFile: string): Promise<void> {
  const suite = await suiteModule('engine', () => import('./suite.ts'));
  await suite.engineSection(version, entryFile);
}

/** What the whole-suite test file of a version calls: every section's checks in one file (harness/run/entry-files.ts). */
export async function engineWholeSuite(version: EngineVersion): Promise<void> {
  const suite = await suiteModule('engine', () => import('./suite.ts'));
  await suite.engineWholeSuite(version);
}
