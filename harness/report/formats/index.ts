import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Report } from '../report.ts';
import { junitXml } from './junit.ts';
import { markdownSummary } from './markdown.ts';
import { verdictOf } from '../verdict.ts';

export const REPORT_FORMATS = ['json', 'junit', 'html', 'md', 'allure', 'github'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const DEFAULT_FORMATS: ReportFormat[] = ['json', 'junit', 'html', 'md'];

/**
 * The file each format writes; allure is written by its vitest reporter during the run, github to
 * the job's step summary and its annotations (github.ts).
 */
const WRITERS: Partial<Record<ReportFormat, { file: string; render: (r: Report) => string | Promise<string> }>> = {
  json: { file: 'report.json', render: (r) => `${JSON.stringify({ ...r, verdict: verdictOf(r) }, null, 2)}\n` },
  junit: { file: 'junit.xml', render: junitXml },
  md: { file: 'summary.md', render: markdownSummary },
  html: { file: 'report.html', render: async (r) => (await import('./html.ts')).htmlReport(r) },
};

/** Writes report.json (always: it is the contract) and the other chosen formats; returns their paths. */
export async function writeFormats(dir: string, report: Report, formats: ReportFormat[]): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  const written: string[] = [];
  for (const format of new Set<ReportFormat>(['json', ...formats])) {
    const writer = WRITERS[format];
    if (!writer) continue;
    const file = path.join(dir, writer.file);
    writeFileSync(file, await writer.render(report));
    written.push(file);
  }
  if (formats.includes('github')) (await import('./github.ts')).writeGithub(report);
  return written;
}
