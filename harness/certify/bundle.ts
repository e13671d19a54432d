import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Report } from '../report/report.ts';
import { certificationLevel, type CertificationLevel } from './level.ts';

/** product.json: what was certified, by what, how, and at which level. */
export interface ProductRecord {
  product: { name: string; version: string; targetProduct: string; targetUrl: string };
  tool: { name: string; version: string };
  suites: string[];
  command: string[];
  seed: number;
  date: string;
  level: CertificationLevel;
  reasons: string[];
}

export const SUMS_FILE = 'SHA256SUMS';

export function productRecord(report: Report, productName: string): ProductRecord {
  const { level, reasons } = certificationLevel(report);
  return {
    product: { name: productName, version: report.target.version, targetProduct: report.target.product, targetUrl: report.target.url },
    tool: report.tool,
    suites: report.suites,
    command: report.command,
    seed: report.seed,
    date: report.startedAt,
    level,
    reasons,
  };
}

export function sha256(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

/** Writes SHA256SUMS (sha256sum format) over the bundle's files. */
export function writeSums(dir: string, files: string[]): void {
  const lines = files.map((f) => `${sha256(path.join(dir, f))}  ${f}`);
  writeFileSync(path.join(dir, SUMS_FILE), `${lines.join('\n')}\n`);
}

/** The files a bundle holds besides SHA256SUMS. */
export const BUNDLE_FILES = ['report.json', 'junit.xml', 'report.html', 'summary.md', 'product.json'];

/** Completes a bundle whose report formats are written: product.json, then SHA256SUMS over all. */
export function sealBundle(dir: string, report: Report, productName: string): ProductRecord {
  const record = productRecord(report, productName);
  writeFileSync(path.join(dir, 'product.json'), `${JSON.stringify(record, null, 2)}\n`);
  writeSums(dir, BUNDLE_FILES);
  return record;
}
