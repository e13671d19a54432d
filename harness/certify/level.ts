import { SUITES, type Requirement, type SuiteName } from '../catalog/types.ts';
import { requirementOutcome, requirementsOfSuite, type Report, type RequirementCoverage } from '../report/report.ts';

export type CertificationLevel = 'full' | 'core' | 'none';

export interface LevelVerdict {
  level: CertificationLevel;
  /** Why the next level up was not reached. */
  reasons: string[];
}

const OK = new Set(['passed', 'not-applicable']);

/**
 * core: every `required` requirement of the suites that ran is covered and its checks passed
 * (or do not apply), with no harness errors; full: core, and the same for every `recommended`
 * one. Requirements the catalog marks as uncoverable (with a reason) do not count.
 */
export function certificationLevel(report: Report): LevelVerdict {
  const blocking = (level: 'required' | 'recommended') =>
    report.requirements
      .filter((r) => r.level === level && !(r.outcome === 'uncovered' && r.uncoveredReason))
      .filter((r) => !OK.has(r.outcome))
      .map((r) => `${r.suite} ${r.id}: ${r.outcome}`);
  const harness = report.harnessErrors.map((e) => `harness: ${e}`);
  const errors = report.results.filter((r) => r.outcome === 'error').map((r) => `${r.suite} ${r.id}: error`);
  const required = [...harness, ...errors, ...blocking('required')];
  if (required.length) return { level: 'none', reasons: required };
  const recommended = blocking('recommended');
  return recommended.length ? { level: 'core', reasons: recommended } : { level: 'full', reasons: [] };
}

/**
 * The requirements of a report with each outcome taken from its results, not from what
 * report.json's requirements say: a verifier recomputes the level from these.
 */
export function recomputedRequirements(report: Report): RequirementCoverage[] {
  const bySuite = new Map<string, Report['results']>();
  for (const r of report.results) bySuite.set(r.suite, [...(bySuite.get(r.suite) ?? []), r]);
  return report.requirements.map((req) => {
    const checks = (bySuite.get(req.suite) ?? []).filter((r) => r.requirements.includes(req.id));
    return { ...req, outcome: requirementOutcome(req.id, checks), checks: checks.map((c) => c.id) };
  });
}

/** The requirement levels a certification level needs every requirement of. */
const NEEDED: Record<CertificationLevel, string[]> = { full: ['required', 'recommended'], core: ['required'], none: [] };

/**
 * The catalog's requirements that `level` needs and report.json does not list (a report cut
 * down to the requirements it passes): "`suite` `id` (required): not in report.json".
 */
export function missingRequirements(report: Report, level: CertificationLevel, catalog: readonly Requirement[]): string[] {
  const listed = new Set(report.requirements.map((r) => `${r.suite} ${r.id}`));
  const suites = report.suites.filter((s): s is SuiteName => SUITES.includes(s));
  return suites.flatMap((suite) =>
    requirementsOfSuite(suite, [...catalog])
      .filter((req) => NEEDED[level].includes(req.level) && !req.uncoveredReason && !listed.has(`${suite} ${req.id}`))
      .map((req) => `${suite} ${req.id} (${req.level}): level ${level} needs it, report.json has no result for it`),
  );
}
