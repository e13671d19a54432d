/**
 * The time profile of the suites, as stored in reports/bench-profile.json: per run (a suite
 * against a target), its wall time, per spec-section file the sum of its checks' durations, and
 * the slowest checks with the exchanges they waited on. Derived from each run's report.json.
 */
import type { ExchangeWait } from '../../harness/report/report.ts';
import type { Counts } from '../instructions.ts';

export interface TimeProfile {
  /** Bumped when a field changes meaning (a previous profile of another version is not compared). */
  profileVersion: 1;
  date: string;
  node: string;
  platform: string;
  runs: RunProfile[];
  /** The slowest checks of all runs, slowest first. */
  slowest: SlowCheck[];
}

export interface RunProfile {
  /** e.g. "engine-1.18, embedded": the key a later profile is compared by. */
  name: string;
  suites: string[];
  target: string;
  /** From spawning `conformance run` to its exit, as the bench measured it. */
  wallMs: number;
  /** Machine-wide instructions and cycles during the run, where perf counts them: steadier than wall time on a shared host. */
  counts?: Counts;
  /** The run's own durationMs (report.json): the checks' part of the wall time. */
  reportMs: number | null;
  checks: number;
  /** The sum of every check's durationMs (above reportMs when checks run concurrently). */
  checkMsSum: number;
  files: FileProfile[];
  /** This run's slowest checks, slowest first. */
  slowest: SlowCheck[];
  /** Why the run has no report, when it has none. */
  problem?: string;
}

export interface FileProfile {
  /** The spec-section file, `<suite>/<section>` (suites/<suite>/<section>.test.ts). */
  file: string;
  checks: number;
  /** The sum of its checks' durationMs. */
  checkMsSum: number;
  slowestCheckMs: number;
}

export interface SlowCheck {
  run: string;
  id: string;
  file: string;
  outcome: string;
  durationMs: number;
  /** The longest exchanges of its transcript, longest first; absent when it carries no timed transcript. */
  waits?: Wait[];
  /** The sum of its timed exchanges' durations (above durationMs when they overlap); with `waits`. */
  exchangesMs?: number;
  /** How many exchanges the transcript has (it keeps the first 200), with `waits`. */
  exchanges?: number;
  /** Why `waits` is absent. */
  noWaits?: string;
}

/** One of a check's longest exchanges, as report.json keeps them. */
export type Wait = ExchangeWait;

/** A change between the previous profile and this one. */
export interface Delta {
  previousMs: number;
  ms: number;
  deltaMs: number;
  /** Null when the previous value was 0. */
  deltaPct: number | null;
}
