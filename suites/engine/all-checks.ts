import type { EngineVersion } from '../../harness/catalog/types.ts';
import { checksForVersion, type EngineCheck } from './support/check.ts';
import { containerChecks } from './containers/index.ts';
import { systemChecks } from './system/index.ts';

/** Every engine check, by spec section; the suite files register the same lists. */
export const ENGINE_SECTIONS: Record<string, EngineCheck[]> = {
  containers: containerChecks,
  system: systemChecks,
};

export function engineChecksFor(version: EngineVersion): EngineCheck[] {
  return checksForVersion(Object.values(ENGINE_SECTIONS).flat(), version);
}
