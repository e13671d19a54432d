/**
 * State tables: which operations each state allows. An operation a state does not allow is
 * rejected with 409 and changes nothing. Operations a table never names (PATCH updates, service
 * scale, container redeploy) are allowed in every state that is neither transitional nor
 * terminated: see `stableStates`.
 */
import type { CloudDecisions } from '../../../harness/mutation/apply-cloud.ts';
import { conflict } from '../http/errors.ts';

export type StateTable<S extends string, O extends string> = Readonly<Record<S, readonly O[]>>;

export function allows<S extends string, O extends string>(table: StateTable<S, O>, state: S, op: O): boolean {
  return table[state].includes(op);
}

/** Throws 409 unless `allowed` (the table's verdict, possibly overridden by a fault). */
export function requireAllowed(allowed: boolean, what: string, state: string, op: string): void {
  if (!allowed) throw conflict(`${what} in state '${state}' does not allow ${op}`);
}

/** The table's verdict on an operation in `state` as the mutant under test has it (the one hook). */
export function verdictOf(decisions: CloudDecisions | undefined, state: string, allowed: boolean): boolean {
  return decisions ? decisions.allows(state, allowed) : allowed;
}
