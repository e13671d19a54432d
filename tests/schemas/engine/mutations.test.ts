import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { validExamples } from './examples/index.ts';
import { breaks, setAt, slotsOf } from './schema-walk.ts';
import { VERSIONS, clone, problemPointers } from './support.ts';

/** Values of every JSON type; for any typed slot some of them are of a wrong type. */
const POOL: readonly unknown[] = [null, true, 7, 1.5, -3, 'text', '', [], ['x'], {}, { k: 'v' }];

describe.each(VERSIONS)('engine %s: mutations of the valid examples', (version) => {
  const examples = Object.entries(validExamples(version)).flatMap(([name, values]) => values.map((value) => ({ name, value })));
  const typed = examples.flatMap(({ name, value }) => slotsOf(version, name, value).typed.map((slot) => ({ name, value, slot })));
  const required = examples.flatMap(({ name, value }) => slotsOf(version, name, value).required.map((slot) => ({ name, value, slot })));

  test('the walk finds typed places and required fields in every schema that has any', () => {
    expect(typed.length).toBeGreaterThan(version === '1.22' ? 700 : 400);
    expect(required.length).toBeGreaterThan(version === '1.22' ? 400 : 250);
  });

  test('every typed place: a value of a wrong type is a problem at that place', () => {
    const missed = typed.filter(({ name, value, slot }) => {
      const wrong = POOL.find((candidate) => breaks(slot, candidate));
      const mutated = clone(value);
      setAt(mutated, slot.pointer, wrong);
      return !problemPointers(version, name, mutated).includes(slot.pointer);
    });
    expect(missed.map(({ name, slot }) => `${name}${slot.pointer}`)).toEqual([]);
  });

  test('every present required field: removing it is a problem named by its pointer', () => {
    const missed = required.filter(({ name, value, slot }) => {
      const mutated = clone(value);
      setAt(mutated, `${slot.parent}/${slot.key}`, undefined);
      return !problemPointers(version, name, mutated).includes(`${slot.parent}/${slot.key}`);
    });
    expect(missed.map(({ name, slot }) => `${name}${slot.parent}/${slot.key}`)).toEqual([]);
  });

  test('property: any wrong-typed value anywhere, plus a required field dropped elsewhere, reports both', () => {
    fc.assert(
      fc.property(fc.constantFrom(...typed), fc.constantFrom(...POOL), fc.nat(), ({ name, value, slot }, candidate, pick) => {
        fc.pre(breaks(slot, candidate));
        const mutated = clone(value);
        setAt(mutated, slot.pointer, candidate);
        const drops = slotsOf(version, name, value)
          .required.map((r) => `${r.parent}/${r.key}`)
          .filter((p) => !p.startsWith(slot.pointer) && !slot.pointer.startsWith(p));
        const dropped = drops.length ? drops[pick % drops.length] : undefined;
        if (dropped) setAt(mutated, dropped, undefined);
        const pointers = problemPointers(version, name, mutated);
        expect(pointers).toContain(slot.pointer);
        if (dropped) expect(pointers).toContain(dropped);
      }),
      { numRuns: 300 },
    );
  });
});
