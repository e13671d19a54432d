import type { Report } from './report.ts';

/**
 * The one verdict of a run. The exit code, the console, summary.md, report.html, junit.xml and
 * report.json all take it from verdictOf, so they cannot disagree.
 */
export type VerdictStatus =
  | 'conformant'
  | 'conformant-except-expected'
  | 'not-conformant'
  | 'stale-expectations'
  | 'unreachable'
  | 'interrupted'
  | 'harness-failed';

export interface Verdict {
  status: VerdictStatus;
  exitCode: 0 | 1 | 3;
  /** One line, e.g. "conformant except 3 expected departures". */
  headline: string;
  /** Why: one line each, most important first. */
  reasons: string[];
}

/** Harness errors the run writes when it was stopped by a signal (see run-conformance). */
export const INTERRUPTED = /^interrupted by SIG/;
/** Harness errors of a target that could not be reached or rejected the run (TargetUnreachable). */
export const UNREACHABLE = /^target \S+ (is unreachable|answered GET \/|rejected the credentials)/;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const firstLine = (text: string) => text.split('\n')[0]!;

export function verdictOf(report: Report): Verdict {
  return withLeftovers(report, harnessVerdict(report) ?? (report.expectations ? gateVerdict(report) : plainVerdict(report)));
}

/**
 * What the run could not remove is said with the verdict, and does not change it: the target
 * refused or did not answer those removals, which is not the harness failing.
 */
function withLeftovers(report: Report, verdict: Verdict): Verdict {
  const left = report.leftovers ?? [];
  if (!left.length) return verdict;
  const whose = left.length === 1 ? 'its' : 'their';
  const said = `${plural(left.length, 'resource')} of the run left behind (the target refused or did not answer ${whose} removal)`;
  return { ...verdict, headline: `${verdict.headline}; ${said}`, reasons: [...verdict.reasons, ...left] };
}

/** The run itself did not complete: no verdict on the target, exit 3. */
function harnessVerdict(report: Report): Verdict | undefined {
  const errors = report.harnessErrors.map(firstLine);
  if (!errors.length) return undefined;
  const ran = `${plural(report.summary.total, 'check')} finished`;
  if (errors.some((e) => INTERRUPTED.test(e))) {
    return { status: 'interrupted', exitCode: 3, headline: `run interrupted: no verdict (${ran})`, reasons: errors };
  }
  if (errors.some((e) => UNREACHABLE.test(e))) {
    return { status: 'unreachable', exitCode: 3, headline: 'target unreachable: no verdict', reasons: errors };
  }
  return { status: 'harness-failed', exitCode: 3, headline: `the harness failed: no verdict (${ran})`, reasons: errors };
}

function plainVerdict(report: Report): Verdict {
  const { failed, errors } = report.summary;
  const bad = report.results.filter((r) => r.outcome === 'failed' || r.outcome === 'error').map((r) => `${r.outcome}: ${r.suite} ${r.id}`);
  if (errors) {
    const alsoFailed = failed ? `; ${plural(failed, 'check')} failed` : '';
    return { status: 'harness-failed', exitCode: 3, headline: `the harness failed: ${plural(errors, 'check')} ended in error${alsoFailed}`, reasons: bad };
  }
  if (failed) return { status: 'not-conformant', exitCode: 1, headline: `not conformant: ${plural(failed, 'check')} failed`, reasons: bad };
  const skipped = skippedChecks(report);
  return { status: 'conformant', exitCode: 0, headline: `conformant${unverified(skipped)}`, reasons: skipped };
}

/**
 * The checks that ended skipped: nothing was verified for their requirements. A skip does not fail
 * the run, but a bare "conformant" would hide that the run proved less than it set out to.
 */
function skippedChecks(report: Report): string[] {
  return report.results.filter((r) => r.outcome === 'skipped').map((r) => `skipped: ${r.suite} ${r.id}: ${firstLine(r.message)}`);
}

function unverified(skipped: readonly string[]): string {
  if (!skipped.length) return '';
  return ` (${plural(skipped.length, 'check')} skipped: ${skipped.length === 1 ? 'its' : 'their'} requirements are unverified)`;
}

/** Judged against an expectations file (--expectations, --strict-expectations). */
function gateVerdict(report: Report): Verdict {
  const gate = report.expectations!;
  const unexpected = gate.unexpected.map((key) => `unexpected: ${key}`);
  const stale = gate.stale.map((s) => `stale: ${s.suite ? `${s.suite} ` : ''}${s.id} was expected to be ${s.outcome}, is ${s.actual.join(', ')}`);
  const expected = gate.expected.length ? [`${plural(gate.expected.length, 'expected departure')} (${gate.file})`] : [];
  if (gate.unexpectedErrors) {
    return {
      status: 'harness-failed',
      exitCode: 3,
      headline: `the harness failed: ${plural(gate.unexpectedErrors, 'check')} ended in error`,
      reasons: [...unexpected, ...stale],
    };
  }
  if (gate.unexpected.length) {
    return {
      status: 'not-conformant',
      exitCode: 1,
      headline: `not conformant: ${plural(gate.unexpected.length, 'unexpected failure')}`,
      reasons: [...unexpected, ...expected, ...stale],
    };
  }
  if (gate.strict && gate.stale.length) {
    return {
      status: 'stale-expectations',
      exitCode: 1,
      headline: `stale expectations: ${plural(gate.stale.length, 'expected departure')} no longer seen (--strict-expectations)`,
      reasons: [...stale, ...expected],
    };
  }
  const note = [
    ...stale.map((s) => `${s} (not failing the run without --strict-expectations)`),
    ...(gate.notRunHere ?? []).map(
      (n) => `not run here: ${n.suite ? `${n.suite} ` : ''}${n.id} (expected ${n.outcome}, is ${n.actual.join(', ')}): ${n.because}`,
    ),
  ];
  const skipped = skippedChecks(report);
  if (gate.expected.length) {
    return {
      status: 'conformant-except-expected',
      exitCode: 0,
      headline: `conformant except ${plural(gate.expected.length, 'expected departure')}${unverified(skipped)}`,
      reasons: [...expected, ...note, ...skipped],
    };
  }
  return { status: 'conformant', exitCode: 0, headline: `conformant${unverified(skipped)}`, reasons: [...note, ...skipped] };
}

/** Whether a result is one the expectations file lists (it does not count against the run). */
export function isExpected(report: Report, suite: string, id: string): boolean {
  return report.expectations?.expected.includes(`${suite} ${id}`) ?? false;
}
