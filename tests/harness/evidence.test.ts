import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { withReportedEvidence } from '../../harness/check/evidence.ts';
import type { Outcome, OutcomeStatus, TranscriptEntry } from '../../harness/check/outcome.ts';
import type { ExchangeFinding } from '../../harness/judge/exchange-judge.ts';
import { toResultEntry } from '../../harness/report/report.ts';

const METHODS = ['GET', 'POST', 'DELETE'];
const STATUSES = [200, 202, 404, 500];

const entry: fc.Arbitrary<TranscriptEntry> = fc.record(
  {
    kind: fc.constantFrom<TranscriptEntry['kind']>('http', 'hijack'),
    request: fc.record({ method: fc.constantFrom(...METHODS), path: fc.constantFrom('/a', '/b?x=1', '/c'), headers: fc.constant({}) }),
    response: fc.record({ status: fc.constantFrom(...STATUSES), headers: fc.constant({}) }),
    // Few distinct values, with halves: ties (after rounding) are common.
    durationMs: fc.integer({ min: 0, max: 8 }).map((n) => n / 2),
  },
  { requiredKeys: ['kind', 'request'] },
);

const finding: fc.Arbitrary<ExchangeFinding> = fc.record({
  endpoint: fc.constant('cloud/service/get'),
  rule: fc.constant('shape-documented' as const),
  requirement: fc.constant('cloud/responses/shape-documented'),
  message: fc.constant('m'),
  exchange: fc.constant('GET /x → 200'),
  method: fc.constantFrom(...METHODS),
  status: fc.constantFrom(...STATUSES),
});

function outcome(status: OutcomeStatus, transcript: TranscriptEntry[], findings: ExchangeFinding[]): Outcome {
  return { status, message: '', observations: [], transcript, durationMs: 1, exchanges: { judged: { 'cloud/service/get': 1 }, findings } };
}

const record = (o: Outcome) => ({ id: 'x', suite: 'cloud' as const, title: 'x', requirements: [], outcome: o });

describe('the evidence a passed check sends to the report', () => {
  test('gives the same result entry and the same first exchange per judge finding as the whole transcript', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 30 }), fc.array(finding, { maxLength: 4 }), (transcript, findings) => {
        const whole = outcome('passed', transcript, findings);
        const slim = withReportedEvidence(whole);
        expect(toResultEntry(record(slim))).toEqual(toResultEntry(record(whole)));
        for (const f of findings) {
          const first = (t: TranscriptEntry[]) => t.find((e) => e.request.method === f.method && e.response?.status === f.status);
          expect(first(slim.transcript)).toBe(first(whole.transcript));
        }
        expect(slim.transcript.length).toBeLessThanOrEqual(3 + findings.length);
      }),
    );
  });

  test('a check that did not pass keeps its whole transcript', () => {
    const transcript = [{ kind: 'http' as const, request: { method: 'GET', path: '/a', headers: {} }, durationMs: 1 }];
    for (const status of ['failed', 'warning', 'informational', 'skipped', 'not-applicable', 'error'] as const) {
      const o = outcome(status, [...transcript, ...transcript, ...transcript, ...transcript], []);
      expect(withReportedEvidence(o)).toBe(o);
    }
  });
});
