import type { OutcomeStatus } from '../check/outcome.ts';
import type { Report } from './report.ts';

/** What one run ran and another did not: whole suites, and single checks of the suites both ran. */
export interface OnlyIn {
  suites: Array<{ suite: string; checks: number }>;
  checks: Array<{ key: string; outcome: OutcomeStatus }>;
}

/** A result's key across runs: `suite id`. */
export const resultKey = (suite: string, id: string): string => `${suite} ${id}`;

/** The suites a run ran: those it names, and any its results belong to. */
export function suitesOf(report: Report): Set<string> {
  return new Set<string>([...(report.suites ?? []), ...report.results.map((r) => r.suite)]);
}

/** What `run` has that `other` lacks. */
export function onlyIn(run: Report, other: Report): OnlyIn {
  const otherSuites = suitesOf(other);
  const otherKeys = new Set(other.results.map((r) => resultKey(r.suite, r.id)));
  const suites = [...suitesOf(run)].filter((s) => !otherSuites.has(s)).map((suite) => ({ suite, checks: run.results.filter((r) => r.suite === suite).length }));
  const checks = run.results
    .filter((r) => otherSuites.has(r.suite) && !otherKeys.has(resultKey(r.suite, r.id)))
    .map((r) => ({ key: resultKey(r.suite, r.id), outcome: r.outcome }))
    .sort((x, y) => x.key.localeCompare(y.key));
  return { suites, checks };
}

/** Outcomes across runs, `absent` where a run has none: the runs disagree only where two of them have an outcome and differ. */
export function disagree(outcomes: readonly string[]): boolean {
  return new Set(outcomes.filter((o) => o !== 'absent')).size > 1;
}

/**
 * The order a matrix shows its rows in: where the runs disagree first, then where all agree,
 * then rows some runs do not have (a suite they did not run) last, so a page never opens on them.
 */
export function byDisagreement<T>(rows: readonly T[], outcomes: (row: T) => readonly string[]): T[] {
  const rank = (row: T) => (disagree(outcomes(row)) ? 0 : outcomes(row).includes('absent') ? 2 : 1);
  return [0, 1, 2].flatMap((r) => rows.filter((row) => rank(row) === r));
}
