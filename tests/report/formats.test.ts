import { readFileSync } from 'node:fs';
import { validateXML } from 'xmllint-wasm';
import { describe, expect, test } from 'vitest';
import { junitXml } from '../../harness/report/formats/junit.ts';
import { markdownSummary } from '../../harness/report/formats/markdown.ts';
import { summarize, type Report, type ResultEntry } from '../../harness/report/report.ts';
import { validateReport } from '../../harness/report/validate-report.ts';

const XSD = readFileSync(new URL('./junit.xsd', import.meta.url), 'utf8');
const xsdValid = async (xml: string) => (await validateXML({ xml: [{ fileName: 'junit.xml', contents: xml }], schema: [{ fileName: 'junit.xsd', contents: XSD }] })).valid;

const result = (id: string, outcome: ResultEntry['outcome'], extra: Partial<ResultEntry> = {}): ResultEntry => ({
  id, suite: 'engine-1.22', title: `title of ${id} <&>`, requirements: [id], endpoint: 'engine/containers/start', outcome, message: `message of ${id}`, durationMs: 12, ...extra,
});
const results = [
  result('engine/containers/start/204-started', 'passed'),
  result('engine/containers/start/304-already-started', 'failed', {
    expected: 304, actual: { status: 204 },
    transcript: [{ kind: 'http', request: { method: 'POST', path: '/v1.22/containers/x/start', headers: {} }, response: { status: 204, headers: {} } }],
  }),
  result('engine/errors/body-shape', 'informational', { observations: ['errors are text/plain'] }),
  result('engine/containers/list/filter-isolation', 'not-applicable'),
  result('engine/images/search/200', 'skipped'),
  result('engine/stream/frame-header', 'error', { message: 'harness error: \u0000 bad byte' }),
  result('engine/query/boolean-lenient', 'warning'),
];
const report: Report = {
  schemaVersion: 1, tool: { name: 'container-api-conformance', version: '0.1.0' },
  target: { url: 'unix:///tmp/x.sock', product: 'Docker', version: '20.10', embedded: false },
  suites: ['engine-1.22'], seed: 7, runId: 'abc', startedAt: '2026-11-21T06:00:00.000Z', durationMs: 1234, command: ['conformance', 'run'],
  summary: summarize(results), results,
  requirements: results.map((r) => ({ id: r.id, suite: r.suite, section: r.id.startsWith('engine/containers') ? 'Endpoints > Containers' : 'Errors', level: 'required' as const, statement: 's', outcome: r.outcome, checks: [r.id] })),
  harnessErrors: [],
};

describe('report formats', () => {
  test('the synthetic report is a valid report.json', () => {
    expect(validateReport(report)).toEqual([]);
    expect(validateReport({ ...report, summary: { total: 'x' } }).length).toBeGreaterThan(0);
  });

  test('junit.xml validates against the common JUnit XSD, one case per check, grouped by section', async () => {
    const xml = junitXml(report);
    expect(await xsdValid(xml)).toBe(true);
    expect(xml.match(/<testcase /g)).toHaveLength(results.length);
    expect(xml.match(/<testsuite /g)).toHaveLength(2);
    expect(xml).toContain('<failure message="message of engine/containers/start/304-already-started" type="failed">');
    expect(xml).toContain('expected: 304');
    expect(xml).toContain('&gt; POST /v1.22/containers/x/start');
    expect(xml).toContain('<error message=');
    expect(xml.match(/<skipped /g)).toHaveLength(2);
    expect(xml).toContain('title of engine/containers/start/204-started &lt;&amp;&gt;');
  });

  test('the XSD check has teeth: a test case without a name is invalid', async () => {
    expect(await xsdValid(junitXml(report).replace(/<testcase classname="([^"]*)" name="[^"]*"/, '<testcase classname="$1"'))).toBe(false);
  });

  test('summary.md states the verdict, the counts and each failure with its requirement', () => {
    const md = markdownSummary(report);
    expect(md).toContain('not conformant');
    expect(md).toContain('| 7 | 1 | 1 | 1 | 1 | 1 | 1 | 1 |');
    expect(md).toContain('`engine/containers/start/304-already-started`');
  });
});
