import type { OutcomeStatus } from '../check/outcome.ts';
import type { CoverageOutcome, Report, Summary } from './report.ts';
import { byDisagreement, onlyIn, resultKey, type OnlyIn } from './run-scope.ts';

export { resultKey };

export interface OutcomeChange {
  key: string;
  before: OutcomeStatus;
  after: OutcomeStatus;
}

/** Compares the checks both runs ran; what only one of them ran is listed apart. */
export interface ReportDiff {
  /** Failing (failed or error) in B, not failing in A. */
  newFailures: OutcomeChange[];
  /** Failing in A, passing in B. */
  fixes: OutcomeChange[];
  /** Any other change of outcome. */
  changed: OutcomeChange[];
  /** Suites and checks A ran and B did not. */
  onlyInA: OnlyIn;
  /** Suites and checks B ran and A did not. */
  onlyInB: OnlyIn;
}

const failing = (o: OutcomeStatus) => o === 'failed' || o === 'error';

function outcomes(report: Report): Map<string, OutcomeStatus> {
  return new Map(report.results.map((r) => [resultKey(r.suite, r.id), r.outcome]));
}

/** What changed between two runs (of one target over time, or of two implementations). */
export function diffReports(a: Report, b: Report): ReportDiff {
  const before = outcomes(a);
  const after = outcomes(b);
  const diff: ReportDiff = { newFailures: [], fixes: [], changed: [], onlyInA: onlyIn(a, b), onlyInB: onlyIn(b, a) };
  for (const key of [...before.keys()].filter((k) => after.has(k)).sort()) {
    const change: OutcomeChange = { key, before: before.get(key)!, after: after.get(key)! };
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

/** A differential matrix of targets × checks: disagreements first, rows some targets lack last. */
export function outcomeMatrix(reports: Array<{ name: string; report: Report }>): OutcomeMatrix {
  const maps = reports.map((r) => outcomes(r.report));
  const keys = [...new Set(maps.flatMap((m) => [...m.keys()]))].sort();
  const rows = keys.map((key) => ({ key, outcomes: maps.map((m) => m.get(key) ?? ('absent' as const)) }));
  return { targets: reports.map((r) => r.name), rows: byDisagreement(rows, (r) => r.outcomes) };
}

/** One implementation's standing on one requirement: the coverage outcome and the message of the check that decided it. */
export interface RequirementCell {
  outcome: CoverageOutcome | 'absent';
  /** `check id: message` of the worst check naming the requirement; empty when it passed. */
  message: string;
}

export interface RequirementRow {
  /** `suite requirement-id` */
  key: string;
  level: string;
  statement: string;
  cells: RequirementCell[];
}

export interface RequirementMatrix {
  targets: string[];
  rows: RequirementRow[];
}

/** Worst first: the outcome a requirement takes from the checks naming it. */
const SEVERITY: Array<OutcomeStatus | 'uncovered'> = ['error', 'failed', 'warning', 'skipped', 'informational', 'not-applicable', 'passed', 'uncovered'];

function cellsOf(report: Report): Map<string, RequirementCell> {
  const results = new Map(report.results.map((r) => [resultKey(r.suite, r.id), r]));
  const cells = new Map<string, RequirementCell>();
  for (const req of report.requirements ?? []) {
    const checks = req.checks.map((id) => results.get(resultKey(req.suite, id))).filter((r) => r !== undefined);
    const worst = [...checks].sort((a, b) => SEVERITY.indexOf(a.outcome) - SEVERITY.indexOf(b.outcome))[0];
    const message = worst && worst.outcome !== 'passed' ? `${worst.id}: ${worst.message}` : req.outcome === 'uncovered' ? (req.uncoveredReason ?? '') : '';
    cells.set(resultKey(req.suite, req.id), { outcome: req.outcome, message });
  }
  return cells;
}

/** Requirements × implementations: disagreements first, rows some implementations lack (a suite not run) last. */
export function requirementMatrix(reports: Array<{ name: string; report: Report }>): RequirementMatrix {
  const maps = reports.map((r) => cellsOf(r.report));
  const about = new Map(reports.flatMap((r) => (r.report.requirements ?? []).map((q) => [resultKey(q.suite, q.id), q] as const)));
  const rows = [...about.keys()].sort().map((key) => ({
    key,
    level: about.get(key)!.level,
    statement: about.get(key)!.statement,
    cells: maps.map((m) => m.get(key) ?? { outcome: 'absent' as const, message: '' }),
  }));
  return { targets: reports.map((r) => r.name), rows: byDisagreement(rows, (r) => r.cells.map((c) => c.outcome)) };
}

/** The headline numbers of one run: its checks by outcome and its requirements by coverage outcome. */
export interface Headline {
  target: string;
  durationMs: number;
  checks: Summary;
  requirements: { total: number; passed: number; failed: number; warnings: number; skipped: number; uncovered: number };
}

export function headlines(reports: Array<{ name: string; report: Report }>): Headline[] {
  return reports.map(({ name, report }) => {
    const reqs = report.requirements ?? [];
    const count = (...outcomes: CoverageOutcome[]) => reqs.filter((r) => outcomes.includes(r.outcome)).length;
    return {
      target: name,
      durationMs: report.durationMs,
      checks: report.summary,
      requirements: {
        total: reqs.length,
        passed: count('passed'),
        failed: count('failed', 'error'),
        warnings: count('warning'),
        skipped: count('skipped'),
        uncovered: count('uncovered'),
      },
    };
  });
}
