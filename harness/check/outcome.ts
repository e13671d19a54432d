import type { ExchangeFinding } from '../judge/exchange-judge.ts';

/** The graded result of one conformance check, as report.json carries it. */
export const OUTCOMES = ['passed', 'failed', 'warning', 'informational', 'skipped', 'not-applicable', 'error'] as const;

export type OutcomeStatus = (typeof OUTCOMES)[number];

/** What a non-passing outcome shows a vendor: the rule, what was expected, what came back. */
export interface Outcome {
  status: OutcomeStatus;
  message: string;
  expected?: unknown;
  actual?: unknown;
  /** Observations that do not change the verdict (extra fields, "not shown" behaviour). */
  observations: string[];
  /** Wire transcript of the exchanges the check made, redacted. */
  transcript: TranscriptEntry[];
  /** The fast-check seed, when the check is property-based, so a failure can be replayed. */
  seed?: number;
  /**
   * Failed or warning: each breach the check found, with the requirement(s) it names. A check
   * that collects several mismatches (ctx.verify) has one breach each; a breach that names no
   * requirement stands for all of the check's requirements.
   */
  breaches?: Breach[];
  /**
   * How many expectations the check evaluated about its subject. A check that evaluates none
   * cannot pass (it is an error of the suite, or not-applicable with a reason).
   */
  verified?: number;
  /** Skipped because an earlier breach of this requirement made the check impossible. */
  blockedBy?: string;
  /** False when the check stopped at its first breach: requirements it did not reach are unverified. */
  completed?: boolean;
  /** Every answer the check received, judged against the catalog (see harness/judge/). */
  exchanges?: JudgedExchanges;
  durationMs: number;
}

/** What the judge of every exchange saw during one check: answers per endpoint, and departures. */
export interface JudgedExchanges {
  judged: Record<string, number>;
  findings: ExchangeFinding[];
}

/** One departure a check found: the requirements it breaks, what was expected and what came back. */
export interface Breach {
  requirements: string[];
  /**
   * True when the check said which requirements the breach breaks (the expectation named them, the
   * check has only one, or its requirements restate one rule); false when the breach stands for
   * all of the check's requirements because the check did not say which.
   */
  named: boolean;
  message: string;
  expected?: unknown;
  actual?: unknown;
}

export interface TranscriptEntry {
  /** 'http' request/response, 'hijack' raw stream, 'websocket' frames. */
  kind: 'http' | 'hijack' | 'websocket';
  request: { method: string; path: string; headers: Record<string, string>; body?: string };
  response?: { status: number; headers: Record<string, string>; body?: string };
  /** Stream data after a hijack or frames of a WebSocket, shown readably. */
  stream?: Array<{ direction: 'sent' | 'received'; data: string }>;
  error?: string;
  durationMs?: number;
}
