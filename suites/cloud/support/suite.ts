import { registerChecks } from '../../../harness/check/register.ts';
import { loadRunConfig } from '../../../harness/run/config.ts';
import { cloudBinding } from './binding.ts';
import type { CloudCheck } from './check.ts';
import { sectionChecks } from '../../../harness/check/sections.ts';

/** Registers cloud checks as vitest tests in the calling suite file. */
export function cloudSuite(checks: ReadonlyArray<CloudCheck>): void {
  registerChecks(cloudBinding(loadRunConfig()), checks);
}

/** The entry file of one spec section: the section is the file's name (suites/cloud/stacks.test.ts). */
export async function cloudSection(entryFile: string): Promise<void> {
  const { CLOUD_SECTIONS } = await import('../all-checks.ts');
  cloudSuite(sectionChecks(CLOUD_SECTIONS, entryFile));
}

/** Every section, in the calling file (suites/whole-suite/cloud.test.ts). */
export async function cloudWholeSuite(): Promise<void> {
  const { cloudChecks } = await import('../all-checks.ts');
  cloudSuite(cloudChecks);
}
