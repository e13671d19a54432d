import { describe, expect, test } from 'vitest';
import { ENGINE_FAULTS } from '../../reference/engine/index.ts';
import { ENGINE_SECTIONS } from '../../suites/engine/all-checks.ts';
import { runAgainstEmbedded } from '../support/embedded-engine.ts';
import { ProofRecorder } from '../support/proof-recorder.ts';
import { ENGINE_TEETH } from './teeth/index.ts';

const ALL_CHECKS = Object.values(ENGINE_SECTIONS).flat();
const byId = new Map(ALL_CHECKS.map((c) => [c.id, c]));

describe('every engine check that claims a fault catches it', () => {
  const proofs = new ProofRecorder('engine');
  test('the teeth table names known faults and known checks', () => {
    const faults = new Set(ENGINE_FAULTS.map((f) => f.name));
    for (const t of ENGINE_TEETH) {
      expect(faults.has(t.fault), `unknown fault ${t.fault}`).toBe(true);
      for (const id of t.catches) expect(byId.has(id), `unknown check ${id}`).toBe(true);
    }
  });

  test.each(ENGINE_TEETH.map((t) => [t.fault, t] as const))('fault %s is caught', async (_name, teeth) => {
    const checks = teeth.catches.map((id) => byId.get(id)!);
    const outcomes = await runAgainstEmbedded({ faults: [teeth.fault], version: teeth.version, checks });
    for (const id of teeth.catches) {
      const outcome = outcomes.get(id)!;
      proofs.record(`engine-${teeth.version}`, teeth.fault, id, outcome);
      expect(['failed', 'warning'], `${id} against fault ${teeth.fault}: ${outcome.status} ${outcome.message}`).toContain(outcome.status);
    }
  });

  proofs.registerCompletenessTest();
});
