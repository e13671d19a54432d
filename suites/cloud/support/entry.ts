import { suiteModule } from '../../../harness/check/suite-module.ts';

/** What a cloud section's test file calls: its checks, registered from the run's bundle or from source. */
export async function cloudSection(entryFile: string): Promise<void> {
  const suite = await suiteModule('cloud', () => import('./suite.ts'));
  await suite.cloudSection(entryFile);
}

/** What the cloud whole-suite test file calls: every section's checks in one file (harness/run/entry-files.ts). */
export async function cloudWholeSuite(): Promise<void> {
  const suite = await suiteModule('cloud', () => import('./suite.ts'));
  await suite.cloudWholeSuite();
}
