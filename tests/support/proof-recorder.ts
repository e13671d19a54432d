import { appendFileSync } from 'node:fs';
import { afterAll, expect, test } from 'vitest';
import { loadProofFile, mergeProofTables, provenBy, writeProofs, type Proof, type ProofTable } from '../../harness/catalog/proofs.ts';
import type { Api, SuiteName } from '../../harness/catalog/types.ts';
import type { Outcome } from '../../harness/check/outcome.ts';

/** A file to list the breaches that proved nothing because the check did not name their requirement. */
const UNNAMED_LOG = process.env.PROOF_UNNAMED_LOG;

/** Set to rebuild catalog/<api>/proofs.json from what the teeth runs show instead of verifying it. */
export const UPDATE_PROOFS = process.env.UPDATE_PROOFS === '1';

/** Which listed proofs a teeth file runs: all of them, or those of its part of the teeth table. */
export type ProofScope = (proof: Proof) => boolean;

/**
 * Turns the teeth runs (fault → checks) around into proofs per requirement (requirement →
 * fault, check): a check that fails under a fault with a breach naming one requirement proves it.
 * By default every listed proof is verified against the teeth runs; with UPDATE_PROOFS=1 the
 * list is rebuilt from them.
 */
export class ProofRecorder {
  private readonly listed: ProofTable;
  private readonly observed: ProofTable = {};
  private readonly exercised = new Set<string>();

  /**
   * `file`: the proof file of catalog/<api>/ this teeth test derives (proofs, proofs.observed).
   * `scope`: the proofs this teeth file runs, when several files share the proof file; under
   * UPDATE_PROOFS=1 each replaces only its own in the file (run them one after another).
   */
  constructor(
    private readonly api: Api,
    private readonly file = 'proofs',
    private readonly scope: ProofScope = () => true,
  ) {
    this.listed = loadProofFile(api, file);
    if (UPDATE_PROOFS) afterAll(() => writeProofs(api, file, this.replacedInFile()));
  }

  /** The proof file as it is now, with the proofs of this scope replaced by those observed. */
  private replacedInFile(): ProofTable {
    return mergeProofTables(outOfScope(loadProofFile(this.api, this.file), this.scope), this.observed);
  }

  /** Records what one check did under one fault, and verifies the proofs listed for that pair. */
  record(suite: SuiteName, fault: string, check: string, outcome: Outcome): void {
    const caught = ['failed', 'warning'].includes(outcome.status);
    const proven = caught ? provenBy(outcome.breaches) : [];
    if (caught && UNNAMED_LOG) {
      for (const b of outcome.breaches ?? []) if (!b.named) appendFileSync(UNNAMED_LOG, `${suite}\t${fault}\t${check}\t${b.requirements.join(' ')}\n`);
    }
    for (const requirement of proven) {
      const bySuite = this.observed[suite] ?? {};
      this.observed[suite] = bySuite;
      const list = bySuite[requirement] ?? [];
      bySuite[requirement] = list;
      if (!list.some((p) => p.fault === fault && p.check === check)) list.push({ fault, check });
    }
    for (const [requirement, proofs] of Object.entries(this.listed[suite] ?? {})) {
      if (!proofs.some((p) => p.fault === fault && p.check === check)) continue;
      this.exercised.add(key(suite, requirement, fault, check));
      if (!UPDATE_PROOFS) {
        expect(proven, `${suite} ${check} under fault ${fault} no longer fails naming ${requirement}: ${outcome.status} ${outcome.message}`).toContain(
          requirement,
        );
      }
    }
  }

  /** Whether a proof is listed for this (fault, check) pair in a suite. */
  lists(suite: SuiteName, fault: string, check: string): boolean {
    return Object.values(this.listed[suite] ?? {}).some((proofs) => proofs.some((p) => p.fault === fault && p.check === check));
  }

  /** A test that every listed proof was exercised by some teeth run (none is stale). */
  registerCompletenessTest(): void {
    test(`every proof listed in catalog/${this.api}/${this.file}.json is exercised by a teeth run`, () => {
      if (UPDATE_PROOFS) return;
      const stale: string[] = [];
      for (const [suite, bySuite] of Object.entries(this.listed)) {
        for (const [requirement, proofs] of Object.entries(bySuite ?? {})) {
          for (const p of proofs.filter(this.scope))
            if (!this.exercised.has(key(suite, requirement, p.fault, p.check))) stale.push(`${suite} ${requirement} ← ${p.fault} / ${p.check}`);
        }
      }
      expect(stale, 'listed proofs that no teeth run exercised: rebuild with UPDATE_PROOFS=1').toEqual([]);
    });
  }
}

const key = (...parts: string[]): string => parts.join('\u0000');

/** The proofs of a table outside a scope (requirements left without any dropped). */
function outOfScope(table: ProofTable, scope: ProofScope): ProofTable {
  const out: ProofTable = {};
  for (const [suite, bySuite] of Object.entries(table) as Array<[SuiteName, Record<string, Proof[]>]>) {
    const kept = Object.entries(bySuite)
      .map(([requirement, proofs]) => [requirement, proofs.filter((p) => !scope(p))] as const)
      .filter(([, proofs]) => proofs.length > 0);
    if (kept.length) out[suite] = Object.fromEntries(kept);
  }
  return out;
}
