import { readFileSync } from 'node:fs';
import { makeAjv } from '../schema/ajv.ts';

/** Validates a report.json value against the published schema; returns the problems. */
export function validateReport(report: unknown): string[] {
  const schema = JSON.parse(readFileSync(new URL('../../schemas/report/report.json', import.meta.url), 'utf8')) as object;
  const validate = makeAjv().compile(schema);
  if (validate(report)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);
}
