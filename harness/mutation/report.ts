/**
 * The mutation report in Stryker's format (mutation-testing-report-schema): the catalog's
 * requirement files are its sources, each mutant at the line of the first requirement its atom
 * belongs to, and the checks are its tests. A `conformance` block beside the schema's fields sums
 * the run up per suite, operator and requirement, and lists the legal mutants that changed a
 * verdict (false failures, which fail the run).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { MutantResult as StrykerMutant, MutationTestResult } from 'mutation-testing-report-schema';
import { CATALOG_DIR } from '../catalog/load.ts';
import { apiOfSuite, type SuiteName } from '../catalog/types.ts';
import { toolInfo } from '../run/tool-info.ts';
import type { Mutant, MutantResult, MutantStatus } from './types.ts';

/** Counts of one group of mutants. */
export interface MutationCounts {
  generated: number;
  killed: number;
  survived: number;
  noCoverage: number;
  equivalent: number;
  /**
   * Of the declared equivalents, those that change no exchange any check made in the baseline run:
   * no-ops on the reference, as the run itself shows, whatever their declared reason says.
   */
  equivalentUnreached: number;
  /** Killed over the mutants that could be killed (all but the equivalent ones), in percent; legal mutants not counted. */
  score: number;
}

export interface MutationSummary {
  suites: Partial<Record<SuiteName, MutationCounts>>;
  operators: Record<string, MutationCounts>;
  /** Per suite, per requirement: the mutants at its atoms (a mutant counts at each requirement its atom belongs to). */
  requirements: Partial<Record<SuiteName, Record<string, RequirementCounts>>>;
  /** Legal mutants that made a check fail: each a false failure of the suite. */
  falseFailures: Array<{ id: string; reason: string }>;
  legal: { generated: number; verdictChanges: number; unverified: Array<{ id: string; reason: string }> };
  durationMs: number;
  /** A run stopped by a signal: its mutants are those settled before it; `notRun` of those selected are left out. */
  interrupted?: { signal: string; settled: number; notRun: number };
}

export type RequirementCounts = MutationCounts & { equivalentReasons?: string[] };

export type ConformanceMutationReport = MutationTestResult & { conformance: MutationSummary };

export interface MutationRun {
  mutants: readonly Mutant[];
  results: readonly MutantResult[];
  checks: ReadonlyMap<SuiteName, ReadonlyArray<{ id: string; title: string }>>;
  durationMs: number;
  /** The signal that stopped the run, and how many mutants it had selected by then. */
  interrupted?: { signal: string; selected: number };
}

const DETECTED: ReadonlySet<MutantStatus> = new Set(['Killed', 'Timeout', 'RuntimeError']);

export function mutationReport(run: MutationRun): ConformanceMutationReport {
  const results = new Map(run.results.map((r) => [r.id, r]));
  const files: MutationTestResult['files'] = {};
  const sources = new Map<string, { text: string; lines: string[] }>();
  for (const mutant of run.mutants) {
    const result = results.get(mutant.id);
    if (!result) continue;
    const { file, line } = placeOf(mutant, sources);
    files[file] ??= { language: 'json', source: sources.get(file)!.text, mutants: [] };
    files[file].mutants.push(strykerMutant(mutant, result, line));
  }
  const testFiles = Object.fromEntries(
    [...run.checks].map(([suite, checks]) => [`suites/${suite}`, { tests: checks.map((c) => ({ id: c.id, name: `${c.id}: ${c.title}` })) }]),
  );
  return {
    schemaVersion: '1',
    thresholds: { high: 95, low: 80 },
    projectRoot: '.',
    files,
    testFiles,
    framework: { name: 'container-api-conformance', version: toolInfo().version },
    conformance: summarize(run),
  };
}

function strykerMutant(mutant: Mutant, result: MutantResult, line: number): StrykerMutant {
  return {
    id: mutant.id,
    mutatorName: mutant.operator,
    replacement: mutant.site.atom,
    description: mutant.description,
    location: { start: { line, column: 1 }, end: { line, column: 2 } },
    status: result.status,
    ...(result.statusReason ? { statusReason: result.statusReason } : {}),
    killedBy: result.killedBy,
    coveredBy: result.coveredBy,
    testsCompleted: result.testsCompleted,
    duration: result.durationMs,
  };
}

/** The requirement file and line a mutant sits at: the line of its first requirement's id. */
function placeOf(mutant: Mutant, sources: Map<string, { text: string; lines: string[] }>): { file: string; line: number } {
  const requirement = mutant.requirements[0]!;
  const api = apiOfSuite(mutant.site.suite);
  for (const file of requirementFiles(api)) {
    const source = sources.get(file) ?? load(file, sources);
    const index = source.lines.findIndex((l) => l.includes(`"id": "${requirement}"`));
    if (index >= 0) return { file, line: index + 1 };
  }
  throw new Error(`mutant ${mutant.id}: requirement ${requirement} is in no requirement file`);
}

const FILES = new Map<string, string[]>();
function requirementFiles(api: string): string[] {
  let files = FILES.get(api);
  if (!files) {
    const dir = path.join(CATALOG_DIR, api, 'requirements');
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => `catalog/${api}/requirements/${f}`);
    FILES.set(api, files);
  }
  return files;
}

function load(file: string, sources: Map<string, { text: string; lines: string[] }>): { text: string; lines: string[] } {
  const text = readFileSync(path.join(CATALOG_DIR, '..', file), 'utf8');
  const source = { text, lines: text.split('\n') };
  sources.set(file, source);
  return source;
}

function summarize(run: MutationRun): MutationSummary {
  const results = new Map(run.results.map((r) => [r.id, r]));
  const suites: MutationSummary['suites'] = {};
  const operators: MutationSummary['operators'] = {};
  const requirements: MutationSummary['requirements'] = {};
  const falseFailures: MutationSummary['falseFailures'] = [];
  const unverified: MutationSummary['legal']['unverified'] = [];
  let legal = 0;
  for (const mutant of run.mutants) {
    const result = results.get(mutant.id);
    if (!result) continue;
    if (mutant.legal) {
      legal++;
      if (DETECTED.has(result.status)) falseFailures.push({ id: mutant.id, reason: result.statusReason ?? '' });
      else if (result.unverifiedBy?.length) unverified.push({ id: mutant.id, reason: result.statusReason ?? '' });
      continue;
    }
    count(groupOf(suites, mutant.site.suite), result);
    count(groupOf(operators, mutant.operator), result);
    requirements[mutant.site.suite] ??= {};
    const ofSuite = requirements[mutant.site.suite]!;
    for (const id of mutant.requirements) {
      const requirement = groupOf(ofSuite, id);
      count(requirement, result);
      if (result.status === 'Ignored') requirement.equivalentReasons = [...new Set([...(requirement.equivalentReasons ?? []), result.statusReason ?? ''])];
    }
  }
  const perRequirement = Object.values(requirements).flatMap((bySuite) => Object.values(bySuite ?? {}));
  for (const c of [...Object.values(suites), ...Object.values(operators), ...perRequirement]) c!.score = scoreOf(c!);
  return {
    suites,
    operators,
    requirements,
    falseFailures,
    legal: { generated: legal, verdictChanges: falseFailures.length, unverified },
    durationMs: run.durationMs,
    ...(run.interrupted ? { interrupted: interruptedCounts(run.interrupted, results.size) } : {}),
  };
}

function interruptedCounts(interrupted: { signal: string; selected: number }, settled: number): NonNullable<MutationSummary['interrupted']> {
  return { signal: interrupted.signal, settled, notRun: interrupted.selected - settled };
}

/** The counts of one group, made empty on first use. */
function groupOf<K extends string, C extends MutationCounts>(groups: Partial<Record<K, C>>, key: K): C {
  groups[key] ??= emptyCounts() as C;
  return groups[key]!;
}

function emptyCounts(): MutationCounts {
  return { generated: 0, killed: 0, survived: 0, noCoverage: 0, equivalent: 0, equivalentUnreached: 0, score: 0 };
}

function count(c: MutationCounts, result: MutantResult): void {
  c.generated++;
  if (DETECTED.has(result.status)) c.killed++;
  else if (result.status === 'Survived') c.survived++;
  else if (result.status === 'NoCoverage') c.noCoverage++;
  else if (result.status === 'Ignored') {
    c.equivalent++;
    if (!result.coveredBy.length) c.equivalentUnreached++;
  }
}

/** One line of counts, as the command and the page show them. */
export function describeCounts(c: MutationCounts): string {
  const rest = `${c.survived} survived, ${c.noCoverage} reached by no check, ${c.equivalent} equivalent, ${c.equivalentUnreached} of them changing no exchange`;
  return `${c.score}% killed: ${c.killed} of ${c.generated - c.equivalent} (${rest})`;
}

/** Killed over all non-equivalent mutants: a mutant no check reaches counts against the score, as Stryker counts it. */
export function scoreOf(c: MutationCounts): number {
  const valid = c.generated - c.equivalent;
  return valid ? Math.round((1000 * c.killed) / valid) / 10 : 100;
}
