import { describe, expect, test } from 'vitest';
import { SUITES } from '../../harness/catalog/types.ts';
import { ALLOWED_DIR, EQUIVALENTS_DIR, MutantDeclarations } from '../../harness/mutation/declarations.ts';
import { generateMutants } from '../../harness/mutation/generate.ts';

const MUTANTS = SUITES.flatMap((suite) => generateMutants(suite));
const IDS = MUTANTS.map((m) => m.id);
const EQUIVALENTS = MutantDeclarations.load(EQUIVALENTS_DIR);
const ALLOWED = MutantDeclarations.load(ALLOWED_DIR);

describe('the declared mutants', () => {
  test('every declaration, equivalent or allowed, matches a generated mutant', () => {
    expect(EQUIVALENTS.stale(IDS)).toEqual([]);
    expect(ALLOWED.stale(IDS)).toEqual([]);
  });

  test('no mutant is declared both equivalent (not run) and allowed (run as a legal variation)', () => {
    expect(IDS.filter((id) => EQUIVALENTS.reasonFor(id) && ALLOWED.reasonFor(id))).toEqual([]);
  });

  test('a fault operator at a site declared allowed is generated as a legal mutant, with the reason in its description', () => {
    const allowed = MUTANTS.filter((m) => !m.operator.startsWith('legal/') && ALLOWED.reasonFor(m.id));
    expect(allowed.length).toBeGreaterThan(0);
    expect(allowed.filter((m) => !m.legal || !m.description.includes(ALLOWED.reasonFor(m.id)!)).map((m) => m.id)).toEqual([]);
    const auth = MUTANTS.find((m) => m.id === 'engine-1.22:status/documented-neighbour@engine/system/auth status 200→204');
    expect(auth?.legal).toBe(true);
  });
});
