/**
 * The top-level fields of a request body schema, the JSON types each one accepts and the values it
 * is limited to (an enum, a minimum or maximum), read from the schemas (which restate the spec's
 * Resources and request body tables): the negative sweeps send each field a value outside them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCHEMAS_DIR } from './validator.ts';

type JsonType = 'string' | 'boolean' | 'integer' | 'number' | 'array' | 'object' | 'null';
type SchemaNode = {
  type?: JsonType | JsonType[];
  $ref?: string;
  properties?: Record<string, SchemaNode>;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
};

/** A body field: the JSON types the schema gives it, and the values it limits it to. */
export interface BodyField {
  name: string;
  types: JsonType[];
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
}

const files = new Map<string, SchemaNode>();

/** A schema file of a set (`engine/1.22`, `cloud/v1`). */
function schemaFile(set: string, file: string): SchemaNode {
  const key = `${set}/${file}`;
  let node = files.get(key);
  if (!node) {
    node = JSON.parse(readFileSync(join(SCHEMAS_DIR, set, file), 'utf8')) as SchemaNode;
    files.set(key, node);
  }
  return node;
}

/** Follows a `$ref` to a file of the same set (`host-config.json#/properties/Memory`), or within `file` (`#/$defs/Tag`). */
function resolve(set: string, file: string, node: SchemaNode): SchemaNode {
  if (!node.$ref) return node;
  const [refFile = '', pointer = ''] = node.$ref.split('#');
  const target = refFile || file;
  let found: unknown = schemaFile(set, target);
  for (const step of pointer.split('/').filter(Boolean)) found = (found as Record<string, unknown>)[step];
  return resolve(set, target, found as SchemaNode);
}

/** The fields of a request body schema whose JSON types the schema states. */
export function bodyFields(set: string, schema: string): BodyField[] {
  const file = `${schema}.json`;
  const root = resolve(set, file, schemaFile(set, file));
  const fields: BodyField[] = [];
  for (const [name, node] of Object.entries(root.properties ?? {})) {
    const { type, enum: values, minimum, maximum } = resolve(set, file, node);
    if (!type) continue;
    fields.push({
      name,
      types: Array.isArray(type) ? type : [type],
      ...(values ? { enum: values } : {}),
      ...(minimum === undefined ? {} : { minimum }),
      ...(maximum === undefined ? {} : { maximum }),
    });
  }
  return fields;
}

/** A value of each JSON type (never null: a JSON null is every field's absence to a Go decoder). */
const SAMPLES: ReadonlyArray<readonly [JsonType, unknown]> = [
  ['string', 'x'],
  ['boolean', true],
  ['integer', 7],
  ['number', 1.5],
  ['array', ['x']],
  ['object', { x: 'y' }],
];

/** Values outside a field's types (an integer is a number too; 1.5 is no integer). */
export function wrongValues(field: BodyField): unknown[] {
  const accepts = (t: JsonType): boolean => field.types.includes(t) || (t === 'integer' && field.types.includes('number'));
  return SAMPLES.filter(([t]) => !accepts(t)).map(([, v]) => v);
}

/** Values of a field's type outside its range (below the minimum, above the maximum). */
export function outOfRange(field: BodyField): number[] {
  return [...(field.minimum === undefined ? [] : [field.minimum - 1]), ...(field.maximum === undefined ? [] : [field.maximum + 1])];
}

/** A string no enum of the schemas holds, for a field limited to an enum of strings. */
export function unknownEnumValue(field: BodyField): string | undefined {
  return field.enum?.every((v) => typeof v === 'string') ? 'CONFORMANCE_UNKNOWN_VALUE' : undefined;
}
