import { engineVersionOf, type Requirement, type RequirementLevel, type SuiteName } from '../catalog/types.ts';
import type { CheckRecord } from '../check/types.ts';
import type { Breach, OutcomeStatus, TranscriptEntry } from '../check/outcome.ts';
import { WAITS_KEPT } from '../check/evidence.ts';
import { proofsOf, type Proof, type ProofTable } from '../catalog/proofs.ts';
import type { ExpectationsVerdict } from './expectations.ts';
import type { RunSettings } from './recorded-options.ts';
import type { Reproduction } from './reproduce/index.ts';

/** report.json: the contract users script against. Extend it compatibly; bump schemaVersion never for additions. */
export interface Report {
  schemaVersion: 1;
  tool: { name: string; version: string };
  target: { url: string; product: string; version: string; embedded: boolean; faults?: string[] };
  suites: SuiteName[];
  seed: number;
  runId: string;
  startedAt: string;
  durationMs: number;
  /** The command line that produced the report. */
  command: string[];
  summary: Summary;
  results: ResultEntry[];
  /** Coverage requirement by requirement, for the suites that ran. */
  requirements: RequirementCoverage[];
  /** Problems of the run itself (unreachable target, a suite that could not load). */
  harnessErrors: string[];
  /**
   * What the run created and could not remove: each a removal the target refused or did not answer,
   * with its answer. Not a problem of the harness: the verdict stays the checks' and names them.
   */
  leftovers?: string[];
  /** The options that decide which checks can run (absent in reports written before they were recorded). */
  options?: RunSettings;
  /** Present when the run was judged against an expectations file (--expectations). */
  expectations?: ExpectationsVerdict;
  /** Present when the run was one shard of a sharded run (--shard i/n). */
  shard?: { index: number; count: number };
  /** Present when the report merges shard reports (`conformance report merge`): the shards' runs. */
  mergedFrom?: MergedShard[];
}

export interface MergedShard {
  runId: string;
  shard?: { index: number; count: number };
  startedAt: string;
  durationMs: number;
  results: number;
}

export interface Summary {
  total: number;
  passed: number;
  failed: number;
  warnings: number;
  informational: number;
  skipped: number;
  notApplicable: number;
  errors: number;
}

export interface ResultEntry {
  id: string;
  suite: SuiteName;
  title: string;
  requirements: string[];
  endpoint: string | null;
  /** Why the check runs on the embedded reference only (Check.referenceOnly): elsewhere it is skipped and verifies nothing. */
  referenceOnly?: string;
  outcome: OutcomeStatus;
  message: string;
  durationMs: number;
  expected?: unknown;
  actual?: unknown;
  observations?: string[];
  seed?: number;
  transcript?: TranscriptEntry[];
  /** Failed or warning: each breach with the requirement(s) it names. */
  breaches?: Breach[];
  /** False when the check stopped at its first breach (requirements it names but did not reach are unverified). */
  completed?: boolean;
  /** Skipped because of an earlier breach of this requirement (a cascade, reported once by its own check). */
  blockedBy?: string;
  /** How many expectations the check evaluated about its subject. */
  verified?: number;
  /** The check's longest exchanges (at most three), kept for every outcome: what its time went to. */
  waits?: ExchangeWait[];
  /** Every result that did not pass: the command that re-runs its check and a curl script of its exchanges. */
  reproduce?: Reproduction;
}

export interface ExchangeWait {
  kind: TranscriptEntry['kind'];
  method: string;
  path: string;
  ms: number;
}

/** The longest timed exchanges of a transcript, longest first. */
export function longestWaits(transcript: readonly TranscriptEntry[]): ExchangeWait[] {
  return transcript
    .filter((e) => e.durationMs !== undefined)
    .map((e) => ({ kind: e.kind, method: e.request.method, path: e.request.path.split('?')[0]!, ms: Math.round(e.durationMs!) }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, WAITS_KEPT);
}

export type CoverageOutcome = OutcomeStatus | 'uncovered';

export interface RequirementCoverage {
  id: string;
  suite: SuiteName;
  section: string;
  level: RequirementLevel;
  statement: string;
  /** The worst outcome of the checks that name it; `uncovered` when none ran. */
  outcome: CoverageOutcome;
  checks: string[];
  uncoveredReason?: string;
  /**
   * Every check of the run naming it needs a control of the embedded reference (why): it is verified
   * on the reference only, and where those checks were skipped (any other target) it is `uncovered`.
   */
  referenceOnly?: string;
  /** Why the requirement is graded below its words (catalog levelReason). */
  levelReason?: string;
  /** A named fault of a reference target breaks it and a covering check fails naming it. */
  proven: boolean;
  /** The (fault, check) pairs that prove it (catalog/<api>/proofs.json). */
  proofs?: Proof[];
}

const SUMMARY_KEY: Record<OutcomeStatus, keyof Omit<Summary, 'total'>> = {
  passed: 'passed',
  failed: 'failed',
  warning: 'warnings',
  informational: 'informational',
  skipped: 'skipped',
  'not-applicable': 'notApplicable',
  error: 'errors',
};

/** Worst first: the order in which outcomes decide a requirement's standing. */
export const SEVERITY: readonly OutcomeStatus[] = ['error', 'failed', 'warning', 'skipped', 'not-applicable', 'informational', 'passed'];

export function summarize(results: ReadonlyArray<Pick<ResultEntry, 'outcome'>>): Summary {
  const summary: Summary = { total: 0, passed: 0, failed: 0, warnings: 0, informational: 0, skipped: 0, notApplicable: 0, errors: 0 };
  for (const r of results) {
    summary.total++;
    summary[SUMMARY_KEY[r.outcome]]++;
  }
  return summary;
}

export function toResultEntry(record: CheckRecord): ResultEntry {
  const { outcome } = record;
  const showEvidence = outcome.status !== 'passed';
  const waits = longestWaits(outcome.transcript);
  return {
    id: record.id,
    suite: record.suite,
    title: record.title,
    requirements: record.requirements,
    endpoint: record.endpoint ?? null,
    ...(record.referenceOnly ? { referenceOnly: record.referenceOnly } : {}),
    outcome: outcome.status,
    message: outcome.message,
    durationMs: outcome.durationMs,
    ...(outcome.expected !== undefined ? { expected: outcome.expected } : {}),
    ...(outcome.actual !== undefined ? { actual: outcome.actual } : {}),
    ...(outcome.observations.length ? { observations: outcome.observations } : {}),
    ...(outcome.seed !== undefined ? { seed: outcome.seed } : {}),
    ...(showEvidence && outcome.transcript.length ? { transcript: outcome.transcript } : {}),
    ...(outcome.breaches ? { breaches: outcome.breaches } : {}),
    ...(outcome.completed !== undefined ? { completed: outcome.completed } : {}),
    ...(outcome.blockedBy ? { blockedBy: outcome.blockedBy } : {}),
    ...(outcome.verified !== undefined ? { verified: outcome.verified } : {}),
    ...(waits.length ? { waits } : {}),
  };
}

/**
 * What a check says of one of its requirements. A failed check fails only the requirements its
 * breaches name; the others it verified (it ran to its end) pass, and those it did not reach
 * stay unverified (skipped).
 */
export function outcomeFor(requirement: string, result: Pick<ResultEntry, 'outcome' | 'breaches' | 'completed'>): OutcomeStatus {
  if (!result.breaches?.length) return result.outcome;
  if (result.breaches.some((b) => b.requirements.includes(requirement))) return result.outcome;
  return result.completed ? 'passed' : 'skipped';
}

/**
 * A requirement's outcome: the worst of what each check naming it says of it; `uncovered` when none
 * ran, or when its only checks need a control of the embedded reference and were skipped.
 */
export function requirementOutcome(
  requirement: string,
  checks: ReadonlyArray<Pick<ResultEntry, 'outcome' | 'breaches' | 'completed' | 'referenceOnly'>>,
): CoverageOutcome {
  if (checks.every((c) => c.referenceOnly && c.outcome === 'skipped')) return 'uncovered';
  const outcomes = checks.map((c) => outcomeFor(requirement, c));
  return SEVERITY.find((s) => outcomes.includes(s))!;
}

/** Which requirements belong to a suite: engine ones by version, cloud ones to the cloud suite. */
export function requirementsOfSuite(suite: SuiteName, all: Requirement[]): Requirement[] {
  if (suite === 'cloud') return all.filter((r) => r.id.startsWith('cloud/'));
  const version = engineVersionOf(suite);
  return all.filter((r) => r.id.startsWith('engine/') && r.versions.includes(version));
}

export function coverage(suites: SuiteName[], all: Requirement[], results: ResultEntry[], proofTable: ProofTable = {}): RequirementCoverage[] {
  const out: RequirementCoverage[] = [];
  for (const suite of suites) {
    const suiteResults = results.filter((r) => r.suite === suite);
    for (const req of requirementsOfSuite(suite, all)) {
      const checks = suiteResults.filter((r) => r.requirements.includes(req.id));
      const outcome = requirementOutcome(req.id, checks);
      out.push({
        id: req.id,
        suite,
        section: req.section,
        level: req.level,
        statement: req.statement,
        outcome,
        checks: checks.map((c) => c.id),
        ...(req.uncoveredReason && !checks.length ? { uncoveredReason: req.uncoveredReason } : {}),
        ...referenceOnlyOf(checks),
        ...(req.levelReason ? { levelReason: req.levelReason } : {}),
        // A fault proves only what a check verified: a reference-only check skipped here proves nothing.
        ...provenStanding(proofsOf(proofTable, suite, req.id), outcome === 'uncovered' ? [] : checks.map((c) => c.id)),
      });
    }
  }
  return out;
}

/** The reasons of a requirement's checks when every one of them is reference-only (Check.referenceOnly). */
function referenceOnlyOf(checks: ReadonlyArray<Pick<ResultEntry, 'referenceOnly'>>): { referenceOnly?: string } {
  if (!checks.length || !checks.every((c) => c.referenceOnly)) return {};
  return { referenceOnly: [...new Set(checks.map((c) => c.referenceOnly!))].join('; ') };
}

/** Proven only by proofs whose check covers the requirement in this run (proven ⊆ covered). */
export function provenStanding(proofs: Proof[], checks: string[]): { proven: boolean; proofs?: Proof[] } {
  const holding = proofs.filter((p) => checks.includes(p.check));
  return holding.length ? { proven: true, proofs: holding } : { proven: false };
}

/** The coverage headline every format shows: covered, and of those, proven by a named fault. */
export interface CoverageHeadline {
  requirements: number;
  covered: number;
  proven: number;
  /** Required and recommended requirements only: the ones a fault can break. */
  coveredTestable: number;
  provenTestable: number;
}

export function coverageHeadline(requirements: ReadonlyArray<Pick<RequirementCoverage, 'outcome' | 'level' | 'proven'>>): CoverageHeadline {
  const covered = requirements.filter((r) => r.outcome !== 'uncovered');
  const testable = covered.filter((r) => r.level !== 'informational');
  return {
    requirements: requirements.length,
    covered: covered.length,
    proven: covered.filter((r) => r.proven).length,
    coveredTestable: testable.length,
    provenTestable: testable.filter((r) => r.proven).length,
  };
}

export function describeCoverage(h: CoverageHeadline): string {
  const share = h.coveredTestable ? ` (${((100 * h.provenTestable) / h.coveredTestable).toFixed(1)}%)` : '';
  return (
    `${h.covered} of ${h.requirements} requirements covered by the checks that ran; ` +
    `${h.proven} proven by a named fault that the covering check catches (required and recommended: ${h.provenTestable} of ${h.coveredTestable}${share})`
  );
}
