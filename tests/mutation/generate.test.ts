import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { RequirementIndex } from '../../harness/catalog/load.ts';
import { SUITES } from '../../harness/catalog/types.ts';
import { activeMutation } from '../../harness/mutation/apply.ts';
import { generateMutants } from '../../harness/mutation/generate.ts';
import { mutantReaches, type ObservedExchange } from '../../harness/mutation/hook.ts';
import { seededSample } from '../../harness/mutation/select.ts';

const MUTANTS = new Map(SUITES.map((suite) => [suite, generateMutants(suite)]));

describe('the generated mutants', () => {
  test.each(SUITES)('%s: every id is unique and every mutant sits at requirements of the catalog', (suite) => {
    const mutants = MUTANTS.get(suite)!;
    expect(new Set(mutants.map((m) => m.id)).size).toBe(mutants.length);
    const index = RequirementIndex.shared();
    expect(mutants.filter((m) => !m.requirements.length || m.requirements.some((r) => !index.get(r))).map((m) => m.id)).toEqual([]);
  });

  test('every operator family is applied: answers, requests, statuses, operations, events, effects and legal variations', () => {
    const operators = new Set([...MUTANTS.values()].flat().map((m) => m.operator.split('/')[0]));
    expect([...operators].sort()).toEqual(['answer', 'event', 'legal', 'operation', 'request', 'status', 'stream']);
    expect(MUTANTS.get('engine-1.22')!.some((m) => m.operator === 'request/effect-not-applied')).toBe(true);
  });

  test('a field of a documented answer gets the operators that fit it, in its own version only', () => {
    const created = MUTANTS.get('engine-1.22')!.filter((m) => m.site.endpoint === 'engine/images/list' && m.site.atom === '200 [].Created');
    expect(created.map((m) => m.operator).sort()).toEqual(
      ['answer/field-absent', 'answer/field-absent-when-zero', 'answer/null', 'answer/seconds-as-milliseconds', 'answer/wrong-type', 'answer/zero-time'].sort(),
    );
    expect(MUTANTS.get('engine-1.18')!.some((m) => m.site.endpoint === 'engine/volumes/list')).toBe(false);
  });
});

describe('what a mutant does to an exchange', () => {
  const exchange = (answers: unknown[]): ObservedExchange => ({ endpoint: 'engine/images/list', version: '1.22', query: 'all=1', status: 200, answers });

  test('an answer operator changes the field it names and nothing else, on a copy', () => {
    const body = [{ Id: 'sha256:0a', Created: 1700000000, RepoTags: ['a:1'] }];
    const active = activeMutation(
      { kind: 'answer', endpoint: 'engine/images/list', version: '1.22', status: 200, path: ['[]', 'Created'], op: 'seconds-as-milliseconds' },
      'engine/images/list',
      '1.22',
    )!;
    expect(active.answer(200, body)).toEqual([{ Id: 'sha256:0a', Created: 1700000000000, RepoTags: ['a:1'] }]);
    expect(body[0]!.Created).toBe(1700000000);
    expect(active.answer(404, body)).toBe(body);
  });

  test('a mutant reaches an exchange only where it changes something', () => {
    const spec = { kind: 'answer', endpoint: 'engine/images/list', version: '1.22', status: 200, path: ['[]', 'Labels'], op: 'field-absent' } as const;
    expect(mutantReaches(spec, exchange([[{ Id: 'a', Labels: {} }]]))).toBe(true);
    expect(mutantReaches(spec, exchange([[{ Id: 'a' }]]))).toBe(false);
    expect(mutantReaches({ ...spec, version: '1.18' }, exchange([[{ Id: 'a', Labels: {} }]]))).toBe(false);
    expect(mutantReaches({ kind: 'query-ignored', endpoint: 'engine/images/list', version: '1.22', param: 'all' }, exchange([]))).toBe(true);
    expect(mutantReaches({ kind: 'query-ignored', endpoint: 'engine/images/list', version: '1.22', param: 'filters' }, exchange([]))).toBe(false);
  });

  test('the legal rewritings keep every value: key order, fractional digits', () => {
    const reordered = activeMutation({ kind: 'legal', endpoint: 'e', version: 'v', op: 'keys-reordered' }, 'e', 'v')!;
    const digits = activeMutation({ kind: 'legal', endpoint: 'e', version: 'v', op: 'fraction-digits' }, 'e', 'v')!;
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const out = reordered.answer(200, value);
        expect(isDeepStrictEqual(out, value)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) }), (date) => {
        const out = digits.answer(200, { t: date.toISOString() }) as { t: string };
        expect(out.t).not.toBe(date.toISOString());
        expect(Date.parse(out.t)).toBe(date.getTime());
      }),
    );
  });

  test('a seeded sample is the same for the same seed and differs for another', () => {
    const items = Array.from({ length: 100 }, (_, i) => i);
    expect(seededSample(items, 10, 3)).toEqual(seededSample(items, 10, 3));
    expect(seededSample(items, 10, 3)).not.toEqual(seededSample(items, 10, 4));
    expect(new Set(seededSample(items, 100, 3)).size).toBe(100);
  });
});
