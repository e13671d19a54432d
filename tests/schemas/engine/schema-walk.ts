import { setOf, validator, type EngineVersion } from './support.ts';

type Node = Record<string, unknown>;
interface Located {
  file: string;
  node: Node;
}

/** A place in an example value that the schema types: its pointer and what the schema accepts there. */
export interface TypedSlot {
  pointer: string;
  /** JSON types the schema allows there ('integer' is implied by 'number'). */
  types?: string[];
  /** Allowed values, when the schema enumerates them. */
  enum?: unknown[];
}

/** A documented required field present in an example. */
export interface RequiredSlot {
  parent: string;
  key: string;
}

function followRefs(version: EngineVersion, at: Located): Located {
  let { file, node } = at;
  for (let hops = 0; typeof node.$ref === 'string'; hops++) {
    if (hops > 20) throw new Error(`$ref loop at ${file}`);
    const [target, fragment = ''] = (node.$ref as string).split('#');
    if (target) file = target.replace(/\.json$/, '');
    let next: unknown = validator.schema(setOf(version), file);
    for (const part of fragment.split('/').filter(Boolean)) next = (next as Node)[part];
    node = next as Node;
  }
  return { file, node };
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** Whether a value breaks the type or enum constraint of a slot (and so must be reported). */
export function breaks(slot: TypedSlot, value: unknown): boolean {
  if (slot.enum) return !slot.enum.some((allowed) => JSON.stringify(allowed) === JSON.stringify(value));
  const type = jsonType(value);
  const types = slot.types ?? [];
  return !(types.includes(type) || (type === 'integer' && types.includes('number')));
}

/**
 * Walks an example alongside its schema (following $refs across files) and lists every typed place
 * and every present required field. Only `properties`, `additionalProperties` maps and `items` are
 * followed: enough for the engine schemas, whose unions are type lists or required-only branches.
 */
export function slotsOf(version: EngineVersion, name: string, example: unknown): { typed: TypedSlot[]; required: RequiredSlot[] } {
  const typed: TypedSlot[] = [];
  const required: RequiredSlot[] = [];
  const visit = (at: Located, value: unknown, pointer: string): void => {
    const { file, node } = followRefs(version, at);
    if (pointer !== '' && (node.type !== undefined || node.enum !== undefined)) {
      typed.push({
        pointer,
        types: node.type === undefined ? undefined : ([] as string[]).concat(node.type as string),
        enum: node.enum as unknown[] | undefined,
      });
    }
    if (Array.isArray(value) && node.items) {
      value.forEach((item, i) => visit({ file, node: node.items as Node }, item, `${pointer}/${i}`));
    } else if (value && typeof value === 'object') {
      const props = (node.properties ?? {}) as Record<string, Node>;
      for (const key of (node.required ?? []) as string[]) if (key in value) required.push({ parent: pointer, key });
      for (const [key, child] of Object.entries(value)) {
        const sub = props[key] ?? (typeof node.additionalProperties === 'object' ? (node.additionalProperties as Node) : undefined);
        if (sub) visit({ file, node: sub }, child, `${pointer}/${escapePointerToken(key)}`);
      }
    }
  };
  visit({ file: name, node: { $ref: `${name}.json` } }, example, '');
  return { typed, required };
}

function escapePointerToken(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Sets (or deletes, with `undefined`) the value at a JSON pointer, in place. */
export function setAt(root: unknown, pointer: string, value: unknown): void {
  const parts = pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  const last = parts.pop() as string;
  let node = root as Record<string, unknown>;
  for (const part of parts) node = node[part] as Record<string, unknown>;
  if (value === undefined) delete node[last];
  else node[last] = value;
}
