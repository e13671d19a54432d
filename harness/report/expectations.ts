import { readFileSync, writeFileSync } from 'node:fs';
import { SUITES, type SuiteName } from '../catalog/types.ts';
import { OUTCOMES, type OutcomeStatus } from '../check/outcome.ts';
import type { Report, ResultEntry } from './report.ts';
import { checkRecordedOptions, lackedOptions, recordedOptionsOf, type RecordedOptions } from './recorded-options.ts';

/**
 * Known departures of a target, for a CI regression gate: the run passes when the only failures
 * are expected ones, and an expectation that no longer fails is stale.
 */
export interface Expectation {
  /** A check id, or a requirement id (matches every check naming it). */
  id: string;
  /** Limits the expectation to one suite. */
  suite?: SuiteName;
  /** The outcome the check is expected to have (failed, warning, error, ...). */
  outcome: OutcomeStatus;
  reason: string;
  link?: string;
  /**
   * The departure shows in some runs only (a race inside the target): when the check fails it is
   * expected, and when it passes the expectation is not stale.
   */
  intermittent?: boolean;
}

export interface ExpectationsFile {
  description?: string;
  /** The options of the run the file was recorded from (absent in files written before they were recorded). */
  recordedWith?: RecordedOptions;
  expectations: Expectation[];
}

/** An expectation whose checks this run skipped for want of an option the recording had. */
export type NotRunHere = Expectation & { actual: OutcomeStatus[]; because: string };

export interface ExpectationsVerdict {
  file: string;
  /** Failed or error results an expectation covers. */
  expected: string[];
  /** Failed or error results no expectation covers: these fail the gate. */
  unexpected: string[];
  /** How many of the unexpected results are harness errors. */
  unexpectedErrors: number;
  /** Whether stale expectations fail the gate (--strict-expectations). */
  strict: boolean;
  /** Expectations whose checks ran and no longer have the expected outcome. */
  stale: Array<Expectation & { actual: OutcomeStatus[] }>;
  /** Expectations neither met nor stale: their checks were skipped because this run lacks an option the recording had. */
  notRunHere?: NotRunHere[];
}

export function loadExpectations(file: string): ExpectationsFile {
  return parseExpectations(JSON.parse(readFileSync(file, 'utf8')) as unknown);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks the shape of an expectations file; the error says what is wrong and where. */
export function parseExpectations(data: unknown): ExpectationsFile {
  if (!isObject(data) || !Array.isArray(data.expectations)) {
    const got = isObject(data) ? 'an object without an "expectations" array' : Array.isArray(data) ? 'an array' : data === null ? 'null' : `a ${typeof data}`;
    throw new Error(`expected an object {"expectations": [...]}, got ${got}`);
  }
  for (const [i, e] of (data.expectations as unknown[]).entries()) {
    if (!isObject(e) || typeof e.id !== 'string' || typeof e.reason !== 'string') throw new Error(`expectation ${i} needs a string id, outcome and reason`);
    if (!(OUTCOMES as readonly unknown[]).includes(e.outcome))
      throw new Error(`expectation ${i} (${e.id}): outcome must be one of ${OUTCOMES.join(', ')}, got ${JSON.stringify(e.outcome)}`);
    if (e.suite !== undefined && !(SUITES as readonly unknown[]).includes(e.suite))
      throw new Error(`expectation ${i} (${e.id}): unknown suite ${JSON.stringify(e.suite)}`);
    if (e.intermittent !== undefined && typeof e.intermittent !== 'boolean')
      throw new Error(`expectation ${i} (${e.id}): intermittent must be true or false, got ${JSON.stringify(e.intermittent)}`);
  }
  if (data.recordedWith !== undefined) checkRecordedOptions(data.recordedWith);
  return data as unknown as ExpectationsFile;
}

const matches = (e: Expectation, r: ResultEntry) => (e.suite === undefined || e.suite === r.suite) && (e.id === r.id || r.requirements.includes(e.id));
const resultKey = (r: ResultEntry) => `${r.suite} ${r.id}`;
const isBad = (o: OutcomeStatus) => o === 'failed' || o === 'error';
/** Outcomes of a check that verified nothing about its subject. */
const isUnverified = (o: OutcomeStatus) => o === 'skipped' || o === 'not-applicable';

export function applyExpectations(report: Report, file: string, data: ExpectationsFile, strict: boolean): ExpectationsVerdict {
  const verdict: ExpectationsVerdict = { file, expected: [], unexpected: [], unexpectedErrors: 0, stale: [], strict };
  for (const r of report.results.filter((x) => isBad(x.outcome) || x.outcome === 'warning')) {
    const e = data.expectations.find((x) => matches(x, r) && x.outcome === r.outcome);
    if (e) verdict.expected.push(resultKey(r));
    else if (isBad(r.outcome)) {
      verdict.unexpected.push(resultKey(r));
      if (r.outcome === 'error') verdict.unexpectedErrors++;
    }
  }
  const lacked = lackedOptions(data.recordedWith, report);
  const notRunHere: NotRunHere[] = [];
  for (const e of data.expectations) {
    const ran = report.results.filter((r) => matches(e, r));
    if (e.intermittent || !ran.length || ran.some((r) => r.outcome === e.outcome)) continue;
    const actual = [...new Set(ran.map((r) => r.outcome))];
    if (lacked.length && actual.every(isUnverified)) notRunHere.push({ ...e, actual, because: `this run has no ${lacked.join(', ')}` });
    else verdict.stale.push({ ...e, actual });
  }
  return notRunHere.length ? { ...verdict, notRunHere } : verdict;
}

/**
 * Writes an expectations file from a run: every failed, error and warning result, with its message
 * as the reason. The previous file's intermittent expectations are kept whether or not they showed.
 */
/**
 * The expectations a run records: one per failed, error and warning result (keeping the previous
 * file's reason, link and intermittent mark). With `keepUnrun`, the previous file's expectations of
 * checks the run did not run stay as they were, as do its recorded options: a run narrowed with
 * --grep or --suite updates only what it ran.
 */
export function expectationsFromReport(report: Report, previous?: ExpectationsFile, opts: { keepUnrun?: boolean } = {}): ExpectationsFile {
  const fromRun = report.results
    .filter((r) => isBad(r.outcome) || r.outcome === 'warning')
    .map((r): Expectation => {
      const old = previous?.expectations.find((e) => matches(e, r));
      return {
        id: r.id,
        suite: r.suite,
        outcome: r.outcome,
        reason: old?.reason ?? r.message.split('\n')[0]!.slice(0, 300),
        ...(old?.link ? { link: old.link } : {}),
        ...(old?.intermittent ? { intermittent: true } : {}),
      };
    });
  const intermittent = (previous?.expectations ?? []).filter((e) => e.intermittent && !fromRun.some((x) => x.id === e.id && x.suite === e.suite));
  const unrun = opts.keepUnrun ? (previous?.expectations ?? []).filter((e) => !e.intermittent && !report.results.some((r) => matches(e, r))) : [];
  const expectations = [...fromRun, ...intermittent, ...unrun];
  const recordedWith = opts.keepUnrun ? (previous?.recordedWith ?? recordedOptionsOf(report)) : (recordedOptionsOf(report) ?? previous?.recordedWith);
  return {
    description: previous?.description ?? `Known departures of ${report.target.product} ${report.target.version}`,
    ...(recordedWith ? { recordedWith } : {}),
    expectations,
  };
}

export function writeExpectations(file: string, data: ExpectationsFile): void {
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
}
