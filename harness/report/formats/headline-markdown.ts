import type { Headline } from '../diff.ts';

/** The rows of a headline table: a label and its value for one run. */
export const HEADLINE_ROWS: Array<[string, (h: Headline) => number | string]> = [
  ['checks', (h) => h.checks.total],
  ['passed', (h) => h.checks.passed],
  ['failed', (h) => h.checks.failed],
  ['warnings', (h) => h.checks.warnings],
  ['informational', (h) => h.checks.informational],
  ['skipped', (h) => h.checks.skipped],
  ['not applicable', (h) => h.checks.notApplicable],
  ['errors', (h) => h.checks.errors],
  ['requirements passed', (h) => `${h.requirements.passed} of ${h.requirements.total}`],
  ['requirements failed', (h) => h.requirements.failed],
  ['requirements with a warning', (h) => h.requirements.warnings],
  ['run time', (h) => `${Math.round(h.durationMs / 1000)} s`],
];

const cell = (text: string | number) => String(text).replace(/\|/g, '\\|');

/** The headline numbers of several runs side by side: one column per implementation. */
export function headlineMarkdown(heads: Headline[]): string {
  const lines = [`| | ${heads.map((h) => cell(h.target)).join(' | ')} |`, `|---|${heads.map(() => '---:').join('|')}|`];
  for (const [label, value] of HEADLINE_ROWS) lines.push(`| ${label} | ${heads.map((h) => cell(value(h))).join(' | ')} |`);
  return `${lines.join('\n')}\n`;
}
