import type { Report } from '../report.ts';
import { sectionOf } from '../sections.ts';

const MAX_LISTED = 30;
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ').slice(0, 200);

/** summary.md: a short summary fit for a CI step summary or a pull-request comment. */
export function markdownSummary(report: Report): string {
  const s = report.summary;
  const verdict = s.failed || s.errors || report.harnessErrors.length ? '❌ not conformant' : '✅ conformant';
  const lines = [
    `## Conformance: ${verdict}`,
    '',
    `**Target:** ${report.target.product} ${report.target.version} (\`${report.target.url}\`) · **Suites:** ${report.suites.join(', ')} · **Seed:** ${report.seed} · ${(report.durationMs / 1000).toFixed(1)} s`,
    '',
    '| checks | passed | failed | warnings | informational | skipped | not applicable | errors |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|',
    `| ${s.total} | ${s.passed} | ${s.failed} | ${s.warnings} | ${s.informational} | ${s.skipped} | ${s.notApplicable} | ${s.errors} |`,
  ];
  const covered = report.requirements.filter((r) => r.outcome !== 'uncovered').length;
  lines.push('', `Requirements: ${covered} of ${report.requirements.length} covered by the checks that ran.`);
  if (report.expectations) {
    const e = report.expectations;
    lines.push('', `Expectations (\`${e.file}\`): ${e.expected.length} expected, ${e.unexpected.length} unexpected, ${e.stale.length} stale.`);
  }
  const bad = report.results.filter((r) => r.outcome === 'failed' || r.outcome === 'error');
  if (bad.length) {
    lines.push('', '| outcome | suite | requirement | section | message |', '|---|---|---|---|---|');
    for (const r of bad.slice(0, MAX_LISTED)) {
      lines.push(`| ${r.outcome} | ${r.suite} | \`${r.requirements[0]}\` | ${cell(sectionOf(report, r))} | ${cell(r.message)} |`);
    }
    if (bad.length > MAX_LISTED) lines.push('', `… and ${bad.length - MAX_LISTED} more in report.json.`);
  }
  for (const e of report.harnessErrors) lines.push('', `> harness: ${cell(e)}`);
  return `${lines.join('\n')}\n`;
}
