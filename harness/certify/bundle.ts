import type { KeyObject } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { summarize, type Report, type Summary } from '../report/report.ts';
import { certificatePredicate, signBundle } from './attestation.ts';
import { sha256 } from './digest.ts';
import { certificationLevel, type CertificationLevel } from './level.ts';

export { sha256 };

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
  /**
   * The run certified the embedded reference implementation (`--self-test`): a check of the
   * suite itself, not a certificate of any product.
   */
  selfTest?: boolean;
}

export const SUMS_FILE = 'SHA256SUMS';

export interface SealOptions {
  selfTest?: boolean;
  /** Signs the bundle (an in-toto statement in a DSSE envelope) with this Ed25519 key. */
  signKey?: KeyObject;
}

export function productRecord(report: Report, productName: string, selfTest = false): ProductRecord {
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
    ...(selfTest ? { selfTest: true } : {}),
  };
}

/** Writes SHA256SUMS (sha256sum format) over the bundle's files. */
export function writeSums(dir: string, files: string[]): void {
  const lines = files.map((f) => `${sha256(path.join(dir, f))}  ${f}`);
  writeFileSync(path.join(dir, SUMS_FILE), `${lines.join('\n')}\n`);
}

/** The files a bundle holds besides SHA256SUMS. */
export const BUNDLE_FILES = ['report.json', 'junit.xml', 'report.html', 'summary.md', 'product.json'];

/** The files a signed statement covers: the bundle's files and their digests. */
export const SIGNED_FILES = [...BUNDLE_FILES, SUMS_FILE];

/** Completes a bundle whose report formats are written: product.json, SHA256SUMS over all, then the signature. */
export function sealBundle(dir: string, report: Report, productName: string, options: SealOptions = {}): ProductRecord {
  const record = productRecord(report, productName, options.selfTest);
  writeFileSync(path.join(dir, 'product.json'), `${JSON.stringify(record, null, 2)}\n`);
  writeSums(dir, BUNDLE_FILES);
  if (options.signKey) signBundle(dir, SIGNED_FILES, certificatePredicate(record, suiteSummaries(report)), options.signKey);
  return record;
}

/** Each suite's counts by outcome, as the results give them. */
export function suiteSummaries(report: Report): Record<string, Summary> {
  return Object.fromEntries(report.suites.map((suite) => [suite, summarize(report.results.filter((r) => r.suite === suite))]));
}
