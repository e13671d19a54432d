/**
 * Property-based checks against a target: fast-check seeded from the run's seed (recorded on the
 * outcome so the run can be replayed), few runs (each one is a round trip to the target).
 */
import fc from 'fast-check';
import type { CheckContext } from './context.ts';

/**
 * Runs `property` for generated values; it returns a description of the breach, or undefined
 * when the value satisfies the rule. The first (shrunk) counterexample fails the check.
 * `requirementOf` names the requirement that counterexample breaks, for a check that covers
 * several; without it the failure names all of the check's requirements. `shrink` makes
 * fast-check shrink the counterexample (a request per step) where the smallest one is the report.
 * `examples` are tried first, each of them (the runs are at least as many).
 */
export async function forAll<T>(
  ctx: CheckContext,
  arbitrary: fc.Arbitrary<T>,
  property: (value: T) => Promise<string | undefined>,
  numRuns = 5,
  requirementOf?: (value: T) => string | undefined,
  shrink = false,
  examples: readonly T[] = [],
): Promise<void> {
  ctx.usedSeed = ctx.seed;
  let breach: string | undefined;
  const details = await fc.check(
    fc.asyncProperty(arbitrary, async (value) => {
      const found = await property(value);
      if (found !== undefined) breach = found;
      return found === undefined;
    }),
    { seed: ctx.seed, numRuns: Math.max(numRuns, examples.length), endOnFailure: !shrink, examples: examples.map((e): [T] => [e]) },
  );
  if (details.failed) {
    if (details.errorInstance && breach === undefined) throw details.errorInstance;
    const requirement = requirementOf && details.counterexample ? requirementOf(details.counterexample[0]) : undefined;
    ctx.fail(`${breach} (counterexample ${JSON.stringify(details.counterexample)}, seed ${ctx.seed})`, {
      expected: 'the rule to hold for every generated value',
      actual: details.counterexample,
      requirement,
    });
  }
  ctx.expect(details.numRuns > 0, 'the property held on no generated value: nothing was verified', { expected: `${numRuns} runs`, actual: details.numRuns });
}
