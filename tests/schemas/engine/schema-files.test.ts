import { describe, expect, test } from 'vitest';
import { contractNames, ONLY_IN_1_22 } from './contract-names.ts';
import { validExamples } from './examples/index.ts';
import { VERSIONS, setOf, validator } from './support.ts';

describe.each(VERSIONS)('engine %s schema files', (version) => {
  const names = validator.names(setOf(version));

  test.each(names)('%s compiles, with its cross-file $refs resolved', (name) => {
    expect(() => validator.validate(setOf(version), name, null)).not.toThrow();
  });

  test.each(names)('%s quotes the spec section it comes from', (name) => {
    expect(validator.schema(setOf(version), name).description).toMatch(/^Spec: /);
  });

  test('every contract name exists', () => {
    expect(contractNames(version).filter((name) => !names.includes(name))).toEqual([]);
  });

  test('every schema has valid examples in this version', () => {
    const examples = validExamples(version);
    expect(names.filter((name) => !examples[name]?.length)).toEqual([]);
    expect(Object.keys(examples).filter((name) => !names.includes(name))).toEqual([]);
  });
});

test('1.22-only things have no 1.18 file', () => {
  expect(ONLY_IN_1_22.filter((name) => validator.has('engine/1.18', name))).toEqual([]);
});

test('no documented object is closed with additionalProperties: false', () => {
  for (const version of VERSIONS) {
    for (const name of validator.names(setOf(version))) {
      expect(JSON.stringify(validator.schema(setOf(version), name)), `${version}/${name}`).not.toContain('"additionalProperties":false');
    }
  }
});
