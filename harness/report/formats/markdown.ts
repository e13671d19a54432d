import { coverageHeadline, describeCoverage, type Report } from '../report.ts';
import { sectionOf } from '../sections.ts';
import { isExpected, verdictOf, type Verdict } from '../verdict.ts';
import { clip } from './clip.ts';

const MAX_LISTED = 30;
const cell = (text: string) => clip(text.replace(/\n/g, ' '), 200).replace(/\|/g, '\\|');

/** summary.md: a short summary fit for a CI step summary or a pull-request comment. */
export function markdownSummary(report: Report): string {
  const s = report.summary;
  const verdict = verdictOf(report);
  const lines = [
    `## Conformance: ${MARK[verdict.status]} ${verdict.headline}`,
    '',
    ...reasonLines(verdict),
    `**Target:** ${report.target.product} ${report.target.version} (\`${report.target.url}\`) · ` +
      `**Suites:** ${report.suites.join(', ')} · **Seed:** ${report.seed} · ${(report.durationMs / 1000).toFixed(1)} s`,
    '',
    '| checks | passed | failed | warnings | informational | skipped | not applicable | errors |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|',
    `| ${s.total} | ${s.passed} | ${s.failed} | ${s.warnings} | ${s.informational} | ${s.skipped} | ${s.notApplicable} | ${s.errors} |`,
  ];
  lines.push('', `Requirements: ${describeCoverage(coverageHeadline(report.requirements))}.`);
  if (report.expectations) {
    const e = report.expectations;
    lines.push(
      '',
      `Expectations (\`${e.file}\`): ${e.expected.length} expected, ${e.unexpected.length} unexpected, ${e.stale.length} stale` +
        (e.notRunHere?.length ? `, ${e.notRunHere.length} not run here.` : '.'),
    );
  }
  const bad = report.results.filter((r) => r.outcome === 'failed' || r.outcome === 'error');
  if (bad.length) {
    lines.push('', '| outcome | suite | requirement | section | message |', '|---|---|---|---|---|');
    for (const r of bad.slice(0, MAX_LISTED)) {
      const outcome = isExpected(report, r.suite, r.id) ? `${r.outcome} (expected)` : r.outcome;
      lines.push(`| ${outcome} | ${r.suite} | \`${r.requirements[0]}\` | ${cell(sectionOf(report, r))} | ${cell(r.message)} |`);
    }
    if (bad.length > MAX_LISTED) lines.push('', `… and ${bad.length - MAX_LISTED} more in report.json.`);
  }
  for (const e of report.harnessErrors) lines.push('', `> harness: ${cell(e)}`);
  return `${lines.join('\n')}\n`;
}

const MARK: Record<Verdict['status'], string> = {
  conformant: '✅',
  'conformant-except-expected': '✅',
  'not-conformant': '❌',
  'stale-expectations': '❌',
  unreachable: '⚠️',
  interrupted: '⚠️',
  'harness-failed': '⚠️',
};

/** Why, under the headline (exit code included, so a reader of the CI summary sees what the job saw). */
function reasonLines(verdict: Verdict): string[] {
  const shown = verdict.reasons.slice(0, MAX_LISTED).map((r) => `- ${cell(r)}`);
  const more = verdict.reasons.length > MAX_LISTED ? [`- … and ${verdict.reasons.length - MAX_LISTED} more`] : [];
  return [`Exit code ${verdict.exitCode}.`, ...(shown.length ? ['', ...shown, ...more] : []), ''];
}
