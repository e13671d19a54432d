import { summarize, type Report, type ResultEntry } from '../../../harness/report/report.ts';

/** A report with one result of every outcome, for the format and certification tests. */
export const result = (id: string, outcome: ResultEntry['outcome'], extra: Partial<ResultEntry> = {}): ResultEntry => ({
  id,
  suite: 'engine-1.22',
  title: `title of ${id} <&>`,
  requirements: [id],
  endpoint: 'engine/containers/start',
  outcome,
  message: `message of ${id}`,
  durationMs: 12,
  ...extra,
});
export const results = [
  result('engine/containers/start/204-started', 'passed'),
  result('engine/containers/start/304-already-started', 'failed', {
    expected: 304,
    actual: { status: 204 },
    transcript: [{ kind: 'http', request: { method: 'POST', path: '/v1.22/containers/x/start', headers: {} }, response: { status: 204, headers: {} } }],
    reproduce: {
      command: "conformance run --target unix:///tmp/x.sock --suite engine-1.22 --grep '^(?:engine/containers/start/304-already-started): ' --seed 7",
      script: "#!/bin/sh\ncall 1 204 POST /v1.22/containers/x/start -H 'Expect:'\n",
    },
  }),
  result('engine/errors/body-shape', 'informational', { observations: ['errors are text/plain'] }),
  result('engine/containers/list/filter-isolation', 'not-applicable'),
  result('engine/images/search/200', 'skipped'),
  result('engine/stream/frame-header', 'error', { message: 'harness error: \u0000 bad byte' }),
  result('engine/query/boolean-lenient', 'warning'),
];
export const report: Report = {
  schemaVersion: 1,
  tool: { name: 'container-api-conformance', version: '0.1.0' },
  target: { url: 'unix:///tmp/x.sock', product: 'Docker', version: '20.10', embedded: false },
  suites: ['engine-1.22'],
  seed: 7,
  runId: 'abc',
  startedAt: '2026-11-21T06:00:00.000Z',
  durationMs: 1234,
  command: ['conformance', 'run'],
  summary: summarize(results),
  results,
  requirements: results.map((r) => ({
    id: r.id,
    suite: r.suite,
    section: r.id.startsWith('engine/containers') ? 'Endpoints > Containers' : 'Errors',
    level: 'required' as const,
    statement: 's',
    outcome: r.outcome,
    checks: [r.id],
    proven: false,
  })),
  harnessErrors: [],
};

/** `base` with these results, its summary and one requirement per result (ids containing "rec" are recommended). */
export const withResults = (base: Report, results: Report['results']): Report => ({
  ...base,
  results,
  summary: summarize(results),
  requirements: results.map((r) => ({
    id: r.id,
    suite: r.suite,
    section: 'S',
    level: r.id.includes('rec') ? ('recommended' as const) : ('required' as const),
    statement: 's',
    outcome: r.outcome,
    checks: [r.id],
    proven: false,
  })),
});

/** A report of these results and nothing else (no requirements, no harness errors); `extra` overrides its fields. */
export const bareReport = (results: ResultEntry[], extra: Partial<Report> = {}): Report => ({
  schemaVersion: 1,
  tool: { name: 't', version: '0' },
  target: { url: 'u', product: 'p', version: 'v', embedded: false },
  suites: ['engine-1.22'],
  seed: 1,
  runId: 'r',
  startedAt: new Date(0).toISOString(),
  durationMs: 0,
  command: [],
  summary: summarize(results),
  results,
  requirements: [],
  harnessErrors: [],
  ...extra,
});
