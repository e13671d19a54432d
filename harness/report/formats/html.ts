import type { Report } from '../report.ts';

/** Placeholder until the HTML report lands: a minimal self-contained page with the summary. */
export function htmlReport(report: Report): string {
  const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<!doctype html><meta charset="utf-8"><title>Conformance report</title><pre>${esc(JSON.stringify(report.summary, null, 2))}</pre>\n`;
}
