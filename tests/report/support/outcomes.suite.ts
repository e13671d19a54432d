// A suite of fake checks, one per graded outcome, run by run-outcomes-suite.ts (not a unit test:
// it is no *.test.ts file) to see how each outcome reaches other vitest reporters (Allure).
import type { Requirement, RequirementLevel } from '../../../harness/catalog/types.ts';
import { CheckContext } from '../../../harness/check/context.ts';
import { registerChecks } from '../../../harness/check/register.ts';
import type { Check } from '../../../harness/check/types.ts';
import { SchemaValidator } from '../../../harness/schema/validator.ts';

const requirement = (id: string, level: RequirementLevel): Requirement => ({
  id,
  level,
  section: 'Fake > Section',
  statement: `statement of ${id}`,
  versions: ['1.22'],
});
const REQUIREMENTS = new Map([
  ['fake/required', requirement('fake/required', 'required')],
  ['fake/recommended', requirement('fake/recommended', 'recommended')],
  ['fake/info', requirement('fake/info', 'informational')],
]);

let finishLater = 0;
/** The checks run concurrently; each one earlier in the list finishes later, so their Allure labelling interleaves. */
const check = (id: string, requirements: string[], run: Check<CheckContext>['run'], extra: Partial<Check<CheckContext>> = {}): Check<CheckContext> => {
  const delayMs = 200 - 25 * finishLater++;
  return {
    id,
    title: `the ${id} check`,
    requirements,
    endpoint: 'fake/endpoint',
    run: async (ctx) => {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      await run(ctx);
    },
    ...extra,
  };
};

/** Check id = the outcome it is graded as. */
export const OUTCOME_CHECKS: Check<CheckContext>[] = [
  check('passed', ['fake/required'], async (c) => c.expectEqual(1, 1, 'one is one')),
  check('failed', ['fake/required'], async (c) => c.expectEqual(1, 2, 'one is two')),
  check('warning', ['fake/recommended'], async (c) => c.fail('lenient')),
  check('informational', ['fake/info'], async (c) => c.observe('seen')),
  check('skipped', ['fake/required'], async (c) => c.skip('no fixture')),
  check('not-applicable', ['fake/required'], async () => {}, { notApplicable: () => 'not this target' }),
  check('error', ['fake/required'], async () => {
    throw new Error('a bug in the check');
  }),
];

registerChecks(
  {
    suite: 'engine-1.22',
    execute: { requirement: (id) => REQUIREMENTS.get(id), checkTimeoutMs: 5_000 },
    createContext: async () => new CheckContext({ seed: 1, schemas: new SchemaValidator(), timeoutMs: 1_000 }),
    concurrent: true,
  },
  OUTCOME_CHECKS,
);
