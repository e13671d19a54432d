import { describe, expect, test } from 'vitest';
import type { Outcome } from '../../harness/check/outcome.ts';
import { CLOUD_FAULTS, type CloudFaultName } from '../../reference/cloud/index.ts';
import { cloudChecks } from '../../suites/cloud/all-checks.ts';
import { runAgainstEmbeddedCloud } from '../../harness/embedded/cloud.ts';
import { limit } from '../support/limit.ts';
import { missedAny } from '../support/missed-window.ts';
import { ProofRecorder } from '../support/proof-recorder.ts';
import { registerKnownNamesTest } from '../support/teeth-table.ts';
import { CLOUD_TEETH, TEETH_CONCURRENCY } from './cloud-teeth/index.ts';
import type { CloudTeeth } from './cloud-teeth/types.ts';

const byId = new Map(cloudChecks.map((c) => [c.id, c]));
/**
 * Runs side by side, at most TEETH_CONCURRENCY at once: they mostly wait on simulated work, but
 * transitional states last ~100 ms and a check on a busy event loop misses them.
 */
const side = limit(TEETH_CONCURRENCY);

/**
 * Faults whose checks each set up all they look at, and whose sum is long: each check runs
 * against a target of its own. The checks of other faults run one after another against one
 * target, as listed: some look at what the ones before them left (under filter-state-ignored,
 * nodecluster/list/filter-combinations draws its filter values from the clusters there are, and
 * on a fresh target its own cluster is the only one, which no state filter tells apart). The
 * action date filters are held to catch their fault from their own actions alone.
 */
const APART = new Set<CloudFaultName>(['states-not-enforced', 'action-stuck-in-progress', 'blind-end-date-filter-reads-start']);

/** Faults with a check that waits out a deadline of the suite (what it waits for never comes): started first. */
const SLOW = new Set<CloudFaultName>([
  'action-stuck-in-progress',
  'every-node-skips-new-nodes',
  'blind34-every-node-deployed-cluster-skipped',
  'blind26-every-node-skips-busy-nodes',
  'service-create-starts',
  'states-not-enforced',
]);
const ORDERED = [...CLOUD_TEETH.filter((t) => SLOW.has(t.fault)), ...CLOUD_TEETH.filter((t) => !SLOW.has(t.fault))];

function runTeeth(teeth: CloudTeeth): Promise<Map<string, Outcome>>[] {
  return APART.has(teeth.fault) ? teeth.catches.map((id) => runChecks(teeth.fault, [id])) : [runChecks(teeth.fault, teeth.catches)];
}

/** A run whose check missed its window (tests/support/missed-window.ts) is made again. */
const ATTEMPTS = 3;

/**
 * The refusal rows of transitional states act within the state's window, and under this fault
 * they need three acceptances that came while its work still ran: at three times the durations
 * the window outlasts a loaded machine's answers (in `.ci/run`, beside Podman's run, the
 * stopping-rejects-redeploy row once proved 2 of 6 at the default pace).
 */
const PACE: Partial<Record<CloudFaultName, number>> = { 'states-not-enforced': 3 };
/**
 * A run made again because a window passed unseen goes at this pace: with six busy loops beside
 * the teeth, the In progress and Canceling rows of the action checks missed their windows at the
 * default pace in one run of three.
 */
const AGAIN_PACE = 3;

async function runChecks(fault: CloudFaultName, ids: string[]): Promise<Map<string, Outcome>> {
  const checks = ids.map((id) => byId.get(id)!);
  for (let attempt = 1; ; attempt++) {
    const timeScale = attempt === 1 ? PACE[fault] : Math.max(PACE[fault] ?? 1, AGAIN_PACE);
    const outcomes = await side(() => runAgainstEmbeddedCloud({ faults: [fault], checks, strictLevels: true, timeScale }));
    if (attempt === ATTEMPTS || ![...outcomes.values()].some(missedAny)) return outcomes;
  }
}

describe('every cloud check that claims a fault catches it', () => {
  const proofs = new ProofRecorder('cloud');
  registerKnownNamesTest('the teeth table names known faults and known checks', CLOUD_TEETH, CLOUD_FAULTS, byId);

  test.concurrent.each(ORDERED.map((t) => [t.fault, t] as const))('fault %s is caught', async (_name, teeth) => {
    const outcomes = new Map((await Promise.all(runTeeth(teeth))).flatMap((run) => [...run]));
    for (const id of teeth.catches) {
      const outcome = outcomes.get(id)!;
      proofs.record('cloud', teeth.fault, id, outcome);
      expect(['failed', 'warning'], `${id} against fault ${teeth.fault}: ${outcome.status} ${outcome.message}`).toContain(outcome.status);
    }
  });

  proofs.registerCompletenessTest();
});
