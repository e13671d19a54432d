/**
 * The defaults a request schema states (`default`), each with another value of its type: the
 * atoms of the `default/replaced` operator. A list's default gets one item built from the item
 * schema (its required fields), a string another enumerated value or another text.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isJsonObject, type JsonObject } from '../protocol/json-value.ts';
import type { JsonPath } from './types.ts';

export interface StatedDefault {
  path: JsonPath;
  stated: unknown;
  /** Another value of the field's type. */
  other: unknown;
}

const REPLACED_TEXT = 'conformance-default-replaced';

export class SchemaDefaults {
  private readonly files = new Map<string, JsonObject>();

  constructor(private readonly dir: string) {}

  /** Every stated default of the schema's properties, also inside list items (`[]`), with another value. */
  of(schemaName: string): StatedDefault[] {
    const root = this.file(`${schemaName}.json`);
    return this.walk(root, root, []).filter((d) => d.other !== undefined);
  }

  /** The schema's required fields, each with a value of its type (undefined where one cannot be made). */
  required(schemaName: string): Record<string, unknown> | undefined {
    const root = this.file(`${schemaName}.json`);
    const value = this.sample(root, { ...root, required: Array.isArray(root.required) ? root.required : [] });
    return isJsonObject(value) ? value : undefined;
  }

  private walk(file: JsonObject, schema: JsonObject, at: JsonPath): StatedDefault[] {
    const props = isJsonObject(schema.properties) ? schema.properties : {};
    return Object.entries(props).flatMap(([name, raw]) => {
      const [owner, prop] = this.resolve(file, raw);
      const here = [...at, name];
      const own = Object.hasOwn(isJsonObject(raw) ? raw : {}, 'default') ? [this.stated(owner, prop, raw as JsonObject, here)] : [];
      const items = prop.type === 'array' && isJsonObject(prop.items) ? this.resolve(owner, prop.items) : undefined;
      const nested = items && isJsonObject(items[1].properties) ? this.walk(items[0], items[1], [...here, '[]']) : [];
      return [...own, ...nested];
    });
  }

  private stated(file: JsonObject, prop: JsonObject, raw: JsonObject, at: JsonPath): StatedDefault {
    return { path: at, stated: raw.default, other: this.otherThan(file, prop, raw.default) };
  }

  private otherThan(file: JsonObject, prop: JsonObject, stated: unknown): unknown {
    if (typeof stated === 'boolean') return !stated;
    if (typeof stated === 'number') return stated + 1;
    if (Array.isArray(prop.enum)) return prop.enum.find((v) => v !== stated);
    if (typeof stated === 'string') return `${stated}${REPLACED_TEXT}`;
    if (stated === null) return types(prop).includes('string') ? REPLACED_TEXT : undefined;
    if (Array.isArray(stated) && isJsonObject(prop.items)) {
      const item = this.sample(...this.resolve(file, prop.items));
      return item === undefined ? undefined : [item];
    }
    return undefined;
  }

  /** A value of the schema: its first enumerated value, an object of its required fields. */
  private sample(file: JsonObject, schema: JsonObject): unknown {
    const first = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
    if (Array.isArray(first) && first.length) return this.sample(...this.resolve(file, first[0]));
    if (Array.isArray(schema.enum)) return schema.enum[0];
    const type = types(schema)[0];
    if (type === 'string') return REPLACED_TEXT;
    if (type === 'integer' || type === 'number') return 1;
    if (type === 'boolean') return true;
    if (type !== 'object' || !isJsonObject(schema.properties)) return undefined;
    const props = schema.properties;
    const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
    const fields = required.map((name) => [name, this.sample(...this.resolve(file, props[name]))] as const);
    return fields.some(([, v]) => v === undefined) ? undefined : Object.fromEntries(fields);
  }

  /** A schema with its `$ref` followed (into this file or another of the directory), and the file it is in. */
  private resolve(file: JsonObject, raw: unknown): [JsonObject, JsonObject] {
    const schema = isJsonObject(raw) ? raw : {};
    if (typeof schema.$ref !== 'string') return [file, schema];
    const [name, pointer = ''] = schema.$ref.split('#');
    const target = name ? this.file(name) : file;
    const found = pointer
      .split('/')
      .filter(Boolean)
      .reduce<unknown>((node, key) => (isJsonObject(node) ? node[key] : undefined), target);
    return this.resolve(target, found);
  }

  private file(name: string): JsonObject {
    const cached = this.files.get(name);
    if (cached) return cached;
    const read = JSON.parse(readFileSync(path.join(this.dir, name), 'utf8')) as JsonObject;
    this.files.set(name, read);
    return read;
  }
}

function types(schema: JsonObject): string[] {
  return Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : [];
}
