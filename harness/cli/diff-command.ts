import { writeFileSync } from 'node:fs';
import type { Report } from '../report/report.ts';
import { diffReports, headlines, outcomeMatrix, requirementMatrix, type OutcomeChange } from '../report/diff.ts';
import { headlineMarkdown } from '../report/formats/headline-markdown.ts';
import { matrixHtml } from '../report/formats/matrix-html.ts';
import { disagree, type OnlyIn } from '../report/run-scope.ts';
import { UsageError } from '../target/endpoint.ts';
import { strictParse } from './run-args.ts';
import { readJsonFile, writableFile } from './inputs.ts';

const line = (c: OutcomeChange) => `  ${c.key}: ${c.before} → ${c.after}`;

/**
 * `conformance diff A.json B.json [more.json...] [--json] [--html FILE] [--markdown FILE]`: the
 * changes from the first run to the last (exit 1 when the last has new failures), and over all of
 * them a requirement × implementation matrix (HTML) and a table of headline numbers (Markdown).
 */
export async function diffCommand(argv: string[], out: NodeJS.WritableStream): Promise<number> {
  const { values, positionals } = strictParse(argv, { json: { type: 'boolean' }, html: { type: 'string' }, markdown: { type: 'string' } });
  if (positionals.length < 2) throw new UsageError('diff needs at least two report.json files');
  if (values.html) writableFile('--html', values.html);
  if (values.markdown) writableFile('--markdown', values.markdown);
  const reports = positionals.map((file) => ({ file, report: readReport(file) }));
  const named = reports.map((r) => ({ name: columnName(r, reports), report: r.report }));
  const matrix = outcomeMatrix(named);
  const heads = headlines(named);
  if (values.html) writeFileSync(values.html, matrixHtml(requirementMatrix(named), heads));
  if (values.markdown) writeFileSync(values.markdown, headlineMarkdown(heads));
  const diff = diffReports(reports[0]!.report, reports[reports.length - 1]!.report);
  if (values.json) out.write(`${JSON.stringify({ diff, matrix, headlines: heads }, null, 2)}\n`);
  else {
    out.write(`new failures (${diff.newFailures.length}):\n${diff.newFailures.map(line).join('\n')}\n`);
    out.write(`fixes (${diff.fixes.length}):\n${diff.fixes.map(line).join('\n')}\n`);
    out.write(`other changes (${diff.changed.length}):\n${diff.changed.map(line).join('\n')}\n`);
    out.write(onlyInLines('A', reports[0]!.file, diff.onlyInA));
    out.write(onlyInLines('B', reports[reports.length - 1]!.file, diff.onlyInB));
    if (reports.length > 2) out.write(`${matrix.rows.filter((r) => disagree(r.outcomes)).length} checks differ across ${reports.length} runs\n`);
  }
  return diff.newFailures.length ? 1 : 0;
}

/** Checks listed one by one under "only in"; beyond them, a count. */
const ONLY_LISTED = 20;

/** "only in A (a.json): suite cloud (364 checks)", then the single checks the other run lacks. */
function onlyInLines(label: string, file: string, only: OnlyIn): string {
  const head = `only in ${label} (${file})`;
  const lines = only.suites.map((s) => `${head}: suite ${s.suite} (${s.checks} checks)`);
  if (only.checks.length) {
    lines.push(`${head}: ${only.checks.length} checks of suites both ran:`);
    lines.push(...only.checks.slice(0, ONLY_LISTED).map((c) => `  ${c.key} (${c.outcome})`));
    if (only.checks.length > ONLY_LISTED) lines.push(`  … and ${only.checks.length - ONLY_LISTED} more (--json lists them all)`);
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
}

/** A column's heading: the product and version the run found, and the file when two runs share them. */
function columnName(run: { file: string; report: Report }, all: Array<{ file: string; report: Report }>): string {
  const product = (r: Report) => `${r.target.product} ${r.target.version}`.trim();
  const shared = all.filter((o) => product(o.report) === product(run.report)).length > 1;
  return shared ? `${product(run.report)} (${run.file})` : product(run.report);
}

/** A report.json, checked for the parts diff reads. */
function readReport(file: string): Report {
  const report = readJsonFile('report', file) as Partial<Report> | null;
  const ok = typeof report === 'object' && report !== null && Array.isArray(report.results) && typeof report.target === 'object' && report.target !== null;
  if (!ok) throw new UsageError(`report '${file}': not a conformance report.json (no results or target)`);
  return report as Report;
}
