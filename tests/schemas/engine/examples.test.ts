import { describe, expect, test } from 'vitest';
import { validExamples } from './examples/index.ts';
import { VERSIONS, findings } from './support.ts';

describe.each(VERSIONS)('engine %s: valid examples', (version) => {
  const cases = Object.entries(validExamples(version)).flatMap(([name, values]) => values.map((value, i) => [name, i, value] as const));

  test.each(cases)('%s example %i has no problem and no undocumented field', (name, _i, value) => {
    expect(findings(version, name, value)).toEqual([]);
  });
});
