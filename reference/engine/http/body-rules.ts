/**
 * What the reference checks of a JSON request body before a route reads it (spec: Errors, "400:
 * bad parameter"): that it is JSON, sent as JSON, and that each top-level field of the endpoint's
 * request schema has one of its JSON types. Named faults switch each rule off.
 */
import { bodyFields, type BodyField } from '../../../harness/schema/body-fields.ts';
import type { FaultSet } from '../faults.ts';
import { catalogEndpointOf } from './catalog-endpoint.ts';
import { type ApiVersion, HttpError } from './router.ts';

/** A JSON body's text, parsed; not JSON is a bad parameter (or, under a fault, a server error). */
export function parseJsonBody<T>(raw: string, faults: FaultSet): T {
  try {
    return JSON.parse(raw) as T;
  } catch (err) {
    const status = faults.has('body-not-json-500') ? 500 : 400;
    throw new HttpError(status, `invalid JSON body: ${(err as Error).message}`);
  }
}

/** A body sent with a content type other than JSON is refused (none at all is read as JSON). */
export function checkJsonContentType(contentType: string | undefined, faults: FaultSet): void {
  if (!contentType || faults.has('body-content-type-unchecked')) return;
  const type = contentType.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') throw new HttpError(400, `Content-Type specified (${contentType}) must be 'application/json'`);
}

function jsonTypeOf(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function accepts(field: BodyField, value: unknown): boolean {
  const type = jsonTypeOf(value);
  return value === null || field.types.some((t) => t === type || (t === 'number' && type === 'integer'));
}

const fieldsCache = new Map<string, BodyField[]>();

function fieldsOf(version: ApiVersion, schema: string): BodyField[] {
  const key = `${version}/${schema}`;
  const cached = fieldsCache.get(key);
  if (cached) return cached;
  const fields = bodyFields(`engine/${version}`, schema);
  fieldsCache.set(key, fields);
  return fields;
}

/** Each top-level field of the endpoint's request schema has one of its JSON types. */
export function checkFieldTypes(method: string, pathname: string, version: ApiVersion, body: unknown, faults: FaultSet): void {
  if (faults.has('body-field-types-unchecked') || typeof body !== 'object' || body === null || Array.isArray(body)) return;
  const endpoint = catalogEndpointOf(method, pathname);
  const schema = endpoint?.requestBody?.schema;
  // A 1.22 endpoint served under /v1.18 by a fault has no 1.18 schema: its body is read unchecked.
  if (!schema || !endpoint.versions.includes(version) || (endpoint.requestBody?.versions && !endpoint.requestBody.versions.includes(version))) return;
  for (const field of fieldsOf(version, schema)) {
    const value = (body as Record<string, unknown>)[field.name];
    if (value !== undefined && !accepts(field, value))
      throw new HttpError(400, `json: cannot unmarshal ${jsonTypeOf(value)} into field ${field.name} of type ${field.types.join(' or ')}`);
  }
}
