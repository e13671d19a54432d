import { isDeepStrictEqual } from 'node:util';
import { TargetError } from '../target/errors.ts';
import type { HttpResponse } from '../target/http-transport.ts';
import { Transcript } from '../target/transcript.ts';
import type { SchemaSet, SchemaValidator } from '../schema/validator.ts';
import type { ExchangeJudge, JudgedAnswer } from '../judge/exchange-judge.ts';
import type { Breach, JudgedExchanges } from './outcome.ts';
import { CheckFailure, CheckNotApplicable, CheckSkipped, requirementIds, type FailureDetail, type RequirementRef } from './signals.ts';

/** What every check context is built from. */
export interface ContextBase {
  seed: number;
  schemas: SchemaValidator;
  timeoutMs: number;
  /** Judges every answer against the catalog, whatever the check asked for. */
  judge?: ExchangeJudge;
}

/**
 * The vocabulary checks use to state rules. Each expectation throws a CheckFailure carrying what
 * was expected and what came back; the transcript of the exchanges is attached by the harness.
 */
export class CheckContext {
  readonly transcript = new Transcript();
  readonly observations: string[] = [];
  /** Breaches recorded by verify() without ending the check; the harness fails it with all of them. */
  readonly breaches: Breach[] = [];
  /** Every answer received, judged against the catalog (not a verdict of this check: see harness/judge/). */
  readonly exchanges: JudgedExchanges = { judged: {}, findings: [] };
  /** Expectations evaluated about the check's subject (set-up steps do not count). */
  verified = 0;
  /** Why a comparison the check meant to make could not be made (the check ends unverified when it verified nothing else). */
  readonly unverifiable: string[] = [];
  private setUpDepth = 0;
  private readonly cleanups: Array<() => Promise<void> | void> = [];
  /** Set by property-based checks so the report can name the seed to replay. */
  usedSeed: number | undefined;

  constructor(readonly base: ContextBase) {}

  get seed(): number {
    return this.base.seed;
  }

  /** Records an observation that does not change the verdict ("not shown" behaviour, extras). */
  observe(message: string): void {
    if (!this.observations.includes(message)) this.observations.push(message);
  }

  fail(message: string, detail: FailureDetail = {}): never {
    this.count();
    throw new CheckFailure(message, detail);
  }

  /**
   * Records a breach of `detail.requirement` and lets the check go on, so that a check comparing
   * several fields reports every mismatch and fails only the requirements whose fields mismatched.
   * Returns the condition.
   */
  verify(condition: boolean, message: string, detail: FailureDetail & { requirement: RequirementRef }): boolean {
    this.count();
    if (!condition) {
      const { requirement, expected, actual } = detail;
      this.breaches.push({
        requirements: requirementIds(requirement),
        named: true,
        message,
        ...(expected !== undefined ? { expected } : {}),
        ...(actual !== undefined ? { actual } : {}),
      });
    }
    return condition;
  }

  skip(reason: string): never {
    throw new CheckSkipped(reason);
  }

  /**
   * One comparison cannot be made (the target's answer does not show what it would compare) and
   * the spec does not make that a breach: observed, and the check ends unverified with this cause
   * if it verified nothing else, instead of the harness's "verified nothing" error.
   */
  cannotVerify(cause: string): void {
    this.observe(cause);
    if (!this.unverifiable.includes(cause)) this.unverifiable.push(cause);
  }

  /**
   * The check's rule cannot be verified here: a precondition did not hold (a set-up operation the
   * target refused, which its own check reports) or the host cannot do what the rule needs (a
   * refused capability, a kernel without the feature). Skipped with the cause, never failed.
   */
  unverified(cause: string): never {
    throw new CheckSkipped(`unverified: ${cause}`);
  }

  /**
   * The check cannot be made because the target already broke `requirement` in its set-up (a
   * cascade): the check is skipped naming that cause, and the breach is reported once, by the
   * check that verifies it.
   */
  blockedBy(requirement: string, reason: string): never {
    throw new CheckSkipped(`blocked by ${requirement}: ${reason}`, requirement);
  }

  /**
   * A precondition of the check (a set-up operation the target must have accepted, a state it
   * must have reached): when it does not hold the check is skipped naming the cause, never failed.
   * `requirement` is the one whose check reports the refused operation; without one the check
   * ends unverified.
   */
  precondition(holds: boolean, what: string, requirement?: string): void {
    if (!holds) this.preconditionUnmet(what, requirement);
  }

  /** A precondition that did not hold (see precondition()): blocked by `requirement`, or unverified without one. */
  preconditionUnmet(what: string, requirement?: string): never {
    return requirement ? this.blockedBy(requirement, what) : this.unverified(`precondition: ${what}`);
  }

  /**
   * Runs set-up steps: their expectations do not count as verifying the check's subject, and a
   * breach inside them (or an answer the transport rejects) blocks the check naming `requirement`
   * as the cause instead of failing it. Without a requirement, breaches fail the check as usual.
   */
  async setUp<T>(work: () => Promise<T>, requirement?: string): Promise<T> {
    this.setUpDepth++;
    try {
      return await work();
    } catch (err) {
      if (requirement && (err instanceof CheckFailure || err instanceof TargetError)) this.blockedBy(requirement, (err as Error).message);
      throw err;
    } finally {
      this.setUpDepth--;
    }
  }

  notApplicable(reason: string): never {
    throw new CheckNotApplicable(reason);
  }

  expect(condition: boolean, message: string, detail: FailureDetail = {}): void {
    this.count();
    if (!condition) this.fail(message, detail);
  }

  expectEqual<T>(actual: T, expected: T, message: string, requirement?: RequirementRef): void {
    this.count();
    if (!isDeepStrictEqual(actual, expected)) this.fail(message, { expected, actual, requirement });
  }

  /** The status code rule of an endpoint: `expected` is one code or the accepted codes. */
  expectStatus(res: HttpResponse, expected: number | number[], rule: string, requirement?: RequirementRef): void {
    const accepted = Array.isArray(expected) ? expected : [expected];
    this.count();
    if (!accepted.includes(res.status)) {
      this.fail(`${rule}: expected status ${accepted.join(' or ')}, got ${res.status}`, {
        expected: accepted.length === 1 ? accepted[0] : accepted,
        actual: { status: res.status, body: res.text().slice(0, 500) },
        requirement,
      });
    }
  }

  /**
   * Validates a value against a schema: problems fail the check, undocumented fields are
   * observations. Returns the value typed as T for the check to read on.
   */
  expectSchema<T = Record<string, unknown>>(set: SchemaSet, schema: string, value: unknown, what: string, requirement?: RequirementRef): T {
    this.count();
    const findings = this.base.schemas.validate(set, schema, value);
    const problems = findings.filter((f) => f.kind === 'problem');
    for (const extra of findings.filter((f) => f.kind === 'extra')) this.observe(`${what}: ${extra.message}`);
    if (problems.length) {
      this.fail(`${what} does not match the ${set} '${schema}' schema: ${problems.map((p) => p.message).join('; ')}`, {
        expected: `a value valid against schemas/${set}/${schema}.json`,
        actual: problems.map((p) => p.message),
        requirement,
      });
    }
    return value as T;
  }

  /** Parses a JSON body or fails the check: a body that should be JSON and is not is a breach. */
  expectJson<T = unknown>(res: HttpResponse, what: string, requirement?: RequirementRef): T {
    try {
      return JSON.parse(res.text()) as T;
    } catch {
      return this.fail(`${what}: the body is not JSON`, { expected: 'a JSON body', actual: res.text().slice(0, 300), requirement });
    }
  }

  /** Judges an answer the check received (the API helpers call this for every buffered exchange). */
  judgeAnswer(method: string, path: string, answer: JudgedAnswer): void {
    if (!this.base.judge) return;
    const { endpoint, findings, observations } = this.base.judge.judge(method, path, answer);
    for (const note of observations ?? []) this.observe(note);
    if (endpoint) this.exchanges.judged[endpoint] = (this.exchanges.judged[endpoint] ?? 0) + 1;
    // One finding per endpoint, rule and status: a second status the endpoint does not list is a departure of its own.
    for (const f of findings) {
      if (!this.exchanges.findings.some((g) => g.endpoint === f.endpoint && g.rule === f.rule && g.status === f.status)) this.exchanges.findings.push(f);
    }
  }

  /** One more expectation evaluated about the subject, unless in a set-up step. */
  private count(): void {
    if (this.setUpDepth === 0) this.verified++;
  }

  /** Registers work to undo after the check, also when it fails (resources it created). */
  defer(cleanup: () => Promise<void> | void): void {
    this.cleanups.push(cleanup);
  }

  /** Runs the deferred cleanups, newest first; returns the errors instead of throwing. */
  async runCleanups(): Promise<string[]> {
    const errors: string[] = [];
    while (this.cleanups.length) {
      const cleanup = this.cleanups.pop()!;
      try {
        await cleanup();
      } catch (err) {
        errors.push((err as Error).message);
      }
    }
    return errors;
  }
}
