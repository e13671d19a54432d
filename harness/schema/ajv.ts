import { createRequire } from 'node:module';
import type { Ajv2020 } from 'ajv/dist/2020.js';

// Loaded on first use: a run's processes take their validators from cached code (compiled-cache.ts)
// and most never need ajv's compiler (~50 ms of CPU to load).
const requireHere = createRequire(import.meta.url);

/**
 * The one way this project configures ajv: JSON Schema 2020-12, all errors, formats. `source`
 * keeps the generated code of each validator, for ajv's standalone code (compiled-cache.ts).
 */
export function makeAjv(options: { source?: boolean } = {}): Ajv2020 {
  const { Ajv2020: Ajv } = requireHere('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
  const addFormats = requireHere('ajv-formats') as (ajv: Ajv2020) => Ajv2020;
  return addFormats(new Ajv({ allErrors: true, strict: false, allowUnionTypes: true, ...(options.source ? { code: { source: true } } : {}) }));
}
