/** Regenerates requirements/states.json and requirements/filters.json: `npx tsx catalog/cloud/write-derived.ts`. */
import { writeFileSync } from 'node:fs';
import { loadEndpoints } from '../../harness/catalog/load.ts';
import { filterRequirements, stateRequirements } from './derived-requirements.ts';
import { loadStateTables } from './state-tables.ts';

export const DERIVED_FILES = {
  states: new URL('./requirements/states.json', import.meta.url),
  filters: new URL('./requirements/filters.json', import.meta.url),
};

export function serialise(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(DERIVED_FILES.states, serialise(stateRequirements(loadStateTables())));
  writeFileSync(DERIVED_FILES.filters, serialise(filterRequirements(loadEndpoints('cloud'))));
}
