/**
 * One run's time profile from its report.json: per spec-section file the sum of its checks'
 * durations, and the slowest checks with their longest exchanges (the result's `waits`) and, where
 * report.json keeps the transcript (a check that did not pass), the time all its exchanges took.
 */
import { longestWaits, type Report, type ResultEntry } from '../../harness/report/report.ts';
import type { Counts } from '../instructions.ts';
import { fileOf, type FilePlaces } from './sections.ts';
import type { FileProfile, RunProfile, SlowCheck } from './types.ts';

/** How many slow checks a run keeps. */
export const SLOWEST = 15;

export interface ProfiledRun {
  name: string;
  target: string;
  suites: string[];
  wallMs: number;
  report: Report | undefined;
  /** Exit status, to explain a missing report. */
  status: number | null;
  /** Machine-wide instructions and cycles during the run, where perf counts them (bench/instructions.ts). */
  counts?: Counts;
}

export function profileRun(run: ProfiledRun, places: FilePlaces): RunProfile {
  const base = { name: run.name, suites: run.suites, target: run.target, wallMs: run.wallMs, ...(run.counts ? { counts: run.counts } : {}) };
  if (!run.report) return { ...base, reportMs: null, checks: 0, checkMsSum: 0, files: [], slowest: [], problem: `no report.json (exit ${run.status})` };
  const results = run.report.results;
  const files = new Map<string, FileProfile>();
  for (const r of results) {
    const file = fileOf(places, r.suite, r.id);
    const entry = files.get(file) ?? { file, checks: 0, checkMsSum: 0, slowestCheckMs: 0 };
    entry.checks++;
    entry.checkMsSum += r.durationMs;
    entry.slowestCheckMs = Math.max(entry.slowestCheckMs, r.durationMs);
    files.set(file, entry);
  }
  const slowest = [...results]
    .sort((a, b) => b.durationMs - a.durationMs)
    .slice(0, SLOWEST)
    .map((r) => slowCheck(run.name, fileOf(places, r.suite, r.id), r));
  return {
    ...base,
    reportMs: run.report.durationMs,
    checks: results.length,
    checkMsSum: results.reduce((sum, r) => sum + r.durationMs, 0),
    files: [...files.values()].sort((a, b) => b.checkMsSum - a.checkMsSum),
    slowest,
  };
}

export function slowCheck(run: string, file: string, r: ResultEntry): SlowCheck {
  const base: SlowCheck = { run, id: r.id, file, outcome: r.outcome, durationMs: r.durationMs };
  const transcript = r.transcript ?? [];
  const waits = r.waits ?? longestWaits(transcript);
  if (waits.length === 0) return { ...base, noWaits: transcript.length ? `its ${transcript.length} exchanges carry no timing` : 'no timed exchanges' };
  if (transcript.length === 0) return { ...base, waits };
  const exchangesMs = transcript.reduce((sum, t) => sum + (t.durationMs ?? 0), 0);
  return { ...base, waits, exchanges: transcript.length, exchangesMs };
}

/** The slowest checks of all runs, slowest first. */
export function slowestOverall(runs: readonly RunProfile[]): SlowCheck[] {
  return runs
    .flatMap((r) => r.slowest)
    .sort((a, b) => b.durationMs - a.durationMs)
    .slice(0, SLOWEST);
}
