/** The graded result of one conformance check, as report.json carries it. */
export const OUTCOMES = [
  'passed',
  'failed',
  'warning',
  'informational',
  'skipped',
  'not-applicable',
  'error',
] as const;

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
  durationMs: number;
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
