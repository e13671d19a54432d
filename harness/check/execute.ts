import type { Requirement, RequirementLevel } from '../catalog/types.ts';
import { TargetError } from '../target/errors.ts';
import type { CheckContext } from './context.ts';
import type { Outcome, OutcomeStatus } from './outcome.ts';
import { CheckFailure, CheckNotApplicable, CheckSkipped } from './signals.ts';
import type { Check } from './types.ts';

export interface ExecuteOptions {
  /** Looks up a requirement by id (level and statement drive the grading). */
  requirement(id: string): Requirement | undefined;
  /** The most a check may take; past it the target is taken not to answer. */
  checkTimeoutMs: number;
}

/** What a breach of a requirement of each level is graded as. */
const BREACH: Record<RequirementLevel, OutcomeStatus> = {
  required: 'failed',
  recommended: 'warning',
  informational: 'informational',
};

/**
 * Runs one check and grades it. Never throws: a bug in the check or the harness becomes an
 * `error` outcome, which is never the target's fault.
 */
export async function executeCheck<C extends CheckContext>(check: Check<C>, ctx: C, options: ExecuteOptions): Promise<Outcome> {
  const started = Date.now();
  const finish = (status: OutcomeStatus, message: string, extra: Partial<Outcome> = {}): Outcome => ({
    status,
    message,
    observations: [...ctx.observations],
    transcript: ctx.transcript.entries,
    ...(ctx.usedSeed !== undefined ? { seed: ctx.usedSeed } : {}),
    ...extra,
    durationMs: Date.now() - started,
  });

  const requirements = check.requirements.map((id) => ({ id, requirement: options.requirement(id) }));
  const unknown = requirements.filter((r) => !r.requirement).map((r) => r.id);
  if (unknown.length) return finish('error', `check names unknown requirement(s): ${unknown.join(', ')}`);
  const levels = requirements.map((r) => r.requirement!.level);

  let outcome: Outcome;
  try {
    const reason = check.notApplicable?.(ctx);
    if (reason) throw new CheckNotApplicable(reason);
    await withTimeout(check.run(ctx), options.checkTimeoutMs);
    outcome = levels.every((l) => l === 'informational')
      ? finish('informational', ctx.observations.join('; ') || 'observed; the spec states no rule here')
      : finish('passed', '');
  } catch (err) {
    outcome = grade(err, check, levels, options, finish);
  }
  const cleanupErrors = await ctx.runCleanups();
  for (const message of cleanupErrors) outcome.observations.push(`cleanup: ${message}`);
  outcome.durationMs = Date.now() - started;
  return outcome;
}

type Finish = (status: OutcomeStatus, message: string, extra?: Partial<Outcome>) => Outcome;

function grade<C>(err: unknown, check: Check<C>, levels: RequirementLevel[], options: ExecuteOptions, finish: Finish): Outcome {
  if (err instanceof CheckSkipped) return finish('skipped', err.message);
  if (err instanceof CheckNotApplicable) return finish('not-applicable', err.message);
  if (err instanceof CheckFailure || err instanceof TargetError || err instanceof CheckTimeout) {
    const named = err instanceof CheckFailure ? err.detail.requirement : undefined;
    const level = named ? options.requirement(named)?.level ?? 'required' : strongest(levels);
    const statement = options.requirement(named ?? check.requirements[0]!)?.statement;
    const detail = err instanceof CheckFailure ? err.detail : {};
    const message = statement ? `${err.message} (spec: ${statement})` : err.message;
    return finish(BREACH[level], message, { expected: detail.expected, actual: detail.actual });
  }
  const e = err as Error;
  return finish('error', `harness error: ${e?.stack ?? String(err)}`);
}

function strongest(levels: RequirementLevel[]): RequirementLevel {
  if (levels.includes('required')) return 'required';
  if (levels.includes('recommended')) return 'recommended';
  return 'informational';
}

class CheckTimeout extends Error {
  override name = 'CheckTimeout';
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout(`the target did not complete the exchange within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
