import type { Check } from '../check/types.ts';
import { observedChecks } from '../judge/suite-judge.ts';
import { engineVersionOf, type SuiteName } from './types.ts';

/** The checks of each suite, as (id, requirements) pairs: what coverage is computed from. */
export interface CheckIndexEntry {
  id: string;
  requirements: string[];
  endpoint?: string;
  /** Set when the check needs a control of the embedded reference (Check.referenceOnly). */
  referenceOnly?: string;
}

/** Loads the check definitions of a suite without running them (no vitest involved). */
export async function checksOfSuite(suite: SuiteName): Promise<CheckIndexEntry[]> {
  return [...(await suiteChecks(suite)), ...observedChecks(suite)];
}

/** The checks a suite's section files register (the run-level observed checks left out). */
export async function suiteChecks(
  suite: SuiteName,
): Promise<ReadonlyArray<Pick<Check<unknown>, 'id' | 'title' | 'requirements' | 'endpoint' | 'referenceOnly'>>> {
  if (suite === 'cloud') {
    const { cloudChecks } = await import('../../suites/cloud/all-checks.ts');
    return cloudChecks;
  }
  const { engineChecksFor } = await import('../../suites/engine/all-checks.ts');
  return engineChecksFor(engineVersionOf(suite));
}
