import type { EngineVersion } from '../../../harness/catalog/types.ts';
import type { EngineFaultName } from '../../../reference/engine/faults.ts';

/**
 * A fault of the reference target and the checks that must catch it: each listed check, run
 * against the target with that fault, must not pass (failed, or warning for a recommended rule).
 */
export interface Teeth {
  fault: EngineFaultName;
  /** The version whose suite runs the checks (a 1.18-only fault names 1.18). */
  version: EngineVersion;
  catches: string[];
  /**
   * The checks measure delays of a few hundred milliseconds (the restart backoff): the row runs
   * before the others, by itself. Beside them, in the thread of the faulted daemons, its checks
   * measured that thread's lag: on a loaded CI machine restart-no-backoff's immediate restarts took
   * longer than the delays they skip, and went uncaught.
   */
  alone?: true;
}

/** The rows of a fault both suites catch with the same checks: one row per version. */
export function inBothVersions(fault: EngineFaultName, ...catches: string[]): Teeth[] {
  return (['1.18', '1.22'] as const).map((version) => ({ fault, version, catches }));
}
