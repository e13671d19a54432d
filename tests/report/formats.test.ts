import { readFileSync } from 'node:fs';
import { validateXML } from 'xmllint-wasm';
import { describe, expect, test } from 'vitest';
import { clip } from '../../harness/report/formats/clip.ts';
import { junitXml } from '../../harness/report/formats/junit.ts';
import { markdownSummary } from '../../harness/report/formats/markdown.ts';
import { validateReport } from '../../harness/report/validate-report.ts';
import { report, results } from './support/synthetic-report.ts';

const XSD = readFileSync(new URL('./junit.xsd', import.meta.url), 'utf8');
const xsdValid = async (xml: string) =>
  (await validateXML({ xml: [{ fileName: 'junit.xml', contents: xml }], schema: [{ fileName: 'junit.xsd', contents: XSD }] })).valid;

describe('report formats', () => {
  test('the synthetic report is a valid report.json', () => {
    expect(validateReport(report)).toEqual([]);
    expect(validateReport({ ...report, summary: { total: 'x' } }).length).toBeGreaterThan(0);
    const withoutScript = { ...report, results: report.results.map((r) => (r.reproduce ? { ...r, reproduce: { command: r.reproduce.command } } : r)) };
    expect(validateReport(withoutScript)).toEqual(["/results/1/reproduce must have required property 'script'"]);
  });

  test('junit.xml validates against the common JUnit XSD, one case per check, grouped by section', async () => {
    const xml = junitXml(report);
    expect(await xsdValid(xml)).toBe(true);
    expect(xml.match(/<testcase /g)).toHaveLength(results.length);
    expect(xml.match(/<testsuite /g)).toHaveLength(2);
    expect(xml).toContain('<failure message="message of engine/containers/start/304-already-started" type="failed">');
    expect(xml).toContain('expected: 304');
    expect(xml).toContain('&gt; POST /v1.22/containers/x/start');
    const repro = "reproduce: conformance run --target unix:///tmp/x.sock --suite engine-1.22 --grep '^(?:engine/containers/start/304-already-started): '";
    expect(xml).toContain(`<system-out>${repro} --seed 7`);
    expect(xml).toContain('<error message=');
    expect(xml.match(/<skipped /g)).toHaveLength(2);
    expect(xml).toContain('title of engine/containers/start/204-started &lt;&amp;&gt;');
  });

  test('junit.xml of a run that met trouble (interrupted, stale expectations) still validates, with its properties', async () => {
    const expectations = {
      file: 'e.json',
      expected: [],
      unexpected: [],
      unexpectedErrors: 0,
      strict: true,
      stale: [{ id: 'x', outcome: 'failed' as const, reason: 'r', actual: ['passed' as const] }],
    };
    const xml = junitXml({ ...report, harnessErrors: ['interrupted by SIGTERM: the report holds the checks that finished'], expectations });
    expect(await xsdValid(xml)).toBe(true);
    expect(xml.match(/<testcase /g)).toHaveLength(results.length + 2);
    expect(xml).toContain('<property name="verdict" value="interrupted"/>');
  });

  test('the XSD check has teeth: a test case without a name is invalid', async () => {
    expect(await xsdValid(junitXml(report).replace(/<testcase classname="([^"]*)" name="[^"]*"/, '<testcase classname="$1"'))).toBe(false);
  });

  test('summary.md states the verdict, the counts and each failure with its requirement', () => {
    const md = markdownSummary(report);
    expect(md).toContain('the harness failed: 1 check ended in error; 1 check failed');
    expect(md).toContain('| 7 | 1 | 1 | 1 | 1 | 1 | 1 | 1 |');
    expect(md).toContain('`engine/containers/start/304-already-started`');
  });

  test('summary.md cuts a long message at a word, with an ellipsis, never mid-word', () => {
    const message = `${'the container answered '.repeat(12)}with status 500 | and more`;
    const md = markdownSummary({ ...report, results: report.results.map((r) => (r.outcome === 'failed' ? { ...r, message } : r)) });
    const shown = clip(message, 200);
    expect(md).toContain(`| ${shown} |`);
    expect(shown).toMatch(/…$/);
    // The text before the ellipsis is the message's own, up to the end of a word.
    expect(message.startsWith(shown.slice(0, -1))).toBe(true);
    expect(message[shown.length - 1]).toBe(' ');
  });

  test('clip keeps short text whole and cuts long text at a word boundary', () => {
    expect(clip('short', 10)).toBe('short');
    expect(clip('one two three four', 12)).toBe('one two…');
    expect(clip('one two three four', 12).length).toBeLessThanOrEqual(12);
    expect(clip('x'.repeat(30), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
