import type { EngineVersion } from '../../../harness/catalog/types.ts';
import { defineCheck, type Check, type CheckDefinition } from '../../../harness/check/types.ts';
import type { EngineContext } from './context.ts';

/** An engine check; `versions` limits it to the suites of those API versions (default: both). */
export interface EngineCheck extends Check<EngineContext> {
  versions?: EngineVersion[];
}

/** An engine check as a suite file writes it (see CheckDefinition). */
export type EngineCheckDefinition = CheckDefinition<EngineContext> & { versions?: EngineVersion[] };

/** Gives a check definition its type and its requirements (by default the one its id names). */
export function engineCheck(definition: EngineCheckDefinition): EngineCheck {
  return defineCheck<EngineContext, EngineCheckDefinition>(definition);
}

/** Checks that apply to a version: all versions unless a check names its own. */
export function checksForVersion(checks: ReadonlyArray<EngineCheck>, version: EngineVersion): EngineCheck[] {
  return checks.filter((c) => !c.versions || c.versions.includes(version));
}
