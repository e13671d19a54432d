import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/** The one way this project configures ajv: JSON Schema 2020-12, all errors, formats. */
export function makeAjv(): Ajv2020 {
  return addFormats(new Ajv2020({ allErrors: true, strict: false, allowUnionTypes: true }));
}
