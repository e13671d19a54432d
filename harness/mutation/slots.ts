/**
 * Where mutants run: embedded reference targets, one per slot, each running a batch of checks one
 * after another under one mutation hook. The engine's daemons (with their fixture image) are kept
 * and swept between batches; a cloud service is started anew for each batch.
 */
import { EmbeddedEnginePool } from '../embedded/engine.ts';
import { runAgainstEmbeddedCloud } from '../embedded/cloud.ts';
import { engineVersionOf, type SuiteName } from '../catalog/types.ts';
import type { Outcome } from '../check/outcome.ts';
import type { EngineCheck } from '../../suites/engine/support/check.ts';
import type { CloudCheck } from '../../suites/cloud/support/check.ts';
import type { MutationHook } from './hook.ts';
import type { BatchOptions } from '../embedded/run-checks.ts';

export type SuiteCheck = EngineCheck | CloudCheck;

export interface Slots {
  /** Runs the checks under the hook on a free slot, as the batch options say. */
  run(checks: SuiteCheck[], hook: MutationHook, batch?: BatchOptions): Promise<Map<string, Outcome>>;
  close(): Promise<void>;
}

/** How long a check may wait on a mutated target before it counts as timed out (a kill); the engine pool's own default is the same. */
export const MUTANT_CHECK_TIMEOUT_MS = 5000;

export function slotsFor(suite: SuiteName, size: number): Slots {
  if (suite === 'cloud') return cloudSlots(size);
  const pool = new EmbeddedEnginePool(size);
  const version = engineVersionOf(suite);
  return {
    run: (checks, mutation, batch) => pool.run({ version, checks: checks as EngineCheck[], mutation, ...(batch ? { batch } : {}) }),
    close: () => pool.close(),
  };
}

function cloudSlots(size: number): Slots {
  const limit = new Limit(size);
  return {
    run: (checks, mutation, batch) =>
      limit.run(() => runAgainstEmbeddedCloud({ checks: checks as CloudCheck[], mutation, timeoutMs: MUTANT_CHECK_TIMEOUT_MS, ...(batch ? { batch } : {}) })),
    close: async () => {},
  };
}

/** At most `size` tasks at once; the others wait their turn. */
export class Limit {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly size: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      return await task();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}
