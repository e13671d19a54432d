/** The change of each run and file between the previous profile and this one, by name. */
import type { Delta, FileProfile, RunProfile, TimeProfile } from './types.ts';

export function delta(previousMs: number, ms: number): Delta {
  const deltaMs = ms - previousMs;
  return { previousMs, ms, deltaMs, deltaPct: previousMs === 0 ? null : (100 * deltaMs) / previousMs };
}

export function previousRun(previous: TimeProfile | undefined, name: string): RunProfile | undefined {
  return previous?.runs.find((r) => r.name === name && r.problem === undefined);
}

export function previousFile(run: RunProfile | undefined, file: string): FileProfile | undefined {
  return run?.files.find((f) => f.file === file);
}

/** "+512 ms (+2.1%)", "-40 ms (-0.3%)", "new" when there is nothing to compare with. */
export function describeDelta(d: Delta | undefined): string {
  if (!d) return 'new';
  const sign = d.deltaMs > 0 ? '+' : '';
  const pct = d.deltaPct === null ? '' : ` (${d.deltaPct > 0 ? '+' : ''}${d.deltaPct.toFixed(1)}%)`;
  return `${sign}${Math.round(d.deltaMs)} ms${pct}`;
}
