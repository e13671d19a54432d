import type { EngineVersion } from '../../../harness/catalog/types.ts';
import { registerChecks } from '../../../harness/check/register.ts';
import { sectionChecks } from '../../../harness/check/sections.ts';
import { loadRunConfig } from '../../../harness/run/config.ts';
import { engineBinding } from './binding.ts';
import { checksForVersion, type EngineCheck } from './check.ts';

/**
 * Registers engine checks for one API version as vitest tests in the calling suite file.
 */
export function engineSuite(version: EngineVersion, checks: ReadonlyArray<EngineCheck>): void {
  registerChecks(engineBinding(loadRunConfig(), version), checksForVersion(checks, version));
}

/**
 * The entry file of one spec section at one version: the section is the file's name
 * (suites/engine-1.22/containers.test.ts registers ENGINE_SECTIONS.containers at 1.22).
 */
export async function engineSection(version: EngineVersion, entryFile: string): Promise<void> {
  const { ENGINE_SECTIONS } = await import('../all-checks.ts');
  engineSuite(version, sectionChecks(ENGINE_SECTIONS, entryFile));
}

/** Every section at one version, in the calling file (suites/whole-suite/engine-1.22.test.ts). */
export async function engineWholeSuite(version: EngineVersion): Promise<void> {
  const { engineChecksFor } = await import('../all-checks.ts');
  engineSuite(version, engineChecksFor(version));
}
