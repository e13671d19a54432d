import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { SchemaValidator } from '../../../harness/schema/validator.ts';
import { CONTRACT_SCHEMA_NAMES } from './contract-names.ts';
import { arbitraryFor, resolve, root, typesOf, type SchemaNode } from './schema-arbitrary.ts';

const validator = new SchemaValidator('neutral');
const RUNS = { numRuns: 12 };

function problems(name: string, value: unknown): string[] {
  return validator
    .validate('cloud/v1', name, value)
    .filter((f) => f.kind === 'problem')
    .map((f) => f.pointer);
}

/** A JSON value of a type the property does not allow: the first candidate whose type is not listed. */
function wrongTypeFor(types: string[]): unknown {
  const candidates: Array<[string, unknown]> = [
    ['object', { unexpected: true }],
    ['boolean', true],
    ['string', 'unexpected'],
    ['integer', 0.5],
    ['array', []],
  ];
  return candidates.find(([type]) => !types.includes(type) && !(type === 'integer' && types.includes('number')))?.[1];
}

describe.each(CONTRACT_SCHEMA_NAMES)('generated %s values', (name) => {
  const schema = root(name);
  const properties = Object.entries((resolve(schema).node.properties as Record<string, SchemaNode> | undefined) ?? {});
  const required = (resolve(schema).node.required as string[] | undefined) ?? [];
  const typed = properties.filter(([, sub]) => typesOf({ node: sub, file: schema.file }).length > 0);

  test('are valid', () => {
    fc.assert(
      fc.property(arbitraryFor(schema), (value) => {
        expect(problems(name, value)).toEqual([]);
      }),
      RUNS,
    );
  });

  test.skipIf(required.length === 0)('miss a required field → a problem at that field', () => {
    fc.assert(
      fc.property(arbitraryFor(schema), fc.constantFrom(...required), (value, field) => {
        const broken = { ...(value as Record<string, unknown>) };
        delete broken[field];
        expect(problems(name, broken)).toContain(`/${field}`);
      }),
      RUNS,
    );
  });

  test.skipIf(typed.length === 0)('with a field of the wrong JSON type → a problem at that field', () => {
    fc.assert(
      fc.property(arbitraryFor(schema), fc.constantFrom(...typed), (value, [field, sub]) => {
        const wrong = wrongTypeFor(typesOf({ node: sub, file: schema.file }));
        const broken = { ...(value as Record<string, unknown>), [field]: wrong };
        expect(problems(name, broken)).toContain(`/${field}`);
      }),
      RUNS,
    );
  });
});
