/** The batch loop both embedded runners share: checks `concurrency` at a time, until one of them says stop. */
import type { Outcome } from '../check/outcome.ts';

export interface BatchOptions {
  /** Checks at once (default 1: one after another). */
  concurrency?: number;
  /** Called as each check ends; true starts no further check (a mutant's first kill). */
  stopAfter?: (id: string, outcome: Outcome) => boolean;
  /** The first check runs by itself before the others start: it sees the target as the batch found it, none of their resources. */
  leadAlone?: boolean;
}

export async function runChecks<C extends { id: string }>(
  checks: readonly C[],
  runOne: (check: C) => Promise<Outcome>,
  opts: BatchOptions,
): Promise<Map<string, Outcome>> {
  const outcomes = new Map<string, Outcome>();
  let next = 0;
  let stopped = false;
  const runNext = async (): Promise<void> => {
    const check = checks[next++]!;
    const outcome = await runOne(check);
    outcomes.set(check.id, outcome);
    if (opts.stopAfter?.(check.id, outcome)) stopped = true;
  };
  const lane = async (): Promise<void> => {
    while (!stopped && next < checks.length) await runNext();
  };
  if (opts.leadAlone && checks.length) await runNext();
  await Promise.all(Array.from({ length: Math.max(1, opts.concurrency ?? 1) }, lane));
  return outcomes;
}
