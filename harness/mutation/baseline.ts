/**
 * The baseline run: every check of the suite alone on an unmutated reference, its exchanges
 * observed at the target. It gives each check's verdict to compare a mutant's run with, and which
 * checks a mutant can reach: those with an exchange the mutant changes (hook.ts `mutantReaches`).
 */
import { RequirementIndex } from '../catalog/load.ts';
import type { Outcome } from '../check/outcome.ts';
import { observingHook, type ObservedExchange } from './hook.ts';
import type { Slots, SuiteCheck } from './slots.ts';

/** What the baseline keeps of a check's run: its verdict and the exchanges the target saw. */
export interface BaselineCheck {
  id: string;
  requirements: string[];
  verdict: Verdict;
  durationMs: number;
  exchanges: ObservedExchange[];
}

/** What a verdict comparison looks at: the outcome and the judge's departures, not the wording. */
export interface Verdict {
  status: Outcome['status'];
  /** The judge's findings (endpoint, rule, status) of rules a run grades (not facts, which are observed), sorted. */
  findings: string[];
  message: string;
}

export function verdictOf(outcome: Outcome): Verdict {
  const requirements = RequirementIndex.shared();
  const findings = (outcome.exchanges?.findings ?? [])
    .filter((f) => requirements.get(f.requirement)?.level !== 'informational')
    .map((f) => `${f.rule} ${f.endpoint} ${f.status}`);
  return { status: outcome.status, findings: [...new Set(findings)].sort(), message: outcome.message };
}

export async function runBaseline(checks: readonly SuiteCheck[], slots: Slots): Promise<BaselineCheck[]> {
  return Promise.all(
    checks.map(async (check) => {
      const exchanges: ObservedExchange[] = [];
      const outcome = (
        await slots.run(
          [check],
          observingHook((e) => exchanges.push(e)),
        )
      ).get(check.id)!;
      return { id: check.id, requirements: [...check.requirements], verdict: verdictOf(outcome), durationMs: outcome.durationMs, exchanges };
    }),
  );
}

/** A baseline verdict a mutant can change into a kill: the check did not already fail. */
export function canKill(verdict: Verdict): boolean {
  return !['failed', 'warning', 'error'].includes(verdict.status) && verdict.findings.length === 0;
}
