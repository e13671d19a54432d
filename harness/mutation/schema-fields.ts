/**
 * The atoms of a documented answer: every field a JSON Schema of schemas/<api>/<version>/ names,
 * with what the operators need to know of it (its JSON types, whether it is a time, an id, an
 * enum, a list, a map). References between the schema files are followed; a field reached again
 * through its own reference (a recursive shape) is not walked twice.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isJsonObject, type JsonObject } from '../protocol/json-value.ts';
import { isZeroValue } from './json-path.ts';
import type { JsonPath } from './types.ts';

export interface SchemaField {
  path: JsonPath;
  /** The JSON types the schema allows (`integer` counts as a number). */
  types: string[];
  enum?: unknown[];
  /** `unix-seconds` where the schema states seconds, `timestamp` for date-time strings. */
  time?: 'unix-seconds' | 'timestamp';
  /** The field names an object's identifier (`Id`, `ImageID`, `uuid`). */
  id: boolean;
  /** The field is a map (its keys are data, not documented fields). */
  map: boolean;
  /** The field (or the answer) is an object with documented fields that may carry others (not closed by the schema). */
  documentedObject: boolean;
  /** The schema's text says the list has an order. */
  ordered: boolean;
  /** The schema admits a zero value there (null, 0, '', false, [], {}): an omitempty target could leave the field out. */
  zeroAllowed: boolean;
}

/** How deep the walk goes: the deepest documented answer field is 5 levels down. */
const MAX_DEPTH = 7;

export class SchemaFields {
  private readonly files = new Map<string, JsonObject>();

  /** Over the schema files of one set, `schemas/<api>/<version>/`. */
  constructor(private readonly dir: string) {}

  /** Every field of the named schema, the answer itself first (path `[]`). */
  fields(schemaName: string): SchemaField[] {
    const out: SchemaField[] = [];
    this.walk(this.file(`${schemaName}.json`), `${schemaName}.json`, [], out, new Set(), '');
    return out;
  }

  private file(name: string): JsonObject {
    let schema = this.files.get(name);
    if (!schema) {
      schema = JSON.parse(readFileSync(path.join(this.dir, name), 'utf8')) as JsonObject;
      this.files.set(name, schema);
    }
    return schema;
  }

  /** A schema with its `$ref` followed (and the file the reference's own references are relative to). */
  private resolve(schema: JsonObject, file: string): { schema: JsonObject; file: string; ref?: string } {
    const ref = typeof schema.$ref === 'string' ? schema.$ref : undefined;
    if (!ref) return { schema, file };
    const [target = '', pointer = ''] = ref.split('#');
    const refFile = target || file;
    let node: unknown = this.file(refFile);
    for (const part of pointer.split('/').filter(Boolean)) node = isJsonObject(node) ? node[part] : undefined;
    if (!isJsonObject(node)) throw new Error(`${file}: unresolved $ref ${ref}`);
    const resolved = this.resolve({ ...schema, $ref: undefined, ...node }, refFile);
    return { ...resolved, ref: `${refFile}#${pointer}` };
  }

  private walk(raw: JsonObject, file: string, at: JsonPath, out: SchemaField[], refs: ReadonlySet<string>, name: string): void {
    const { schema, file: base, ref } = this.resolve(raw, file);
    if (ref && refs.has(ref)) return;
    const seen = ref ? new Set([...refs, ref]) : refs;
    const branches = [schema, ...alternatives(schema)];
    const properties = Object.assign({}, ...branches.map((b) => (isJsonObject(b.properties) ? b.properties : {}))) as JsonObject;
    const map = branches.find((b) => isJsonObject(b.additionalProperties));
    const items = branches.find((b) => isJsonObject(b.items));
    const closed = branches.some((b) => b.additionalProperties === false || b.maxProperties !== undefined);
    out.push(describe(branches, at, name, raw, ref, Object.keys(properties).length > 0 && !closed, Boolean(map)));
    if (at.length >= MAX_DEPTH) return;
    for (const [key, child] of Object.entries(properties)) {
      if (isJsonObject(child)) this.walk(child, base, [...at, key], out, seen, key);
    }
    if (map) this.walk(map.additionalProperties as JsonObject, base, [...at, '{}'], out, seen, name);
    if (items) this.walk(items.items as JsonObject, base, [...at, '[]'], out, seen, name);
  }
}

function alternatives(schema: JsonObject): JsonObject[] {
  return ['oneOf', 'anyOf', 'allOf'].flatMap((k) => (Array.isArray(schema[k]) ? (schema[k] as unknown[]).filter(isJsonObject) : []));
}

function describe(
  branches: JsonObject[],
  at: JsonPath,
  name: string,
  raw: JsonObject,
  ref: string | undefined,
  documented: boolean,
  map: boolean,
): SchemaField {
  const types = [...new Set(branches.flatMap((b) => (Array.isArray(b.type) ? b.type : b.type ? [b.type] : [])).map(String))];
  const text = branches.map((b) => String(b.description ?? '')).join(' ') + String(raw.description ?? '');
  const enumValues = branches.find((b) => Array.isArray(b.enum))?.enum as unknown[] | undefined;
  const time = timeKind(name, text, ref, types);
  return {
    path: at,
    types: types.map((t) => (t === 'integer' ? 'number' : t)),
    ...(enumValues ? { enum: enumValues } : {}),
    ...(time ? { time } : {}),
    id: /(^|[a-z])(Id|ID|uuid)$/.test(name) || name === 'Id' || name === 'ID',
    map,
    documentedObject: documented,
    ordered: types.includes('array') && /\b(order|ordered|sorted|newest|oldest|most recent|first)\b/i.test(text),
    zeroAllowed: branches.some(admitsZero),
  };
}

/** Whether one schema branch admits the zero value of one of its types. */
function admitsZero(b: JsonObject): boolean {
  const types = Array.isArray(b.type) ? b.type.map(String) : typeof b.type === 'string' ? [b.type] : [];
  if (Array.isArray(b.enum)) return b.enum.some(isZeroValue);
  if ('const' in b) return isZeroValue(b.const);
  const positive = (key: string): boolean => typeof b[key] === 'number' && (b[key] as number) >= 1;
  return types.some((t) => {
    if (t === 'null' || t === 'boolean') return true;
    if (t === 'string') return !positive('minLength') && b.format === undefined && (typeof b.pattern !== 'string' || new RegExp(b.pattern, 'u').test(''));
    if (t === 'integer' || t === 'number')
      return !(typeof b.minimum === 'number' && b.minimum > 0) && !(typeof b.exclusiveMinimum === 'number' && b.exclusiveMinimum >= 0);
    if (t === 'array') return !positive('minItems');
    if (t === 'object') return !positive('minProperties') && !(Array.isArray(b.required) && b.required.length > 0);
    return false;
  });
}

function timeKind(name: string, text: string, ref: string | undefined, types: string[]): SchemaField['time'] {
  if (types.includes('integer') || types.includes('number')) {
    return /unix seconds|seconds since/i.test(text) || /^(Created|time|Time)$/.test(name) ? 'unix-seconds' : undefined;
  }
  if (ref?.includes('timestamp.json') || ref?.includes('DateTime')) return 'timestamp';
  return types.includes('string') && /(timestamp|date-time|datetime|RFC 2822|ISO 8601)/i.test(text) ? 'timestamp' : undefined;
}
