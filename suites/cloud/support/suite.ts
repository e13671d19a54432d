import { registerChecks } from '../../../harness/check/register.ts';
import { loadRunConfig } from '../../../harness/run/config.ts';
import { cloudBinding } from './binding.ts';
import type { CloudCheck } from './check.ts';

/** Registers cloud checks as vitest tests in the calling suite file. */
export function cloudSuite(checks: ReadonlyArray<CloudCheck>): void {
  registerChecks(cloudBinding(loadRunConfig()), checks);
}
