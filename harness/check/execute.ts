import type { Requirement, RequirementLevel } from '../catalog/types.ts';
import { TargetError } from '../target/errors.ts';
import type { CheckContext } from './context.ts';
import type { Breach, Outcome, OutcomeStatus } from './outcome.ts';
import { sourceStack } from './source-stack.ts';
import { CheckFailure, CheckNotApplicable, CheckSkipped, requirementIds } from './signals.ts';
import type { Check } from './types.ts';

export interface ExecuteOptions {
  /** Looks up a requirement by id (level and statement drive the grading). */
  requirement(id: string): Requirement | undefined;
  /** The most a check may take; past it the target is taken not to answer. */
  checkTimeoutMs: number;
}

/** What a breach of a requirement of each level is graded as (checks and the judge of every exchange alike). */
export const BREACH: Record<RequirementLevel, OutcomeStatus> = {
  required: 'failed',
  recommended: 'warning',
  informational: 'informational',
};

/** The message of a check that ran to its end without evaluating anything about its subject. */
export const VERIFIED_NOTHING = 'the check verified nothing: it evaluated no expectation about its subject (a defect of the suite, never a pass)';

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
    verified: ctx.verified,
    ...(Object.keys(ctx.exchanges.judged).length ? { exchanges: ctx.exchanges } : {}),
    ...extra,
    durationMs: Date.now() - started,
  });

  const unknown = check.requirements.filter((id) => !options.requirement(id));
  if (unknown.length) return finish('error', `check names unknown requirement(s): ${unknown.join(', ')}`);
  const grader = new Grader(check, options);

  let outcome: Outcome;
  try {
    const reason = check.notApplicable?.(ctx);
    if (reason) throw new CheckNotApplicable(reason);
    await withTimeout(check.run(ctx), options.checkTimeoutMs);
    outcome = grader.completed(ctx, finish);
  } catch (err) {
    outcome = grader.stopped(err, ctx, finish);
  }
  const cleanupErrors = await ctx.runCleanups();
  for (const message of cleanupErrors) outcome.observations.push(`cleanup: ${message}`);
  outcome.durationMs = Date.now() - started;
  return outcome;
}

type Finish = (status: OutcomeStatus, message: string, extra?: Partial<Outcome>) => Outcome;

/** Grades a check's end by the levels of the requirements its breaches name. */
class Grader<C> {
  constructor(
    private readonly check: Check<C>,
    private readonly options: ExecuteOptions,
  ) {}

  private get informationalOnly(): boolean {
    return this.check.requirements.every((id) => this.options.requirement(id)?.level === 'informational');
  }

  /** The check ran to its end: breaches it collected fail it, and so does having verified nothing. */
  completed(ctx: CheckContext, finish: Finish): Outcome {
    if (ctx.breaches.length) return this.breached(ctx.breaches, true, finish);
    if (this.informationalOnly) return finish('informational', ctx.observations.join('; ') || 'observed; the spec states no rule here');
    if (ctx.verified === 0 && ctx.unverifiable.length) return finish('skipped', `unverified: ${ctx.unverifiable.join('; ')}`);
    if (ctx.verified === 0) return finish('error', VERIFIED_NOTHING);
    return finish('passed', '', { completed: true });
  }

  /** The check ended early: a breach, a verdict it chose (skip, not applicable) or a bug. */
  stopped(err: unknown, ctx: CheckContext, finish: Finish): Outcome {
    // Blocked by a requirement of its own: the check has found that breach itself, and reports it.
    if (err instanceof CheckSkipped && err.blockedBy && this.check.requirements.includes(err.blockedBy)) {
      return this.breached(
        [...ctx.breaches, { requirements: [err.blockedBy], named: true, message: err.message.replace(`blocked by ${err.blockedBy}: `, '') }],
        false,
        finish,
      );
    }
    if (err instanceof CheckSkipped) return finish('skipped', err.message, err.blockedBy ? { blockedBy: err.blockedBy } : {});
    if (err instanceof CheckNotApplicable) return finish('not-applicable', err.message);
    if (err instanceof CheckFailure || err instanceof TargetError || err instanceof CheckTimeout) {
      const detail = err instanceof CheckFailure ? err.detail : {};
      const thrown: Breach = {
        requirements: detail.requirement ? requirementIds(detail.requirement) : [...this.check.requirements],
        named: Boolean(detail.requirement) || this.check.requirements.length === 1 || this.check.oneRule === true,
        message: err.message,
        ...(detail.expected !== undefined ? { expected: detail.expected } : {}),
        ...(detail.actual !== undefined ? { actual: detail.actual } : {}),
      };
      return this.breached([...ctx.breaches, thrown], false, finish);
    }
    const e = err as Error;
    return finish('error', `harness error: ${e?.stack ? sourceStack(e.stack) : String(err)}`);
  }

  private breached(found: Breach[], completed: boolean, finish: Finish): Outcome {
    // Requirements that restate one rule are broken together, whichever of them a breach named.
    const breaches = this.check.oneRule ? found.map((b) => ({ ...b, requirements: [...this.check.requirements], named: true })) : found;
    const named = [...new Set(breaches.flatMap((b) => b.requirements))];
    const level = strongest(named.map((id) => this.options.requirement(id)?.level ?? 'required'));
    const messages = breaches.map((b) => this.withStatement(b));
    const first = breaches[0]!;
    return finish(BREACH[level], messages.join('; '), {
      expected: breaches.length === 1 ? first.expected : breaches.map((b) => b.expected),
      actual: breaches.length === 1 ? first.actual : breaches.map((b) => b.actual),
      breaches,
      completed,
    });
  }

  /**
   * A breach's message with what the target answered, where the message does not say it already,
   * and the spec's sentence of the requirement it names: a message stating the rule alone reads
   * as if the target had kept it.
   */
  private withStatement(breach: Breach): string {
    const statement = this.options.requirement(breach.requirements[0]!)?.statement;
    const message = `${breach.message}${observedPart(breach)}`;
    return statement ? `${message} (spec: ${statement})` : message;
  }
}

/** `: got <actual>` for a breach whose message does not show the value the target answered; empty otherwise. */
export function observedPart(breach: Pick<Breach, 'message' | 'actual'>): string {
  if (breach.actual === undefined) return '';
  const shown = typeof breach.actual === 'string' ? breach.actual : JSON.stringify(breach.actual);
  if (shown === undefined || breach.message.includes(shown) || /\b(got|answered)\b/.test(breach.message)) return '';
  return `: got ${shown.length > 160 ? `${shown.slice(0, 160)}…` : shown}`;
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
