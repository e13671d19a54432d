import type { SuiteName } from '../catalog/types.ts';
import type { Outcome } from './outcome.ts';

/**
 * A conformance check: small, reads like the sentence of the spec it verifies, and names the
 * requirement(s) it verifies. `run` states the rule through the context's expectations; the
 * harness does the plumbing and grades the outcome by the requirements' levels.
 */
export interface Check<C> {
  /** Unique check id; by convention the main requirement id, with a suffix when several checks share it. */
  id: string;
  title: string;
  /** Every requirement the check verifies (see CheckDefinition for how a suite writes it). */
  requirements: string[];
  /**
   * The requirements restate one rule in different places of the spec (an endpoint's status code
   * and the state table's row for it): every breach breaks each of them. Without it, a check of
   * several requirements names the one each expectation is about.
   */
  oneRule?: boolean;
  /** The catalog endpoint the check exercises, when there is one. */
  endpoint?: string;
  /**
   * Runs alone, never beside other checks: for rules about timing (restart back-off, stop
   * timeouts) that a busy target would blur.
   */
  serial?: boolean;
  /**
   * Takes seconds on a real target whatever its load (a daemon that looks for a plugin for 15 s,
   * a check that builds every state): registered first in its file, so the file's other checks
   * run beside it rather than after it.
   */
  long?: boolean;
  /**
   * The check needs a control only the embedded reference target offers (why, in a few words):
   * against any other target it ends skipped with that cause, and the catalog does not count it
   * as covering (nor proving) its requirements: it covers them on the reference only.
   */
  referenceOnly?: string;
  /** Returns a reason when the check cannot apply to this run (the outcome is not-applicable). */
  notApplicable?: (ctx: C) => string | undefined;
  run(ctx: C): Promise<void>;
}

/**
 * A check as a suite file writes it. `requirements` is left out when the check verifies exactly
 * the requirement its id names; otherwise it lists every requirement the check verifies, the
 * one its id names included (a check whose id carries a suffix, `/property` or `/exited`, is
 * not a requirement of its own and always lists them).
 */
export type CheckDefinition<C> = Omit<Check<C>, 'requirements'> & { requirements?: string[] };

/** The check of a definition: its requirements default to the one its id names. */
export function defineCheck<C, D extends CheckDefinition<C>>(definition: D): D & { requirements: string[] } {
  return { ...definition, requirements: definition.requirements ?? [definition.id] };
}

/** What the report keeps of one executed check. */
export interface CheckRecord {
  id: string;
  suite: SuiteName;
  title: string;
  requirements: string[];
  endpoint?: string;
  /** The check's Check.referenceOnly: it verifies its requirements through a control of the embedded reference only. */
  referenceOnly?: string;
  outcome: Outcome;
}
