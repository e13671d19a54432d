import type { EngineVersion } from '../../../harness/catalog/types.ts';
import type { Check } from '../../../harness/check/types.ts';
import type { EngineContext } from './context.ts';

/** An engine check; `versions` limits it to the suites of those API versions (default: both). */
export interface EngineCheck extends Check<EngineContext> {
  versions?: EngineVersion[];
}

/** Identity function that gives a check definition its type (and reads well in check files). */
export function engineCheck(check: EngineCheck): EngineCheck {
  return check;
}

/** Checks that apply to a version: all versions unless a check names its own. */
export function checksForVersion(checks: ReadonlyArray<EngineCheck>, version: EngineVersion): EngineCheck[] {
  return checks.filter((c) => !c.versions || c.versions.includes(version));
}
