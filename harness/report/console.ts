import type { Report } from './report.ts';

/** A short account of a run on the console: what failed, then the summary line. */
export function consoleSummary(report: Report, reportPath: string): string {
  const lines: string[] = [];
  for (const r of report.results.filter((x) => x.outcome === 'failed' || x.outcome === 'error')) {
    lines.push(`${r.outcome.toUpperCase()} ${r.suite} ${r.id}: ${r.message.split('\n')[0]}`);
  }
  for (const e of report.harnessErrors) lines.push(`HARNESS ${e.split('\n')[0]}`);
  const s = report.summary;
  lines.push(
    `${report.suites.join(', ')} against ${report.target.url} (${report.target.product} ${report.target.version}): ` +
      `${s.total} checks, ${s.passed} passed, ${s.failed} failed, ${s.warnings} warnings, ${s.informational} informational, ` +
      `${s.skipped} skipped, ${s.notApplicable} not applicable, ${s.errors} errors; seed ${report.seed}`,
  );
  lines.push(`report: ${reportPath}`);
  return `${lines.join('\n')}\n`;
}
