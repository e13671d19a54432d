import type { EngineVersion } from '../../../harness/catalog/types.ts';
import { registerChecks } from '../../../harness/check/register.ts';
import { loadRunConfig } from '../../../harness/run/config.ts';
import { engineBinding } from './binding.ts';
import { checksForVersion, type EngineCheck } from './check.ts';

/**
 * Registers engine checks for one API version as vitest tests in the calling suite file.
 */
export function engineSuite(version: EngineVersion, checks: ReadonlyArray<EngineCheck>): void {
  registerChecks(engineBinding(loadRunConfig(), version), checksForVersion(checks, version));
}
