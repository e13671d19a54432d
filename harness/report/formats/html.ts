import { readFileSync } from 'node:fs';
import { coverageHeadline, describeCoverage, type Report } from '../report.ts';
import { escapeHtml } from './escape-html.ts';
import { verdictOf } from '../verdict.ts';

const asset = (name: string) => readFileSync(new URL(`./html/${name}`, import.meta.url), 'utf8');

/** JSON safe inside a <script> element: no '</script>' or '<!--' can end it early. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * report.html: one self-contained page (no network; works from file://): the verdict with every
 * failure and its reason (linked to its check), the checks grouped by spec section, worst first
 * (expected vs actual and the redacted wire transcript), a matrix of spec sections × outcomes
 * and every requirement with its checks (both collapsed until opened), search and filters.
 */
export function htmlReport(report: Report): string {
  const title = `Conformance: ${report.target.product} ${report.target.version}`;
  const meta =
    `${report.target.url} · suites ${report.suites.join(', ')} · seed ${report.seed} · ${report.startedAt} · ` +
    `${(report.durationMs / 1000).toFixed(1)} s · ${report.tool.name} ${report.tool.version}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${asset('style.css')}</style>
</head>
<body>
<header>
  <h1>${escapeHtml(title)}: <span id="verdict"></span></h1>
  <div class="meta">${escapeHtml(meta)}</div>
  <div class="meta" id="why"></div>
  <ul class="counts" id="counts"></ul>
  <div class="meta" id="coverage">${escapeHtml(`Requirements: ${describeCoverage(coverageHeadline(report.requirements))}.`)}</div>
  <div id="harness"></div>
</header>
<main>
  <details class="part" id="sections">
    <summary><h2>Spec sections × outcomes</h2> <span class="meta" id="sections-count"></span></summary>
    <table id="matrix"></table>
  </details>
  <h2>Checks</h2>
  <div class="filters">
    <input type="search" id="f-text" placeholder="search requirement, check, title, message" aria-label="search">
    <select id="f-outcome" aria-label="outcome"><option value="">any outcome</option></select>
    <select id="f-suite" aria-label="suite"><option value="">any suite</option></select>
    <select id="f-section" aria-label="section"><option value="">any section</option></select>
    <select id="f-endpoint" aria-label="endpoint"><option value="">any endpoint</option></select>
    <span id="shown" class="meta"></span>
  </div>
  <div id="results"></div>
  <details class="part" id="requirements-part">
    <summary><h2>Requirements</h2> <span class="meta">${report.requirements.length}: open for each one's statement, outcome, checks, proofs</span></summary>
    <table id="requirements"></table>
  </details>
</main>
<script type="application/json" id="report-data">${scriptJson({ ...report, verdict: verdictOf(report) })}</script>
<script>${asset('app.js')}</script>
</body>
</html>
`;
}
