import type { Headline, RequirementMatrix } from '../diff.ts';
import { escapeHtml } from './escape-html.ts';
import { HEADLINE_ROWS } from './headline-markdown.ts';
import { disagree } from '../run-scope.ts';

function headlineTable(heads: Headline[]): string {
  const head = heads.map((h) => `<th>${escapeHtml(h.target)}</th>`).join('');
  const body = HEADLINE_ROWS.map(([label, value]) => `<tr><td>${label}</td>${heads.map((h) => `<td>${escapeHtml(String(value(h)))}</td>`).join('')}</tr>`).join(
    '\n',
  );
  return `<table class="head"><thead><tr><th></th>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

/** The differential matrix (requirements × implementations, outcome and message) as one self-contained HTML page. */
export function matrixHtml(matrix: RequirementMatrix, heads: Headline[]): string {
  const head = matrix.targets.map((t) => `<th>${escapeHtml(t)}</th>`).join('');
  const outcomes = (r: RequirementMatrix['rows'][number]) => r.cells.map((c) => c.outcome);
  const differing = matrix.rows.filter((r) => disagree(outcomes(r))).length;
  const partial = matrix.rows.filter((r) => !disagree(outcomes(r)) && outcomes(r).includes('absent')).length;
  const rows = matrix.rows
    .map((r) => {
      const differs = disagree(outcomes(r)) ? ' class="differs"' : '';
      const cells = r.cells
        .map((c) => `<td class="o-${c.outcome}"><b>${c.outcome}</b>${c.message ? `<div class="m">${escapeHtml(c.message)}</div>` : ''}</td>`)
        .join('');
      return (
        `<tr${differs}><td><code>${escapeHtml(r.key)}</code> <span class="lvl">${escapeHtml(r.level)}</span>` +
        `<div class="m">${escapeHtml(r.statement)}</div></td>${cells}</tr>`
      );
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Conformance: differential matrix</title>
<style>
body{font:14px system-ui,sans-serif;margin:1.5rem}table{border-collapse:collapse;margin-bottom:1.5rem}
td,th{border:1px solid #ccc;padding:.2rem .5rem;text-align:left;vertical-align:top}
table.head td:not(:first-child){text-align:right}.m{font-size:12px;color:#444;max-width:38rem;white-space:pre-wrap;overflow-wrap:anywhere}
.lvl{font-size:11px;color:#777}
tr.differs td:first-child code{font-weight:600}.o-passed{background:#e6f4ea}.o-failed,.o-error{background:#fce8e6}.o-warning{background:#fef7e0}
.o-skipped,.o-not-applicable,.o-absent,.o-uncovered{color:#777}
</style></head><body>
<h1>Differential matrix</h1>
${headlineTable(heads)}
<p>${differing} of ${matrix.rows.length} requirements differ across the implementations that ran them; they are listed first.${
    partial ? ` ${partial === 1 ? '1 is' : `${partial} are`} absent from some runs (a suite they did not run): listed last.` : ''
  }</p>
<table><thead><tr><th>requirement</th>${head}</tr></thead><tbody>
${rows}
</tbody></table></body></html>
`;
}
