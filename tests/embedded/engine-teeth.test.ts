import { afterAll, describe, expect, test } from 'vitest';
import type { EngineVersion } from '../../harness/catalog/types.ts';
import type { Outcome } from '../../harness/check/outcome.ts';
import { ENGINE_FAULTS, type EngineFaultName } from '../../reference/engine/index.ts';
import { ENGINE_SECTIONS, engineChecksFor } from '../../suites/engine/all-checks.ts';
import { EmbeddedEnginePool } from '../support/embedded-engine.ts';
import { ProofRecorder, UPDATE_PROOFS } from '../support/proof-recorder.ts';
import { ENGINE_TEETH, TEETH_CONCURRENCY } from './teeth/index.ts';
import type { Teeth } from './teeth/types.ts';

const ALL_CHECKS = Object.values(ENGINE_SECTIONS).flat();
const byId = new Map(ALL_CHECKS.map((c) => [c.id, c]));
const inVersion: Record<EngineVersion, Set<string>> = {
  '1.18': new Set(engineChecksFor('1.18').map((c) => c.id)),
  '1.22': new Set(engineChecksFor('1.22').map((c) => c.id)),
};
const other = (v: EngineVersion): EngineVersion => (v === '1.18' ? '1.22' : '1.18');

describe('every engine check that claims a fault catches it', () => {
  const proofs = new ProofRecorder('engine');
  // Side by side: a teeth run mostly waits, up to a check's deadline, for what a faulted target never sends.
  const target = new EmbeddedEnginePool(TEETH_CONCURRENCY);
  afterAll(() => target.close());

  test('the teeth table names known faults and known checks', () => {
    const faults = new Set(ENGINE_FAULTS.map((f) => f.name));
    for (const t of ENGINE_TEETH) {
      expect(faults.has(t.fault), `unknown fault ${t.fault}`).toBe(true);
      for (const id of t.catches) expect(byId.has(id), `unknown check ${id}`).toBe(true);
    }
  });

  test.concurrent.each(ENGINE_TEETH.map((t) => [t.fault, t] as const))('fault %s is caught', async (_name, teeth) => {
    const [outcomes] = await Promise.all([runApart(teeth.fault, teeth.version, teeth.catches), proveInOtherVersion(teeth)]);
    for (const id of teeth.catches) {
      const outcome = outcomes.get(id)!;
      proofs.record(`engine-${teeth.version}`, teeth.fault, id, outcome);
      expect(['failed', 'warning'], `${id} against fault ${teeth.fault}: ${outcome.status} ${outcome.message}`).toContain(outcome.status);
    }
  });

  /**
   * Each check under the fault in a run of its own, on a daemon of its own, side by side: the
   * checks of one fault add up otherwise (attach-stdin-dropped: five checks that each wait ~10 s
   * on a stream that never answers). Each check's outcome is its own in either case.
   */
  async function runApart(fault: EngineFaultName, version: EngineVersion, ids: string[]): Promise<Map<string, Outcome>> {
    const runs = ids.map(async (id) => [id, (await target.run({ faults: [fault], version, checks: [byId.get(id)!] })).get(id)!] as const);
    return new Map(await Promise.all(runs));
  }

  /**
   * A fault listed for one version often breaks the same rule in the other: its proofs there are
   * found (UPDATE_PROOFS=1) and verified (when listed) without requiring that the checks catch it.
   */
  async function proveInOtherVersion(teeth: Teeth): Promise<void> {
    const version = other(teeth.version);
    const ids = teeth.catches.filter((id) => inVersion[version].has(id) && (UPDATE_PROOFS || proofs.lists(`engine-${version}`, teeth.fault, id)));
    const outcomes = await runApart(teeth.fault, version, ids);
    for (const id of ids) proofs.record(`engine-${version}`, teeth.fault, id, outcomes.get(id)!);
  }

  proofs.registerCompletenessTest();
});
