import type { OutcomeMatrix } from '../diff.ts';
import { escapeHtml } from './escape-html.ts';

/** The differential matrix (targets × checks) as one self-contained HTML page. */
export function matrixHtml(matrix: OutcomeMatrix): string {
  const head = matrix.targets.map((t) => `<th>${escapeHtml(t)}</th>`).join('');
  const rows = matrix.rows
    .map((r) => {
      const differs = new Set(r.outcomes).size > 1 ? ' class="differs"' : '';
      return `<tr${differs}><td>${escapeHtml(r.key)}</td>${r.outcomes.map((o) => `<td class="o-${o}">${o}</td>`).join('')}</tr>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Conformance: differential matrix</title>
<style>
body{font:14px system-ui,sans-serif;margin:1.5rem}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2rem .5rem;text-align:left}
tr.differs td:first-child{font-weight:600}.o-passed{background:#e6f4ea}.o-failed,.o-error{background:#fce8e6}.o-warning{background:#fef7e0}
.o-skipped,.o-not-applicable,.o-absent{color:#777}
</style></head><body>
<h1>Differential matrix</h1><p>${matrix.rows.filter((r) => new Set(r.outcomes).size > 1).length} of ${matrix.rows.length} checks differ; they are listed first.</p>
<table><thead><tr><th>check</th>${head}</tr></thead><tbody>
${rows}
</tbody></table></body></html>
`;
}
