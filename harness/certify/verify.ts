import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Report } from '../report/report.ts';
import { BUNDLE_FILES, SUMS_FILE, sha256, type ProductRecord } from './bundle.ts';
import { certificationLevel } from './level.ts';

/** Checks a certification bundle: every digest matches, and report.json supports the level product.json claims. */
export function verifyBundle(dir: string): string[] {
  const problems: string[] = [];
  const sumsPath = path.join(dir, SUMS_FILE);
  if (!existsSync(sumsPath)) return [`${SUMS_FILE} is missing`];
  const listed = new Map<string, string>();
  for (const line of readFileSync(sumsPath, 'utf8').split('\n').filter(Boolean)) {
    const match = /^([0-9a-f]{64}) {2}(.+)$/.exec(line);
    if (!match) problems.push(`${SUMS_FILE}: malformed line '${line}'`);
    else listed.set(match[2]!, match[1]!);
  }
  for (const file of BUNDLE_FILES) if (!listed.has(file)) problems.push(`${SUMS_FILE} does not list ${file}`);
  for (const [file, digest] of listed) {
    const full = path.join(dir, file);
    if (!existsSync(full)) problems.push(`${file} is missing`);
    else if (sha256(full) !== digest) problems.push(`${file}: digest does not match ${SUMS_FILE}`);
  }
  if (problems.length) return problems;
  const report = readJson<Report>(dir, 'report.json', problems);
  const product = readJson<ProductRecord>(dir, 'product.json', problems);
  if (!report || !product) return problems;
  const { level } = certificationLevel(report);
  if (level !== product.level) problems.push(`product.json claims level '${product.level}', the report supports '${level}'`);
  if (product.seed !== report.seed || product.date !== report.startedAt)
    problems.push('product.json does not describe the run in report.json (seed or date differ)');
  return problems;
}

function readJson<T>(dir: string, file: string, problems: string[]): T | undefined {
  try {
    return JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as T;
  } catch (err) {
    problems.push(`${file} is not JSON: ${(err as Error).message.split('\n')[0]}`);
    return undefined;
  }
}
