/** Validates a mutation report against Stryker's published schema (mutation-testing-report-schema, draft-07). */
import { createRequire } from 'node:module';
import type { Ajv as AjvType } from 'ajv';
import { schema } from 'mutation-testing-report-schema';

const requireHere = createRequire(import.meta.url);

/** The problems of a report, one line each; none when it is valid. */
export function validate(report: unknown): string[] {
  const { Ajv } = requireHere('ajv') as { Ajv: new (options: object) => AjvType };
  const addFormats = requireHere('ajv-formats') as (ajv: AjvType) => AjvType;
  const check = addFormats(new Ajv({ allErrors: true, strict: false })).compile(schema);
  if (check(report)) return [];
  return (check.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);
}
