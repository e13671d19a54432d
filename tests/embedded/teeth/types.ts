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
}
