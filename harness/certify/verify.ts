import type { KeyObject } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { RequirementIndex } from '../catalog/load.ts';
import type { Requirement } from '../catalog/types.ts';
import { summarize, type Report } from '../report/report.ts';
import { validateReport } from '../report/validate-report.ts';
import { verifyAttestation } from './attestation.ts';
import { BUNDLE_FILES, SIGNED_FILES, SUMS_FILE, sha256, type ProductRecord } from './bundle.ts';
import { junitAgreement } from './junit-agreement.ts';
import { certificationLevel, missingRequirements, recomputedRequirements } from './level.ts';

export interface VerifyOptions {
  /** Checks the signed statement (attestation.intoto.json) with this Ed25519 public key. */
  pubkey?: KeyObject;
  /** The requirements a level needs: the catalog's, unless a caller gives its own. */
  catalog?: readonly Requirement[];
}

/** Problems listed one by one; beyond them, a count. */
const LISTED = 10;
const LEVELS = ['full', 'core', 'none'];

/**
 * Checks a certification bundle: every digest matches; the level product.json claims is the one
 * report.json's results give (recomputed, not read from its summary or its requirements); every
 * requirement that level needs has a result; junit.xml says what report.json says; a run against
 * the embedded reference says it is a self-test; with a public key, the signature and what it signs.
 */
export function verifyBundle(dir: string, options: VerifyOptions = {}): string[] {
  const problems = digestProblems(dir);
  if (problems.length) return problems;
  const report = readJson<Report>(dir, 'report.json', problems);
  const product = readJson<ProductRecord>(dir, 'product.json', problems);
  if (problems.length) return problems;
  const shape = validateReport(report).map((p) => `report.json does not match its schema: ${p}`);
  if (shape.length) return shape.slice(0, LISTED);
  if (!LEVELS.includes(product?.level as string)) return [`product.json: level must be one of ${LEVELS.join(', ')}`];
  if (options.pubkey) problems.push(...verifyAttestation(dir, SIGNED_FILES, product, options.pubkey));
  problems.push(...claimProblems(report!, product!, options.catalog ?? RequirementIndex.shared().all()));
  problems.push(...junitAgreement(report!, readFileSync(path.join(dir, 'junit.xml'), 'utf8')));
  return problems;
}

/** SHA256SUMS lists every bundle file, and each file matches its digest. */
function digestProblems(dir: string): string[] {
  const sumsPath = path.join(dir, SUMS_FILE);
  if (!existsSync(sumsPath)) return [`${SUMS_FILE} is missing`];
  const problems: string[] = [];
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
  return problems;
}

/** What product.json and report.json claim, against what report.json's results give. */
function claimProblems(report: Report, product: ProductRecord, catalog: readonly Requirement[]): string[] {
  const problems: string[] = [];
  const requirements = recomputedRequirements(report);
  const { level } = certificationLevel({ ...report, requirements });
  if (level !== product.level) problems.push(`product.json claims level '${product.level}', the report supports '${level}'`);
  const restated = requirements.flatMap((r, i) => {
    const stated = report.requirements[i]!.outcome;
    return stated === r.outcome ? [] : [`report.json states ${r.suite} ${r.id} ${stated}, its results give ${r.outcome}`];
  });
  problems.push(...listed(restated, 'requirements stated otherwise than their results give'));
  if (JSON.stringify(summarize(report.results)) !== JSON.stringify(report.summary)) problems.push('report.json: the summary does not count its results');
  problems.push(...listed(missingRequirements(report, product.level, catalog), 'requirements without a result'));
  if (product.seed !== report.seed || product.date !== report.startedAt)
    problems.push('product.json does not describe the run in report.json (seed or date differ)');
  if (report.target.embedded && !product.selfTest)
    problems.push('report.json is a run against the embedded reference: product.json must say selfTest (certify --self-test)');
  return problems;
}

function listed(problems: string[], what: string): string[] {
  if (problems.length <= LISTED) return problems;
  return [...problems.slice(0, LISTED), `${problems.length - LISTED} more ${what}`];
}

function readJson<T>(dir: string, file: string, problems: string[]): T | undefined {
  try {
    return JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as T;
  } catch (err) {
    problems.push(`${file} is not JSON: ${(err as Error).message.split('\n')[0]}`);
    return undefined;
  }
}
