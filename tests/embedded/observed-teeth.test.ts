import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RequirementIndex } from '../../harness/catalog/load.ts';
import { engineVersionOf, type SuiteName } from '../../harness/catalog/types.ts';
import type { Outcome } from '../../harness/check/outcome.ts';
import type { CheckRecord } from '../../harness/check/types.ts';
import { observedResults } from '../../harness/judge/observed-results.ts';
import { observedCheckId, ruleRequirement } from '../../harness/judge/suite-judge.ts';
import type { ExchangeRule } from '../../harness/judge/exchange-judge.ts';
import type { CloudFaultName } from '../../reference/cloud/faults.ts';
import type { EngineFaultName } from '../../reference/engine/faults.ts';
import { cloudChecks } from '../../suites/cloud/all-checks.ts';
import { ENGINE_SECTIONS } from '../../suites/engine/all-checks.ts';
import { runAgainstEmbeddedCloud } from '../../harness/embedded/cloud.ts';
import { EmbeddedEngine } from '../../harness/embedded/engine.ts';
import { ProofRecorder } from '../support/proof-recorder.ts';

/**
 * The judge of every exchange has teeth too: a check runs against a reference target whose fault
 * breaks an answer rule the check itself does not state, and the judge's results computed over its
 * exchanges must fail naming the rule's requirement (a proof of that requirement).
 */
type ObservedTeeth = ({ suite: Exclude<SuiteName, 'cloud'>; fault: EngineFaultName } | { suite: 'cloud'; fault: CloudFaultName }) & {
  /** A check whose exchanges meet the broken answer. */
  via: string;
  rule: ExchangeRule;
};

const TEETH: ObservedTeeth[] = [
  { suite: 'engine-1.22', fault: 'export-wrong-content-type', via: 'engine/containers/export/content-type-octet-stream', rule: 'content-type-documented' },
  { suite: 'engine-1.18', fault: 'export-wrong-content-type', via: 'engine/containers/export/content-type-octet-stream', rule: 'content-type-documented' },
  // 1.18 errors are plain text: the create answer is one whose shape only the general rule states.
  { suite: 'engine-1.18', fault: 'create-no-Warnings', via: 'engine/containers/rename/204-renamed', rule: 'shape-documented' },
  { suite: 'engine-1.22', fault: 'archive-errors-text', via: 'engine/containers/archive-get/404-no-such-container', rule: 'shape-documented' },
  // A bad query parameter where only 500 is listed: the sweep leaves an unlisted code to the judge.
  {
    suite: 'engine-1.22',
    fault: 'filters-not-json-400',
    via: 'engine/errors/500-server-error/bad-parameter-where-only-listed/volumes/list/filters-not-json',
    rule: 'status-documented',
  },
  { suite: 'cloud', fault: 'field-missing:service', via: 'cloud/service/get/returns-service', rule: 'shape-documented' },
  // A create that reads no action: only the judge sees its 201 without the action header.
  { suite: 'cloud', fault: 'no-action-header', via: 'cloud/service/create/returns-service', rule: 'headers-documented' },
];

const engineChecks = new Map(
  Object.values(ENGINE_SECTIONS)
    .flat()
    .map((c) => [c.id, c]),
);
const cloudById = new Map(cloudChecks.map((c) => [c.id, c]));
const index = RequirementIndex.load();

describe('the judge of every exchange fails the answer rule a fault breaks', () => {
  const proofs = new ProofRecorder('engine', 'proofs.observed');
  const cloudProofs = new ProofRecorder('cloud', 'proofs.observed');
  let engine: EmbeddedEngine;
  beforeAll(async () => {
    engine = await EmbeddedEngine.start();
  }, 120_000);
  afterAll(() => engine?.close());

  test.each(TEETH.map((t) => [`${t.suite} ${t.fault} → ${t.rule}`, t] as const))('%s', async (_name, t) => {
    const outcome = await runVia(t);
    // The judge's verdict is the subject: the via check's own verdict (it may notice the fault too,
    // and then the judge leaves the report to it) is set aside, as if it had not looked.
    const record: CheckRecord = { id: t.via, suite: t.suite, title: t.via, requirements: [], outcome: { ...outcome, status: 'passed', breaches: undefined } };
    const requirement = ruleRequirement(t.suite, t.rule);
    const departed = observedResults([t.suite], [record], index).filter((r) => r.id.endsWith(`/${t.rule}`) && r.requirements.includes(requirement));
    expect(
      departed.map((r) => `${r.outcome} ${r.message}`),
      `${t.fault} via ${t.via}`,
    ).not.toEqual([]);
    const judged = {
      status: departed[0]!.outcome,
      message: departed[0]!.message,
      breaches: departed[0]!.breaches,
      observations: [],
      transcript: [],
      durationMs: 0,
    } as Outcome;
    (t.suite === 'cloud' ? cloudProofs : proofs).record(t.suite, t.fault, observedCheckId(t.suite, t.rule), judged);
    expect(['failed', 'warning', 'informational']).toContain(judged.status);
  });

  proofs.registerCompletenessTest();
  cloudProofs.registerCompletenessTest();

  async function runVia(t: ObservedTeeth): Promise<Outcome> {
    if (t.suite === 'cloud') return (await runAgainstEmbeddedCloud({ faults: [t.fault], checks: [cloudById.get(t.via)!] })).get(t.via)!;
    const version = engineVersionOf(t.suite);
    return (await engine.run({ faults: [t.fault], version, checks: [engineChecks.get(t.via)!] })).get(t.via)!;
  }
});
