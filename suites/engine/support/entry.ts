import type { EngineVersion } from '../../../harness/catalog/types.ts';
import { suiteModule } from '../../../harness/check/suite-module.ts';

/** What an engine section's test file calls: its checks at one version, registered from the run's bundle or from source. */
export async function engineSection(version: EngineVersion, entryFile: string): Promise<void> {
  const suite = await suiteModule('engine', () => import('./suite.ts'));
  await suite.engineSection(version, entryFile);
}
