import { describe, expect, test } from 'vitest';
import { CLOUD_FAULTS } from '../../reference/cloud/index.ts';
import { cloudChecks } from '../../suites/cloud/all-checks.ts';
import { runAgainstEmbeddedCloud } from '../support/embedded-cloud.ts';
import { ProofRecorder } from '../support/proof-recorder.ts';
import { CLOUD_TEETH } from './cloud-teeth/index.ts';

const byId = new Map(cloudChecks.map((c) => [c.id, c]));

describe('every cloud check that claims a fault catches it', () => {
  const proofs = new ProofRecorder('cloud');
  test('the teeth table names known faults and known checks', () => {
    const faults = new Set(CLOUD_FAULTS.map((f) => f.name));
    for (const t of CLOUD_TEETH) {
      expect(faults.has(t.fault), `unknown fault ${t.fault}`).toBe(true);
      for (const id of t.catches) expect(byId.has(id), `unknown check ${id}`).toBe(true);
    }
  });

  test.concurrent.each(CLOUD_TEETH.map((t) => [t.fault, t] as const))('fault %s is caught', async (_name, teeth) => {
    const checks = teeth.catches.map((id) => byId.get(id)!);
    const outcomes = await runAgainstEmbeddedCloud({ faults: [teeth.fault], checks, strictLevels: true });
    for (const id of teeth.catches) {
      const outcome = outcomes.get(id)!;
      proofs.record('cloud', teeth.fault, id, outcome);
      expect(['failed', 'warning'], `${id} against fault ${teeth.fault}: ${outcome.status} ${outcome.message}`).toContain(outcome.status);
    }
  });

  proofs.registerCompletenessTest();
});
