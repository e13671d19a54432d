/**
 * The mutation scores the catalog shows (catalog/mutation/scores.json): per suite and per
 * requirement, the counts of the last full run recorded with `conformance mutate --record`. A
 * requirement is proven when every mutant at its atoms that is not a declared equivalent was killed.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CATALOG_DIR } from '../catalog/load.ts';
import type { SuiteName } from '../catalog/types.ts';
import type { ConformanceMutationReport, MutationCounts, RequirementCounts } from './report.ts';

export const SCORES_FILE = path.join(CATALOG_DIR, 'mutation', 'scores.json');

export interface MutationScores {
  /** The run's duration, with how many processes it had. */
  durationMs: number;
  suites: Partial<Record<SuiteName, { counts: MutationCounts; requirements: Record<string, RequirementCounts> }>>;
}

export function scoresOf(report: ConformanceMutationReport): MutationScores {
  const c = report.conformance;
  const suites: MutationScores['suites'] = {};
  for (const [suite, counts] of Object.entries(c.suites) as Array<[SuiteName, MutationCounts]>) {
    suites[suite] = { counts, requirements: c.requirements[suite] ?? {} };
  }
  return { durationMs: c.durationMs, suites };
}

export function recordScores(report: ConformanceMutationReport, file: string = SCORES_FILE): void {
  writeFileSync(file, `${JSON.stringify(scoresOf(report), null, 1)}\n`);
}

export function loadScores(file: string = SCORES_FILE): MutationScores | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as MutationScores) : undefined;
}

/** Every mutant at the requirement's atoms killed, but for declared equivalents; none generated proves nothing. */
export function provenByMutation(counts: RequirementCounts | undefined): boolean {
  if (!counts) return false;
  const valid = counts.generated - counts.equivalent;
  return valid > 0 && counts.killed === valid;
}
