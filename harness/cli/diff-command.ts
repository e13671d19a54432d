import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Report } from '../report/report.ts';
import { diffReports, outcomeMatrix, type OutcomeChange } from '../report/diff.ts';
import { matrixHtml } from '../report/formats/matrix-html.ts';
import { UsageError } from '../target/endpoint.ts';
import { strictParse } from './run-args.ts';
import { readJsonFile, writableFile } from './inputs.ts';

const line = (c: OutcomeChange) => `  ${c.key}: ${c.before} → ${c.after}`;

/** `conformance diff A.json B.json [more.json...] [--json] [--html FILE]`; exit 1 when B has new failures. */
export async function diffCommand(argv: string[], out: NodeJS.WritableStream): Promise<number> {
  const { values, positionals } = strictParse(argv, { json: { type: 'boolean' }, html: { type: 'string' } });
  if (positionals.length < 2) throw new UsageError('diff needs at least two report.json files');
  if (values.html) writableFile('--html', values.html);
  const reports = positionals.map((file) => ({ name: `${path.basename(path.dirname(path.resolve(file)))} (${file})`, report: readReport(file) }));
  const matrix = outcomeMatrix(reports.map((r) => ({ name: `${r.report.target.product} ${r.report.target.version} · ${r.name}`, report: r.report })));
  if (values.html) writeFileSync(values.html, matrixHtml(matrix));
  const diff = diffReports(reports[0]!.report, reports[reports.length - 1]!.report);
  if (values.json) out.write(`${JSON.stringify({ diff, matrix }, null, 2)}\n`);
  else {
    out.write(`new failures (${diff.newFailures.length}):\n${diff.newFailures.map(line).join('\n')}\n`);
    out.write(`fixes (${diff.fixes.length}):\n${diff.fixes.map(line).join('\n')}\n`);
    out.write(`other changes (${diff.changed.length}):\n${diff.changed.map(line).join('\n')}\n`);
    if (reports.length > 2) out.write(`${matrix.rows.filter((r) => new Set(r.outcomes).size > 1).length} checks differ across ${reports.length} runs\n`);
  }
  return diff.newFailures.length ? 1 : 0;
}

/** A report.json, checked for the parts diff reads. */
function readReport(file: string): Report {
  const report = readJsonFile('report', file) as Partial<Report> | null;
  const ok = typeof report === 'object' && report !== null && Array.isArray(report.results) && typeof report.target === 'object' && report.target !== null;
  if (!ok) throw new UsageError(`report '${file}': not a conformance report.json (no results or target)`);
  return report as Report;
}
