import type { OutcomeStatus } from '../check/outcome.ts';
import type { Report } from './report.ts';

export interface OutcomeChange {
  key: string;
  before: OutcomeStatus | 'absent';
  after: OutcomeStatus | 'absent';
}

export interface ReportDiff {
  /** Failing (failed or error) in B, not failing in A. */
  newFailures: OutcomeChange[];
  /** Failing in A, passing in B. */
  fixes: OutcomeChange[];
  /** Any other change of outcome, including checks present in one run only. */
  changed: OutcomeChange[];
}

const failing = (o: OutcomeStatus | 'absent') => o === 'failed' || o === 'error';
export const resultKey = (suite: string, id: string) => `${suite} ${id}`;

function outcomes(report: Report): Map<string, OutcomeStatus> {
  return new Map(report.results.map((r) => [resultKey(r.suite, r.id), r.outcome]));
}

/** What changed between two runs (of one target over time, or of two implementations). */
export function diffReports(a: Report, b: Report): ReportDiff {
  const before = outcomes(a);
  const after = outcomes(b);
  const diff: ReportDiff = { newFailures: [], fixes: [], changed: [] };
  for (const key of [...new Set([...before.keys(), ...after.keys()])].sort()) {
    const change: OutcomeChange = { key, before: before.get(key) ?? 'absent', after: after.get(key) ?? 'absent' };
    if (change.before === change.after) continue;
    if (failing(change.after) && !failing(change.before)) diff.newFailures.push(change);
    else if (failing(change.before) && change.after === 'passed') diff.fixes.push(change);
    else diff.changed.push(change);
  }
  return diff;
}

export interface OutcomeMatrix {
  targets: string[];
  /** One row per check: its outcome on each target (same order as `targets`). */
  rows: Array<{ key: string; outcomes: Array<OutcomeStatus | 'absent'> }>;
}

/** A differential matrix of targets × checks; rows where all targets agree are kept last. */
export function outcomeMatrix(reports: Array<{ name: string; report: Report }>): OutcomeMatrix {
  const maps = reports.map((r) => outcomes(r.report));
  const keys = [...new Set(maps.flatMap((m) => [...m.keys()]))].sort();
  const rows = keys.map((key) => ({ key, outcomes: maps.map((m) => m.get(key) ?? ('absent' as const)) }));
  const disagree = (r: (typeof rows)[number]) => new Set(r.outcomes).size > 1;
  return { targets: reports.map((r) => r.name), rows: [...rows.filter(disagree), ...rows.filter((r) => !disagree(r))] };
}
