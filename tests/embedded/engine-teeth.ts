import { afterAll, describe, expect, test } from 'vitest';
import type { EngineVersion } from '../../harness/catalog/types.ts';
import type { Outcome } from '../../harness/check/outcome.ts';
import { loadProofFile } from '../../harness/catalog/proofs.ts';
import { ENGINE_FAULTS, type EngineFaultName } from '../../reference/engine/index.ts';
import { ENGINE_SECTIONS, engineChecksFor } from '../../suites/engine/all-checks.ts';
import { EmbeddedEnginePool } from '../../harness/embedded/engine.ts';
import { ProofRecorder, UPDATE_PROOFS, type ProofScope } from '../support/proof-recorder.ts';
import { registerKnownNamesTest } from '../support/teeth-table.ts';
import { ENGINE_TEETH, TEETH_CONCURRENCY } from './teeth/index.ts';
import type { Teeth } from './teeth/types.ts';

/**
 * The engine teeth run in this many files (engine-teeth-<n>.test.ts), each a process of its own:
 * a file runs the checks and the faulted daemons in one thread, and the whole table kept one core
 * busy for ~55 s while the other was half idle.
 */
const ENGINE_TEETH_PARTS = 2;

/** The rows of the teeth table that part `part` (1-based) runs: every ENGINE_TEETH_PARTS-th row. */
function teethOfPart(part: number): Teeth[] {
  return ENGINE_TEETH.filter((_, i) => i % ENGINE_TEETH_PARTS === part - 1);
}

const pairKey = (fault: string, check: string): string => `${fault}\u0000${check}`;

/** Whether a proof's (fault, check) pair is one the rows run. */
function runByRows(rows: readonly Teeth[]): ProofScope {
  const pairs = new Set(rows.flatMap((t) => t.catches.map((check) => pairKey(t.fault, check))));
  return (p) => pairs.has(pairKey(p.fault, p.check));
}

const ALL_CHECKS = Object.values(ENGINE_SECTIONS).flat();
const byId = new Map(ALL_CHECKS.map((c) => [c.id, c]));
const inVersion: Record<EngineVersion, Set<string>> = {
  '1.18': new Set(engineChecksFor('1.18').map((c) => c.id)),
  '1.22': new Set(engineChecksFor('1.22').map((c) => c.id)),
};
const other = (v: EngineVersion): EngineVersion => (v === '1.18' ? '1.22' : '1.18');

/**
 * Registers the teeth of one part: each (fault, check) pair of its rows run under the fault, and
 * the proofs listed for those pairs verified (catalog/engine/proofs.json).
 */
export function engineTeethPart(part: number): void {
  describe(`every engine check that claims a fault catches it (part ${part} of ${ENGINE_TEETH_PARTS})`, () => registerPart(part));
}

function registerPart(part: number): void {
  const rows = teethOfPart(part);
  const proofs = new ProofRecorder('engine', 'proofs', runByRows(rows));
  // Side by side: a teeth run mostly waits, up to a check's deadline, for what a faulted target never sends.
  const target = new EmbeddedEnginePool(TEETH_CONCURRENCY);
  afterAll(() => target.close());

  registerKnownNamesTest('the teeth rows name known faults and known checks', rows, ENGINE_FAULTS, byId);

  // The rows that run alone first, one after another (Teeth.alone); then the others side by side.
  const named = (list: Teeth[]) => list.map((t) => [t.fault, t] as const);
  test.each(named(rows.filter((t) => t.alone)))('fault %s is caught', (_name, teeth) => caught(teeth));
  test.concurrent.each(named(rows.filter((t) => !t.alone)))('fault %s is caught', (_name, teeth) => caught(teeth));

  async function caught(teeth: Teeth): Promise<void> {
    const run = () => runApart(teeth.fault, teeth.version, teeth.catches);
    // Alone: the other version's run after this one's, not beside it.
    const [outcomes] = teeth.alone ? [await run(), await proveInOtherVersion(teeth)] : await Promise.all([run(), proveInOtherVersion(teeth)]);
    for (const id of teeth.catches) {
      const outcome = outcomes.get(id)!;
      proofs.record(`engine-${teeth.version}`, teeth.fault, id, outcome);
      expect(['failed', 'warning'], `${id} against fault ${teeth.fault}: ${outcome.status} ${outcome.message}`).toContain(outcome.status);
    }
  }

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
  if (part === 1) registerEveryProofHasAPart();
}

/** Each part verifies the listed proofs of its own pairs: a proof whose pair no part runs would be verified by none. */
function registerEveryProofHasAPart(): void {
  test('every proof listed in catalog/engine/proofs.json is of a (fault, check) pair of the teeth table', () => {
    const inTable = runByRows(ENGINE_TEETH);
    const orphans = Object.entries(loadProofFile('engine', 'proofs')).flatMap(([suite, bySuite]) =>
      Object.entries(bySuite ?? {}).flatMap(([requirement, proofs]) =>
        proofs.filter((p) => !inTable(p)).map((p) => `${suite} ${requirement} ← ${p.fault} / ${p.check}`),
      ),
    );
    expect(orphans, 'listed proofs that no teeth row runs: rebuild with UPDATE_PROOFS=1').toEqual([]);
  });
}
