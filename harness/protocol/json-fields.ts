/** Field-by-field shape checks of decoded JSON objects, each problem a diagnostic naming the field. */
import { observation, violation, type Diagnostic } from './diagnostic.ts';
import { describeJson, isJsonObject, type JsonObject } from './json-value.ts';

export type FieldType = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array';

export interface FieldRule {
  name: string;
  type: FieldType;
  required: boolean;
}

/** `where` names the document in messages: 'the path-stat header', 'X-Registry-Auth'. */
export function checkFields(object: JsonObject, rules: readonly FieldRule[], where: string): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const rule of rules) {
    if (!Object.hasOwn(object, rule.name)) {
      if (rule.required) diagnostics.push(violation('missing-field', `${where} has no ${rule.name} (${rule.type})`));
      continue;
    }
    const value = object[rule.name];
    if (!hasType(value, rule.type)) {
      diagnostics.push(
        violation(
          'wrong-field-type',
          `${where}: ${rule.name} must be ${article(rule.type)}, got ${describeJson(value)}${typeof value === 'number' ? ` (${value})` : ''}`,
        ),
      );
    }
  }
  return diagnostics;
}

/** Fields the rules do not name: observations (a newer client or daemon may add fields). */
export function unknownFields(object: JsonObject, known: readonly string[], where: string): Diagnostic[] {
  const extra = Object.keys(object).filter((key) => !known.includes(key));
  return extra.length === 0 ? [] : [observation('unknown-field', `${where} has fields the spec does not name: ${extra.join(', ')}`)];
}

const HAS_TYPE: Record<FieldType, (value: unknown) => boolean> = {
  string: (v) => typeof v === 'string',
  integer: (v) => Number.isSafeInteger(v),
  number: (v) => typeof v === 'number',
  boolean: (v) => typeof v === 'boolean',
  object: (v) => isJsonObject(v),
  array: (v) => Array.isArray(v),
};

function hasType(value: unknown, type: FieldType): boolean {
  return HAS_TYPE[type](value);
}

function article(type: FieldType): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
