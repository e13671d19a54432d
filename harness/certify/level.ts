import type { Report } from '../report/report.ts';

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
