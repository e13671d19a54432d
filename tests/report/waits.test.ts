import { describe, expect, test } from 'vitest';
import type { TranscriptEntry } from '../../harness/check/outcome.ts';
import { toResultEntry } from '../../harness/report/report.ts';

const exchange = (path: string, durationMs?: number, kind: TranscriptEntry['kind'] = 'http'): TranscriptEntry => ({
  kind,
  request: { method: 'GET', path, headers: {} },
  ...(durationMs === undefined ? {} : { durationMs }),
});

describe("a result's waits: what its time went to", () => {
  test('a passed check keeps no transcript but its three longest timed exchanges, longest first, without query', () => {
    const transcript = [exchange('/a', 5), exchange('/b?x=1', 900), exchange('/c'), exchange('/d', 40, 'hijack'), exchange('/e', 300.4)];
    const entry = toResultEntry({
      id: 'x',
      suite: 'engine-1.22',
      title: 'x',
      requirements: [],
      outcome: { status: 'passed', message: '', observations: [], transcript, durationMs: 1300 },
    });
    expect(entry.transcript).toBeUndefined();
    expect(entry.waits).toEqual([
      { kind: 'http', method: 'GET', path: '/b', ms: 900 },
      { kind: 'http', method: 'GET', path: '/e', ms: 300 },
      { kind: 'hijack', method: 'GET', path: '/d', ms: 40 },
    ]);
  });

  test('no timed exchange, no waits', () => {
    const entry = toResultEntry({
      id: 'x',
      suite: 'cloud',
      title: 'x',
      requirements: [],
      outcome: { status: 'passed', message: '', observations: [], transcript: [exchange('/c')], durationMs: 1 },
    });
    expect(entry.waits).toBeUndefined();
  });
});
