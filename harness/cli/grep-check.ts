import { checksOfSuite } from '../catalog/coverage.ts';
import type { SuiteName } from '../catalog/types.ts';
import { testName } from '../check/register.ts';
import type { Check } from '../check/types.ts';
import { UsageError } from '../target/endpoint.ts';

/**
 * `--grep` that matches no check of the chosen suites is a usage error, said before the run:
 * a run of 0 checks would verify nothing and exit 0. Matches the name vitest's test name pattern
 * sees (the check id, its title and its requirement ids).
 */
export async function checkGrepMatches(grep: string, suites: SuiteName[]): Promise<number> {
  const pattern = new RegExp(grep);
  let matched = 0;
  for (const suite of suites) {
    const checks = (await checksOfSuite(suite)) as unknown as Array<Check<unknown>>;
    matched += checks.filter((c) => pattern.test(testName(c))).length;
  }
  if (!matched)
    throw new UsageError(
      `--grep '${grep}' matches no check of ${suites.join(', ')} (it matches check ids, titles and requirement ids; see conformance catalog)`,
    );
  return matched;
}
