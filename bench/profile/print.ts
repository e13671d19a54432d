/**
 * The time profile as text: runs (wall time), spec-section files (the sum of their checks'
 * durations) and the slowest checks, each run and file beside its change since the previous profile.
 */
import { delta, describeDelta, previousFile, previousRun } from './compare.ts';
import type { RunProfile, SlowCheck, TimeProfile } from './types.ts';

/** How many exchanges a check's transcript keeps (harness/target/transcript.ts). */
const TRANSCRIPT_KEEPS = 200;

/** A column-aligned table; columns listed in `right` are right-aligned. */
export function formatTable(head: string[], rows: string[][], right: ReadonlySet<number>): string[] {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]): string =>
    cells
      .map((c, i) => (right.has(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
}

export function profileLines(profile: TimeProfile, previous: TimeProfile | undefined): string[] {
  const since = previous ? `change since ${previous.date}` : 'no previous profile: nothing to compare with';
  const lines = [`time profile of the suites (${since})`, '', ...runLines(profile.runs, previous)];
  for (const run of profile.runs) lines.push('', ...fileLines(run, previousRun(previous, run.name)));
  lines.push('', `slowest ${profile.slowest.length} checks (what they wait on: their longest exchanges, when report.json has their transcript)`);
  for (const check of profile.slowest) lines.push(...slowLines(check));
  return lines;
}

function runLines(runs: readonly RunProfile[], previous: TimeProfile | undefined): string[] {
  const rows = runs.map((r) => {
    const before = previousRun(previous, r.name);
    return [
      r.name,
      r.problem ? '-' : String(r.checks),
      String(r.wallMs),
      before ? describeDelta(delta(before.wallMs, r.wallMs)) : 'new',
      r.reportMs === null ? '-' : String(r.reportMs),
      String(r.checkMsSum),
      before && !r.problem ? describeDelta(delta(before.checkMsSum, r.checkMsSum)) : 'new',
      r.counts ? (r.counts.instructions / 1e9).toFixed(1) : '-',
      r.counts && before?.counts ? percentChange(before.counts.instructions, r.counts.instructions) : '-',
      r.problem ?? '',
    ];
  });
  return formatTable(
    ['run', 'checks', 'wall ms', 'Δ wall', 'report ms', 'Σ check ms', 'Δ Σ check', 'G instructions', 'Δ instr.', 'note'],
    rows,
    new Set([1, 2, 3, 4, 5, 6, 7, 8]),
  );
}

/** "+1.2%", "-30.5%": the change of a count. */
function percentChange(before: number, after: number): string {
  const pct = (100 * (after - before)) / before;
  return `${pct > 0 ? '+' : ''}${pct.toFixed(1)}%`;
}

function fileLines(run: RunProfile, before: RunProfile | undefined): string[] {
  if (run.problem) return [`${run.name}: ${run.problem}`];
  const rows = run.files.map((f) => {
    const old = previousFile(before, f.file);
    return [f.file, String(f.checks), String(f.checkMsSum), old ? describeDelta(delta(old.checkMsSum, f.checkMsSum)) : 'new', String(f.slowestCheckMs)];
  });
  return [
    `${run.name}: per spec-section file (Σ check ms = the sum of its checks' durations; checks of a file run concurrently)`,
    ...formatTable(['file', 'checks', 'Σ check ms', 'Δ', 'slowest check ms'], rows, new Set([1, 2, 3, 4])),
  ];
}

function slowLines(c: SlowCheck): string[] {
  const head = `${String(c.durationMs).padStart(7)} ms  ${c.id}  [${c.run}; ${c.file}; ${c.outcome}]`;
  if (!c.waits) return [head, `             waits on: unknown (${c.noWaits})`];
  const waits = c.waits.map((w) => `${w.method} ${shortIds(w.path)} ${w.ms} ms${w.kind === 'http' ? '' : ` (${w.kind})`}`).join(', ');
  return [head, `             waits on: ${waits}${c.exchanges === undefined ? '' : `; ${rest(c)}`}`];
}

/** The rest of its time: outside its exchanges, or how much they overlap (exchanges run concurrently). */
function rest(c: SlowCheck): string {
  const kept = c.exchanges === TRANSCRIPT_KEEPS ? ` (the transcript keeps the first ${TRANSCRIPT_KEEPS})` : '';
  const inExchanges = c.exchangesMs ?? 0;
  if (inExchanges > c.durationMs) return `its ${c.exchanges} exchanges${kept} overlap: ${inExchanges} ms of exchanges in ${c.durationMs} ms`;
  return `${c.durationMs - inExchanges} ms outside its ${c.exchanges} exchanges${kept} (pauses, its own work)`;
}

/** Container, exec and image IDs cut to 12 characters, as the docker CLI shows them. */
function shortIds(p: string): string {
  return p.replace(/\b([0-9a-f]{12})[0-9a-f]{20,}\b/g, '$1…');
}
