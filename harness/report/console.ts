import type { Report } from './report.ts';
import { isExpected, verdictOf } from './verdict.ts';

const MAX_REASONS = 10;

/** A short account of a run on the console: what failed, the counts, then the verdict and why. */
export function consoleSummary(report: Report, reportPath: string): string {
  const lines: string[] = [];
  for (const r of report.results.filter((x) => x.outcome === 'failed' || x.outcome === 'error')) {
    const label = isExpected(report, r.suite, r.id) ? `EXPECTED ${r.outcome}` : r.outcome.toUpperCase();
    lines.push(`${label} ${r.suite} ${r.id}: ${r.message.split('\n')[0]}`);
  }
  // A failed probe's result already says what its harness error says.
  for (const e of report.harnessErrors.filter((x) => !report.results.some((r) => r.message.startsWith(x)))) lines.push(`HARNESS ${e.split('\n')[0]}`);
  for (const l of report.leftovers ?? []) lines.push(`LEFT ${l}`);
  const s = report.summary;
  lines.push(
    `${report.suites.join(', ')} against ${report.target.url} (${report.target.product} ${report.target.version}): ` +
      `${s.total} checks, ${s.passed} passed, ${s.failed} failed, ${s.warnings} warnings, ${s.informational} informational, ` +
      `${s.skipped} skipped, ${s.notApplicable} not applicable, ${s.errors} errors; seed ${report.seed}`,
  );
  const verdict = verdictOf(report);
  lines.push(`verdict: ${verdict.headline} (exit ${verdict.exitCode})`);
  const shownReasons = verdict.reasons.filter((reason) => !listedAbove(report, reason));
  for (const reason of shownReasons.slice(0, MAX_REASONS)) lines.push(`  ${reason}`);
  if (shownReasons.length > MAX_REASONS) lines.push(`  … and ${shownReasons.length - MAX_REASONS} more in report.json`);
  lines.push(`report: ${reportPath}`);
  return `${lines.join('\n')}\n`;
}

/** Reasons the lines above already show: the failed and error checks, the harness errors. */
function listedAbove(report: Report, reason: string): boolean {
  return /^(unexpected|failed|error): /.test(reason) || [...report.harnessErrors, ...(report.leftovers ?? [])].some((e) => e.startsWith(reason));
}
