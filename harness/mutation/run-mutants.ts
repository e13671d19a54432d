/**
 * Runs mutants against the embedded reference: each one with the checks that reach its site (from
 * the baseline), the checks that name its requirements first, stopping at the first kill. A mutant
 * is killed when a check's verdict turns into a failure (failed, warning, a harness error, a
 * time-out, or a departure the judge of every exchange finds); a legal mutant must change no
 * verdict at all, and one that does is a false failure of the suite.
 */
import type { Outcome } from '../check/outcome.ts';
import { canKill, verdictOf, type BaselineCheck, type Verdict } from './baseline.ts';
import type { MutantDeclarations } from './declarations.ts';
import { mutantHook, mutantReaches } from './hook.ts';
import type { Slots, SuiteCheck } from './slots.ts';
import type { Mutant, MutantResult } from './types.ts';

/**
 * The checks of one mutant at once on its target. They are written to run side by side (a run
 * against the embedded targets starts 32 at once), and a legal mutant's run goes through every
 * check that reaches it: one after another, the latency variation of a container delete took 75 s.
 * The first (one that names the mutant's requirements) runs alone before the others start, on the
 * target as the batch found it: beside them it can read the target while their containers exist
 * (created and not yet started, or run to their end), and Info's ContainersStopped left out at 0
 * survived the full run at 27f7d83 (a run of that mutant alone killed it).
 */
const CHECKS_AT_ONCE = 4;

export interface MutantRunInput {
  mutants: readonly Mutant[];
  checks: readonly SuiteCheck[];
  baseline: readonly BaselineCheck[];
  slots: Slots;
  equivalents: MutantDeclarations;
  /** Called as each mutant ends. */
  onResult?: (result: MutantResult, mutant: Mutant) => void;
}

export async function runMutants(input: MutantRunInput): Promise<MutantResult[]> {
  const byId = new Map(input.checks.map((c) => [c.id, c]));
  return Promise.all(
    input.mutants.map(async (mutant) => {
      const result = await runMutant(mutant, input, byId);
      input.onResult?.(result, mutant);
      return result;
    }),
  );
}

/** The checks a mutant's run starts with: those that name its requirements, then the quickest. */
export function coveringChecks(mutant: Mutant, baseline: readonly BaselineCheck[]): BaselineCheck[] {
  const named = (b: BaselineCheck): number => (b.requirements.some((r) => mutant.requirements.includes(r)) ? 0 : 1);
  return baseline.filter((b) => b.exchanges.some((e) => mutantReaches(mutant.spec, e))).sort((a, b) => named(a) - named(b) || a.durationMs - b.durationMs);
}

async function runMutant(mutant: Mutant, input: MutantRunInput, byId: Map<string, SuiteCheck>): Promise<MutantResult> {
  const started = Date.now();
  const covering = coveringChecks(mutant, input.baseline);
  const result = (status: MutantResult['status'], extra: Partial<MutantResult> = {}): MutantResult => ({
    id: mutant.id,
    status,
    killedBy: [],
    coveredBy: covering.map((c) => c.id),
    testsCompleted: 0,
    durationMs: Date.now() - started,
    ...extra,
  });
  const equivalent = input.equivalents.reasonFor(mutant.id);
  if (equivalent) return result('Ignored', { statusReason: `equivalent: ${equivalent}` });
  const runnable = covering.filter((c) => mutant.legal || canKill(c.verdict));
  if (!runnable.length) return result('NoCoverage', covering.length ? { statusReason: 'every check that reaches it already fails' } : {});

  const baseline = new Map(covering.map((c) => [c.id, c.verdict]));
  const changes: Array<{ id: string; outcome: Outcome }> = [];
  const unverified: Array<{ id: string; outcome: Outcome }> = [];
  const changed = (id: string, outcome: Outcome): boolean => {
    const after = verdictOf(outcome);
    if (madeUnverified(baseline.get(id)!, after)) unverified.push({ id, outcome });
    const hit = mutant.legal ? madeFailing(baseline.get(id)!, after) : detects(after);
    if (hit) changes.push({ id, outcome });
    return hit;
  };
  const outcomes = await input.slots.run(
    runnable.map((c) => byId.get(c.id)!),
    mutantHook(mutant.spec),
    {
      concurrency: CHECKS_AT_ONCE,
      leadAlone: true,
      stopAfter: (id, outcome) => changed(id, outcome) && !mutant.legal,
    },
  );
  // A legal mutant's false failure counts only if its check fails again (see failingAgain); a
  // fault mutant that left its checks unverified has them run again alone (see detectedAgain).
  const counted = mutant.legal
    ? changes.length
      ? await failingAgain(changes, input, mutant, baseline)
      : changes
    : changes.length || !unverified.length
      ? changes
      : await detectedAgain(unverified, input, mutant);
  const once = counted.length ? undefined : changes[0];
  const extra = { testsCompleted: outcomes.size, durationMs: Date.now() - started };
  if (!counted.length) {
    const note = once
      ? { statusReason: `failed once under the variation and passed when run again (the load of the run, not the variation): ${describe(once)}` }
      : unverified.length
        ? {
            unverifiedBy: unverified.map((u) => u.id),
            statusReason: `unverified under the ${mutant.legal ? 'variation' : 'mutant'}: ${describe(unverified[0]!)}`,
          }
        : {};
    return result('Survived', { ...extra, ...note });
  }
  const first = counted[0]!.outcome;
  const status = first.status === 'error' ? 'RuntimeError' : /timed out|time-out|timeout/i.test(first.message) ? 'Timeout' : 'Killed';
  const reason = mutant.legal ? `false failure: a variation the spec allows made a check fail: ${describe(counted[0]!)}` : describe(counted[0]!);
  return result(mutant.legal ? 'Killed' : status, { ...extra, killedBy: counted.map((c) => c.id), statusReason: reason });
}

type Change = { id: string; outcome: Outcome };

/**
 * A legal mutant's false failure is run again, one check at a time, before it counts: dozens of
 * mutants share the machine, and a check that timed out behind them is not the variation's doing.
 * Answers the checks that fail again, with their second outcomes (none: the load, not the variation).
 */
async function failingAgain(changes: readonly Change[], input: MutantRunInput, mutant: Mutant, baseline: Map<string, Verdict>): Promise<Change[]> {
  return runAgain(changes, input, mutant, (id, after) => madeFailing(baseline.get(id)!, after));
}

/**
 * A fault mutant that no check detected but that left checks unverified (skipped: the state it
 * needed came and went behind the load of the run) has those checks run again, one at a time.
 * Answers the checks that detect it then.
 */
async function detectedAgain(unverified: readonly Change[], input: MutantRunInput, mutant: Mutant): Promise<Change[]> {
  return runAgain(unverified, input, mutant, (_id, after) => detects(after));
}

async function runAgain(changes: readonly Change[], input: MutantRunInput, mutant: Mutant, counts: (id: string, after: Verdict) => boolean): Promise<Change[]> {
  const byId = new Map(input.checks.map((c) => [c.id, c]));
  const again = await input.slots.run(
    changes.map((c) => byId.get(c.id)!),
    mutantHook(mutant.spec),
    { concurrency: 1 },
  );
  return changes.flatMap((c) => {
    const outcome = again.get(c.id);
    return outcome !== undefined && counts(c.id, verdictOf(outcome)) ? [{ id: c.id, outcome }] : [];
  });
}

/** A verdict that a run would report as not conformant (or as the suite's own error). */
function detects(verdict: Verdict): boolean {
  return !canKill(verdict);
}

/**
 * A false failure: under a variation the spec allows, a check warns, fails or errs where its
 * baseline did not, or the judge finds a departure the baseline did not show. A baseline's
 * departure that does not come again is not one (the baseline's own flake).
 */
function madeFailing(before: Verdict, after: Verdict): boolean {
  return (SEVERITY[after.status] >= 2 && SEVERITY[after.status] > SEVERITY[before.status]) || after.findings.some((f) => !before.findings.includes(f));
}

/**
 * A check that passed could no longer verify its rule under the variation (skipped, not
 * applicable): the suite says so honestly, so the run is not failed, but the report lists it as a
 * weak check (a slower target leaves it unverified).
 */
function madeUnverified(before: Verdict, after: Verdict): boolean {
  return SEVERITY[after.status] === 1 && SEVERITY[before.status] === 0;
}

const SEVERITY: Record<Verdict['status'], number> = {
  passed: 0,
  informational: 0,
  skipped: 1,
  'not-applicable': 1,
  warning: 2,
  failed: 3,
  error: 3,
};

function describe({ id, outcome }: { id: string; outcome: Outcome }): string {
  const findings = (outcome.exchanges?.findings ?? []).map((f) => `${f.rule} ${f.exchange}`);
  const what = outcome.message || findings.join('; ') || outcome.status;
  return `${id}: ${outcome.status}: ${what.length > 300 ? `${what.slice(0, 297)}…` : what}`;
}
