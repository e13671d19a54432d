/**
 * A fast-check arbitrary for any cloud v1 schema, read from the schema files themselves (with
 * cross-file $refs). Every declared property is always generated, so the conditional parts of
 * the schemas (anyOf of `required`, if/then) hold by construction; values are otherwise random
 * within the declared types, enums, patterns and bounds.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { SCHEMAS_DIR } from '../../../harness/schema/validator.ts';

export type SchemaNode = Record<string, unknown>;

const DIR = path.join(SCHEMAS_DIR, 'cloud/v1');
const files = new Map<string, SchemaNode>();

function file(name: string): SchemaNode {
  let schema = files.get(name);
  if (!schema) {
    schema = JSON.parse(readFileSync(path.join(DIR, name), 'utf8')) as SchemaNode;
    files.set(name, schema);
  }
  return schema;
}

/** A schema node and the file its local '#/...' references resolve against. */
export interface Located {
  node: SchemaNode;
  file: string;
}

/** Follows $ref chains ('common.json#/$defs/X', '#/$defs/Y') to the node that has no $ref. */
export function resolve(at: Located): Located {
  return typeof at.node.$ref === 'string' ? resolve(resolveOnce(at)) : at;
}

function resolveOnce(at: Located): Located {
  const ref = at.node.$ref as string;
  const [target, pointer = ''] = ref.split('#');
  const fileName = target || at.file;
  let node: unknown = file(fileName);
  for (const key of pointer.split('/').slice(1)) node = (node as SchemaNode)[key];
  if (!node || typeof node !== 'object') throw new Error(`unresolved $ref ${ref} in ${at.file}`);
  return { node: node as SchemaNode, file: fileName };
}

export function root(name: string): Located {
  return { node: file(`${name}.json`), file: `${name}.json` };
}

/** The JSON types a node allows, after following $refs (empty when it does not say). */
export function typesOf(at: Located): string[] {
  const { node } = resolve(at);
  if (Array.isArray(node.type)) return node.type as string[];
  return typeof node.type === 'string' ? [node.type] : [];
}

/** `not: {const}` anywhere along a $ref chain (the only use of `not` on a value in these schemas). */
function excludedAlong(at: Located): unknown[] {
  const here = (at.node.not as SchemaNode | undefined)?.const;
  const rest = typeof at.node.$ref === 'string' ? excludedAlong(resolveOnce(at)) : [];
  return here === undefined ? rest : [here, ...rest];
}

export function arbitraryFor(at: Located): fc.Arbitrary<unknown> {
  const excluded = excludedAlong(at);
  const arb = build(resolve(at));
  return excluded.length === 0 ? arb : arb.filter((v) => !excluded.includes(v));
}

function build(at: Located): fc.Arbitrary<unknown> {
  const { node } = at;
  if ('const' in node) return fc.constant(node.const);
  if (Array.isArray(node.enum)) return fc.constantFrom(...(node.enum as unknown[]));
  const types = typesOf(at);
  if (types.length === 0 && Array.isArray(node.anyOf)) {
    return fc.oneof(...(node.anyOf as SchemaNode[]).map((branch) => arbitraryFor({ node: branch, file: at.file })));
  }
  if (types.length === 0) return fc.constant({});
  return fc.oneof(...types.map((type) => ofType(type, at)));
}

function ofType(type: string, at: Located): fc.Arbitrary<unknown> {
  const { node } = at;
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: (node.minimum as number | undefined) ?? -1000, max: (node.maximum as number | undefined) ?? 100_000 });
    case 'string':
      return stringArbitrary(node);
    case 'array': {
      const items = arbitraryFor({ node: (node.items as SchemaNode | undefined) ?? {}, file: at.file });
      if (!node.uniqueItems) return fc.array(items, { maxLength: 3 });
      // uniqueItems: JSON Schema's equality of items is deep, as their JSON text; the items are
      // made plain JSON (as a parsed answer is), since ajv's comparison needs their prototypes.
      return fc.uniqueArray(items, { maxLength: 3, selector: (v) => JSON.stringify(v) }).map((list) => JSON.parse(JSON.stringify(list)) as unknown[]);
    }
    case 'object':
      return objectArbitrary(at);
    default:
      throw new Error(`type ${type} is not generated`);
  }
}

function stringArbitrary(node: SchemaNode): fc.Arbitrary<string> {
  const minLength = (node.minLength as number | undefined) ?? 0;
  if (typeof node.pattern === 'string') {
    return fc.stringMatching(new RegExp(node.pattern, 'u')).filter((s) => s.length >= minLength);
  }
  return fc.string({ minLength, maxLength: 20 });
}

function objectArbitrary(at: Located): fc.Arbitrary<unknown> {
  const { node } = at;
  const properties = (node.properties as Record<string, SchemaNode> | undefined) ?? {};
  const record = fc.record(Object.fromEntries(Object.entries(properties).map(([name, sub]) => [name, arbitraryFor({ node: sub, file: at.file })])));
  const extra = node.additionalProperties;
  if (!extra || typeof extra !== 'object') return record;
  const keyPattern = (node.propertyNames as SchemaNode | undefined)?.pattern;
  const keys = typeof keyPattern === 'string' ? fc.stringMatching(new RegExp(keyPattern, 'u')) : fc.string({ maxLength: 10 });
  const values = arbitraryFor({ node: extra as SchemaNode, file: at.file });
  return fc.tuple(record, fc.dictionary(keys, values, { maxKeys: 3 })).map(([fixed, more]) => ({ ...more, ...fixed }));
}
