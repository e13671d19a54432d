import { describe, expect, test } from 'vitest';
import type { Requirement, RequirementLevel } from '../../harness/catalog/types.ts';
import { CheckContext } from '../../harness/check/context.ts';
import { executeCheck, observedPart } from '../../harness/check/execute.ts';
import type { Check } from '../../harness/check/types.ts';
import { SchemaValidator } from '../../harness/schema/validator.ts';
import { TargetError } from '../../harness/target/errors.ts';

const requirement = (id: string, level: RequirementLevel): Requirement => ({ id, level, section: 'S', statement: `statement of ${id}`, versions: ['1.22'] });
const REQS = new Map([
  ['r/required', requirement('r/required', 'required')],
  ['r/recommended', requirement('r/recommended', 'recommended')],
  ['r/info', requirement('r/info', 'informational')],
]);
const options = { requirement: (id: string) => REQS.get(id), checkTimeoutMs: 200 };
const ctx = () => new CheckContext({ seed: 1, schemas: new SchemaValidator(), timeoutMs: 100 });
const check = (requirements: string[], run: Check<CheckContext>['run']): Check<CheckContext> => ({ id: 'c', title: 't', requirements, run });

describe('executeCheck grades by the level of the requirement', () => {
  test('a kept rule passes', async () => {
    expect(
      (
        await executeCheck(
          check(['r/required'], async (c) => c.expectEqual(1, 1, 'one is one')),
          ctx(),
          options,
        )
      ).status,
    ).toBe('passed');
  });
  test('a check that verifies nothing cannot pass: it is an error of the suite', async () => {
    const outcome = await executeCheck(
      check(['r/required'], async () => {}),
      ctx(),
      options,
    );
    expect(outcome).toMatchObject({ status: 'error', verified: 0 });
    expect(outcome.message).toContain('verified nothing');
  });
  test('a comparison the answer cannot support ends the check unverified when it verified nothing else, never passed', async () => {
    const cannot = check(['r/required'], async (c) => c.cannotVerify('the PATCH answered no object to compare'));
    const outcome = await executeCheck(cannot, ctx(), options);
    expect(outcome).toMatchObject({ status: 'skipped', verified: 0 });
    expect(outcome.message).toBe('unverified: the PATCH answered no object to compare');
    const alsoVerified = check(['r/required'], async (c) => {
      c.cannotVerify('one comparison could not be made');
      c.expect(true, 'another was');
    });
    expect(await executeCheck(alsoVerified, ctx(), options)).toMatchObject({ status: 'passed', verified: 1 });
    const alsoBreached = check(['r/required'], async (c) => {
      c.cannotVerify('one comparison could not be made');
      c.verify(false, 'another failed', { requirement: 'r/required' });
    });
    expect((await executeCheck(alsoBreached, ctx(), options)).status).toBe('failed');
  });
  test('expectations inside set-up steps do not count as verifying the subject', async () => {
    const setUpOnly = check(['r/required'], async (c) => c.setUp(async () => c.expect(true, 'the container was created')));
    expect((await executeCheck(setUpOnly, ctx(), options)).status).toBe('error');
    const both = check(['r/required'], async (c) => {
      await c.setUp(async () => c.expect(true, 'the container was created'));
      c.expect(true, 'the subject');
    });
    expect(await executeCheck(both, ctx(), options)).toMatchObject({ status: 'passed', verified: 1 });
  });
  test('verify() collects every mismatch and fails only the requirements it names', async () => {
    const outcome = await executeCheck(
      check(['r/required', 'r/recommended', 'r/info'], async (c) => {
        c.verify(true, 'kept', { requirement: 'r/required' });
        c.verify(false, 'A differs', { requirement: 'r/recommended', expected: 1, actual: 2 });
        c.verify(false, 'B differs', { requirement: 'r/info', expected: 'x', actual: 'y' });
      }),
      ctx(),
      options,
    );
    expect(outcome).toMatchObject({ status: 'warning', completed: true, expected: [1, 'x'], actual: [2, 'y'] });
    expect(outcome.breaches?.map((b) => b.requirements)).toEqual([['r/recommended'], ['r/info']]);
    expect(outcome.message).toContain('A differs');
    expect(outcome.message).toContain('B differs');
  });
  test('a breach that names no requirement stands for all of them, and is named only when the check says its requirements restate one rule', async () => {
    const unnamed = await executeCheck(
      check(['r/required', 'r/recommended'], async (c) => c.fail('x')),
      ctx(),
      options,
    );
    expect(unnamed.breaches).toEqual([{ requirements: ['r/required', 'r/recommended'], named: false, message: 'x' }]);
    const oneRule = await executeCheck(
      { ...check(['r/required', 'r/recommended'], async (c) => c.fail('x', { requirement: 'r/recommended' })), oneRule: true },
      ctx(),
      options,
    );
    expect(oneRule.breaches?.[0]).toMatchObject({ requirements: ['r/required', 'r/recommended'], named: true });
    const single = await executeCheck(
      check(['r/required'], async (c) => c.fail('x')),
      ctx(),
      options,
    );
    expect(single.breaches?.[0]).toMatchObject({ requirements: ['r/required'], named: true });
  });
  test('a breach in a set-up step that names its cause blocks the check instead of failing it', async () => {
    const outcome = await executeCheck(
      check(['r/required'], async (c) => {
        await c.setUp(async () => c.fail('the import ignored tag'), 'r/recommended');
      }),
      ctx(),
      options,
    );
    expect(outcome).toMatchObject({ status: 'skipped', blockedBy: 'r/recommended', message: 'blocked by r/recommended: the import ignored tag' });
  });
  test('a precondition that does not hold skips the check naming its cause, never fails it', async () => {
    const refused = check(['r/required'], async (c) => c.precondition(false, 'the create answered 500', 'r/recommended'));
    const outcome = await executeCheck(refused, ctx(), options);
    expect(outcome).toMatchObject({ status: 'skipped', blockedBy: 'r/recommended', message: 'blocked by r/recommended: the create answered 500' });
    const unnamed = check(['r/required'], async (c) => c.precondition(false, 'the script exited 1'));
    expect(await executeCheck(unnamed, ctx(), options)).toMatchObject({ status: 'skipped', message: 'unverified: precondition: the script exited 1' });
    const holds = check(['r/required'], async (c) => {
      c.precondition(true, 'the create answered 201', 'r/recommended');
      c.expect(true, 'the subject');
    });
    expect(await executeCheck(holds, ctx(), options)).toMatchObject({ status: 'passed', verified: 1 });
  });
  test('a check blocked by a requirement of its own has found that breach: it fails naming it', async () => {
    const own = check(['r/required', 'r/recommended'], async (c) => c.precondition(false, 'the create answered 500', 'r/recommended'));
    const outcome = await executeCheck(own, ctx(), options);
    expect(outcome).toMatchObject({ status: 'warning', breaches: [{ requirements: ['r/recommended'], named: true, message: 'the create answered 500' }] });
  });
  test('a broken required rule fails, with expected, actual and the spec statement', async () => {
    const outcome = await executeCheck(
      check(['r/required'], async (c) => c.expectEqual(1, 2, 'one is two')),
      ctx(),
      options,
    );
    expect(outcome).toMatchObject({ status: 'failed', expected: 2, actual: 1 });
    expect(outcome.message).toContain('statement of r/required');
  });
  test('a broken recommended rule is a warning', async () => {
    const outcome = await executeCheck(
      check(['r/recommended'], async (c) => c.fail('lenient')),
      ctx(),
      options,
    );
    expect(outcome.status).toBe('warning');
  });
  test('a check of informational requirements only observes, never fails', async () => {
    expect(
      (
        await executeCheck(
          check(['r/info'], async (c) => c.fail('different')),
          ctx(),
          options,
        )
      ).status,
    ).toBe('informational');
    const observed = await executeCheck(
      check(['r/info'], async (c) => c.observe('errors are text/plain')),
      ctx(),
      options,
    );
    expect(observed).toMatchObject({ status: 'informational', message: 'errors are text/plain' });
  });
  test('a failure naming one of several requirements is graded by that one', async () => {
    const outcome = await executeCheck(
      check(['r/required', 'r/recommended'], async (c) => c.fail('x', { requirement: 'r/recommended' })),
      ctx(),
      options,
    );
    expect(outcome.status).toBe('warning');
  });
  test('skip, not-applicable, target errors, timeouts and harness bugs', async () => {
    expect(
      (
        await executeCheck(
          check(['r/required'], async (c) => c.skip('no fixture')),
          ctx(),
          options,
        )
      ).status,
    ).toBe('skipped');
    expect(
      (
        await executeCheck(
          check(['r/required'], async (c) => c.notApplicable('windows only')),
          ctx(),
          options,
        )
      ).status,
    ).toBe('not-applicable');
    expect(
      (
        await executeCheck(
          check(['r/required'], async () => {
            throw new TargetError('reset', 'unreachable');
          }),
          ctx(),
          options,
        )
      ).status,
    ).toBe('failed');
    expect(
      (
        await executeCheck(
          check(['r/required'], () => new Promise(() => {})),
          ctx(),
          options,
        )
      ).status,
    ).toBe('failed');
    expect(
      (
        await executeCheck(
          check(['r/required'], async () => {
            throw new TypeError('bug');
          }),
          ctx(),
          options,
        )
      ).status,
    ).toBe('error');
    expect(
      (
        await executeCheck(
          check(['r/unknown'], async () => {}),
          ctx(),
          options,
        )
      ).status,
    ).toBe('error');
  });
  test('cleanups run after a failure, and their errors become observations', async () => {
    let cleaned = false;
    const outcome = await executeCheck(
      check(['r/required'], async (c) => {
        c.defer(() => {
          cleaned = true;
        });
        c.defer(() => {
          throw new Error('could not remove');
        });
        c.fail('broken');
      }),
      ctx(),
      options,
    );
    expect(cleaned).toBe(true);
    expect(outcome.observations).toContain('cleanup: could not remove');
  });
});

describe('a breach message says what the target answered', () => {
  test('a message stating only the rule gets the value the target answered', () => {
    expect(observedPart({ message: 'a container that wrote nothing has SizeRw 0', actual: '(absent)' })).toBe(': got (absent)');
    expect(observedPart({ message: 'the list item has Labels {}', actual: null })).toBe(': got null');
  });

  test('a message that shows the answer already, or a breach without one, is left as it is', () => {
    expect(observedPart({ message: 'expected status 400, got 500', actual: { status: 500 } })).toBe('');
    expect(observedPart({ message: 'the state is Stopped', actual: 'Stopped' })).toBe('');
    expect(observedPart({ message: 'no value to show' })).toBe('');
  });
});
