import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CATALOG_DIR } from './load.ts';
import type { Api, SuiteName } from './types.ts';

/**
 * A proof that a requirement is verified: under `fault`, a named fault of the reference target that
 * breaks the requirement, the covering `check` fails with a breach naming the requirement.
 */
export interface Proof {
  fault: string;
  check: string;
}

/**
 * catalog/<api>/proofs.json (and proofs.<source>.json): suite → requirement id → its proofs.
 * Each file is derived by one teeth test; together they are the API's proofs.
 */
export type ProofTable = Partial<Record<SuiteName, Record<string, Proof[]>>>;

const proofsFile = (api: Api, dir: string, name: string): string => path.join(dir, api, `${name}.json`);

/** The proofs one teeth test derived (`name`: proofs, proofs.observed). */
export function loadProofFile(api: Api, name: string, dir: string = CATALOG_DIR): ProofTable {
  const file = proofsFile(api, dir, name);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ProofTable) : {};
}

/** Every proof of an API, from all its proof files. */
export function loadProofs(api: Api, dir: string = CATALOG_DIR): ProofTable {
  const folder = path.join(dir, api);
  const names = existsSync(folder)
    ? readdirSync(folder)
        .filter((f) => /^proofs(\.[a-z-]+)?\.json$/.test(f))
        .map((f) => f.slice(0, -'.json'.length))
    : [];
  return names.map((name) => loadProofFile(api, name, dir)).reduce(mergeProofTables, {});
}

/** Both tables' proofs, requirement by requirement. */
export function mergeProofTables(a: ProofTable, b: ProofTable): ProofTable {
  const out: ProofTable = { ...a };
  for (const [suite, bySuite] of Object.entries(b) as Array<[SuiteName, Record<string, Proof[]>]>) {
    const target = { ...(out[suite] ?? {}) };
    out[suite] = target;
    for (const [id, proofs] of Object.entries(bySuite)) target[id] = [...(target[id] ?? []), ...proofs];
  }
  return out;
}

/** The proofs of every suite's requirements, for the reports and the catalog. */
export function loadAllProofs(dir: string = CATALOG_DIR): ProofTable {
  return { ...loadProofs('engine', dir), ...loadProofs('cloud', dir) };
}

export function proofsOf(table: ProofTable, suite: SuiteName, requirement: string): Proof[] {
  return table[suite]?.[requirement] ?? [];
}

/** Writes a proof table in a stable order (suites, requirements and proofs sorted), for review in diffs. */
export function writeProofs(api: Api, name: string, table: ProofTable, dir: string = CATALOG_DIR): void {
  const sorted: ProofTable = {};
  for (const suite of Object.keys(table).sort() as SuiteName[]) {
    const bySuite = table[suite]!;
    sorted[suite] = Object.fromEntries(
      Object.keys(bySuite)
        .sort()
        .map((id) => [id, [...bySuite[id]!].sort((a, b) => `${a.fault} ${a.check}`.localeCompare(`${b.fault} ${b.check}`))]),
    );
  }
  writeFileSync(proofsFile(api, dir, name), `${JSON.stringify(sorted, null, 2)}\n`);
}

/**
 * The requirements a failed or warning outcome proves broken: those its breaches name. A breach
 * that stands for several requirements because the check did not say which proves none of them.
 */
export function provenBy(breaches: ReadonlyArray<{ requirements: string[]; named?: boolean }> | undefined): string[] {
  return [...new Set((breaches ?? []).filter((b) => b.named ?? b.requirements.length === 1).flatMap((b) => b.requirements))];
}
