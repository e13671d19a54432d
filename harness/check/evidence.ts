/**
 * What of a passed check's transcript leaves its worker. A passed result shows no transcript: the
 * report reads only its longest timed exchanges (the result's `waits`) and, for each departure the
 * judge of every exchange found in it, the first exchange of that method and status (an observed
 * result's evidence). The rest (a cloud suite run: ~11 MB of JSON) was serialized to the run's
 * main process and parsed there for nothing.
 */
import type { Outcome, TranscriptEntry } from './outcome.ts';

/** How many of a check's longest timed exchanges its result names (`waits`, harness/report/report.ts). */
export const WAITS_KEPT = 3;

/**
 * A passed outcome with only the transcript entries the report reads, in their order: the
 * longest-first pick and the first-match lookups give on them what they gave on the whole.
 */
export function withReportedEvidence(outcome: Outcome): Outcome {
  if (outcome.status !== 'passed') return outcome;
  const entries = outcome.transcript;
  const kept = new Set<number>();
  const timed = entries.flatMap((e, i) => (e.durationMs === undefined ? [] : [{ i, ms: Math.round(e.durationMs) }]));
  // Array.prototype.sort is stable: ties keep their transcript order, as they do in longestWaits.
  for (const { i } of timed.sort((a, b) => b.ms - a.ms).slice(0, WAITS_KEPT)) kept.add(i);
  for (const finding of outcome.exchanges?.findings ?? []) {
    const i = entries.findIndex((e) => e.request.method === finding.method && e.response?.status === finding.status);
    if (i >= 0) kept.add(i);
  }
  const transcript: TranscriptEntry[] = entries.filter((_, i) => kept.has(i));
  return { ...outcome, transcript };
}
