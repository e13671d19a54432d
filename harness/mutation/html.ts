/**
 * The mutation report as one self-contained page: the survivors and the false failures first, as a
 * plain table a reviewer reads top-down, then Stryker's report viewer (mutation-testing-elements,
 * inlined) over the whole report.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { escapeHtml } from '../report/formats/escape-html.ts';
import { describeCounts, type ConformanceMutationReport } from './report.ts';

const require = createRequire(import.meta.url);

/** JSON safe inside a script element. */
const inScript = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

export function mutationHtml(report: ConformanceMutationReport): string {
  const viewer = readFileSync(require.resolve('mutation-testing-elements/dist/mutation-test-elements.js'), 'utf8');
  const survivors = Object.values(report.files).flatMap((f) => f.mutants.filter((m) => m.status === 'Survived'));
  const rows = survivors
    .map((m) => `<tr><td>${escapeHtml(m.mutatorName)}</td><td>${escapeHtml(m.id)}</td><td>${(m.coveredBy ?? []).length}</td></tr>`)
    .join('\n');
  const item = (f: { id: string; reason: string }): string => `<li>${escapeHtml(f.id)}: ${escapeHtml(f.reason)}</li>`;
  const falseFailures = report.conformance.falseFailures.map(item).join('\n');
  const unverified = report.conformance.legal.unverified.map(item).join('\n');
  const suites = Object.entries(report.conformance.suites)
    .map(([suite, c]) => `<li>${suite}: ${escapeHtml(describeCounts(c))}</li>`)
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Mutation report: container-api-conformance</title>
<style>
body{font-family:system-ui,sans-serif;margin:1rem}table{border-collapse:collapse;font-size:.85rem}
td,th{border:1px solid #ccc;padding:2px 6px;text-align:left;word-break:break-word}
</style>
</head><body>
<h1>Mutation report</h1>
<ul>${suites}</ul>
<h2>False failures (legal variations that made a check fail): ${report.conformance.falseFailures.length}</h2>
<ul>${falseFailures}</ul>
<details><summary><h2 style="display:inline">Checks a legal variation left unverified: ${report.conformance.legal.unverified.length}</h2></summary>
<ul>${unverified}</ul></details>
<details${survivors.length ? ' open' : ''}><summary><h2 style="display:inline">Survivors: ${survivors.length}</h2></summary>
<table><thead><tr><th>operator</th><th>mutant</th><th>checks that reached it</th></tr></thead><tbody>
${rows}
</tbody></table></details>
<h2>Every mutant</h2>
<mutation-test-report-app title-postfix="container-api-conformance"></mutation-test-report-app>
<script>${viewer}</script>
<script>document.querySelector('mutation-test-report-app').report = ${inScript(report)};</script>
</body></html>
`;
}
