import type { EngineVersion } from '../../harness/catalog/types.ts';
import { checksForVersion, type EngineCheck } from './support/check.ts';
import { containerChecks } from './containers/index.ts';
import { containerDataChecks } from './containers/data-checks.ts';
import { systemChecks } from './system/index.ts';
import { volumeChecks } from './volumes/index.ts';
import { networkChecks } from './networks/index.ts';
import { eventChecks } from './events/index.ts';
import { versioningChecks } from './versioning/index.ts';
import { archiveChecks } from './archive/index.ts';
import { limitChecks } from './limits/index.ts';
import { queryChecks } from './query/index.ts';
import { streamChecks } from './streams/index.ts';
import { logChecks } from './logs/index.ts';
import { execChecks } from './exec/index.ts';
import { imageChecks } from './images/index.ts';
import { withSpellingSiblings } from './query/boolean-spellings.ts';

/** Every engine check, by spec section; the suite files register the same lists. */
const WRITTEN: Record<string, EngineCheck[]> = {
  containers: containerChecks,
  'containers-data': containerDataChecks,
  system: systemChecks,
  volumes: volumeChecks,
  networks: networkChecks,
  events: eventChecks,
  versioning: versioningChecks,
  archive: archiveChecks,
  limits: limitChecks,
  query: queryChecks,
  streams: streamChecks,
  logs: logChecks,
  exec: execChecks,
  images: imageChecks,
};

/** The written checks, each check of a boolean parameter's effect followed by its spelling sibling (in its own section). */
export const ENGINE_SECTIONS: Record<string, EngineCheck[]> = Object.fromEntries(
  Object.entries(WRITTEN).map(([section, checks]) => [section, withSpellingSiblings(checks)]),
);

export function engineChecksFor(version: EngineVersion): EngineCheck[] {
  return checksForVersion(Object.values(ENGINE_SECTIONS).flat(), version);
}
