/** Which of the generated mutants a run takes: by operator, by site, a seeded sample, or those changed since a report. */
import { escapeRegExp } from '../escape-regexp.ts';
import type { ConformanceMutationReport } from './report.ts';
import type { Mutant } from './types.ts';

export interface MutantSelection {
  /** Operator names or patterns with `*` (`answer/*`, `legal/keys-reordered`). */
  operators?: readonly string[];
  /** Substrings of the site: the endpoint id and the atom (`engine/containers/list`, `?all`). */
  sites?: readonly string[];
  sample?: number;
  seed?: number;
  /** A previous report: only the mutants it lacks, did not kill, or whose covering checks changed. */
  since?: ConformanceMutationReport;
}

const pattern = (glob: string): RegExp => new RegExp(`^${glob.split('*').map(escapeRegExp).join('.*')}$`);

export function selectMutants(mutants: readonly Mutant[], selection: MutantSelection): Mutant[] {
  const operators = selection.operators?.map(pattern);
  let chosen = mutants.filter(
    (m) =>
      (!operators || operators.some((p) => p.test(m.operator))) &&
      (!selection.sites || selection.sites.some((s) => `${m.site.endpoint} ${m.site.atom}`.includes(s))),
  );
  if (selection.sample !== undefined && selection.sample < chosen.length) chosen = seededSample(chosen, selection.sample, selection.seed ?? 1);
  return chosen;
}

/** The mutants a previous report does not settle: new ones, those it did not kill, and those whose covering checks changed. */
export function changedSince(mutants: readonly Mutant[], coveredBy: (m: Mutant) => readonly string[], report: ConformanceMutationReport): Mutant[] {
  const before = new Map(Object.values(report.files).flatMap((f) => f.mutants.map((m) => [m.id, m] as const)));
  return mutants.filter((m) => {
    const old = before.get(m.id);
    if (!old || !['Killed', 'Timeout', 'RuntimeError', 'Ignored'].includes(old.status)) return true;
    return [...(old.coveredBy ?? [])].sort().join('\n') !== [...coveredBy(m)].sort().join('\n');
  });
}

/** `size` mutants drawn without replacement by a seeded generator (mulberry32): the same seed, the same sample. */
export function seededSample<T>(items: readonly T[], size: number, seed: number): T[] {
  let state = seed >>> 0;
  const random = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pool = [...items];
  for (let i = 0; i < size; i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, size);
}
