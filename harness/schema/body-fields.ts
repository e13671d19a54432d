/**
 * The top-level fields of a request body schema and the JSON types each one accepts, read from the
 * schemas (which restate the spec's Resources tables): the negative sweep sends each field a
 * value of another JSON type.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EngineVersion } from '../catalog/types.ts';
import { SCHEMAS_DIR } from './validator.ts';

type JsonType = 'string' | 'boolean' | 'integer' | 'number' | 'array' | 'object';
type SchemaNode = { type?: JsonType | JsonType[]; $ref?: string; properties?: Record<string, SchemaNode> };

/** A body field and the JSON types the schema gives it. */
export interface BodyField {
  name: string;
  types: JsonType[];
}

const files = new Map<string, SchemaNode>();

function schemaFile(version: EngineVersion, file: string): SchemaNode {
  const key = `${version}/${file}`;
  let node = files.get(key);
  if (!node) {
    node = JSON.parse(readFileSync(join(SCHEMAS_DIR, 'engine', version, file), 'utf8')) as SchemaNode;
    files.set(key, node);
  }
  return node;
}

/** Follows a `$ref` to a file of the same set (`host-config.json#/properties/Memory`). */
function resolve(version: EngineVersion, node: SchemaNode): SchemaNode {
  if (!node.$ref) return node;
  const [file = '', pointer = ''] = node.$ref.split('#');
  let target: unknown = schemaFile(version, file);
  for (const step of pointer.split('/').filter(Boolean)) target = (target as Record<string, unknown>)[step];
  return resolve(version, target as SchemaNode);
}

/** The fields of a request body schema whose JSON types the schema states. */
export function bodyFields(version: EngineVersion, schema: string): BodyField[] {
  const root = resolve(version, schemaFile(version, `${schema}.json`));
  const fields: BodyField[] = [];
  for (const [name, node] of Object.entries(root.properties ?? {})) {
    const { type } = resolve(version, node);
    if (type) fields.push({ name, types: Array.isArray(type) ? type : [type] });
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
