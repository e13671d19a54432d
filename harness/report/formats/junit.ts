import { clip } from './clip.ts';
import type { Report, ResultEntry } from '../report.ts';
import type { Reproduction } from '../reproduce/index.ts';
import { evidenceText, groupBySection } from '../sections.ts';
import { INTERRUPTED, UNREACHABLE, isExpected, verdictOf, type Verdict } from '../verdict.ts';

export const escapeXml = (text: string): string =>
  text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
const seconds = (ms: number) => (ms / 1000).toFixed(3);
const firstLine = (text: string) => clip(text.split('\n')[0]!, 500);

/** One rendered <testcase> and how a CI system counts it. */
export interface Case {
  xml: string;
  kind: 'failure' | 'error' | 'skipped' | 'ok';
  durationMs: number;
}

/** The name of the test suite that carries the run's own verdict (properties and run-level cases). */
export const RUN_SUITE = 'conformance run';

/**
 * junit.xml: one test case per check, named by requirement ID and title, one test suite per spec
 * section. Failed checks carry expected vs actual; errors are <error>; skipped and not-applicable
 * are <skipped>, and so are departures the expectations file lists (as pytest does with xfail);
 * warnings and observations go to <system-out>. What the run itself met (interrupted, target
 * unreachable, harness failure, stale expectations) is a test case of its own in the
 * "conformance run" suite, whose properties state the verdict and exit code.
 */
export function junitXml(report: Report): string {
  const sections = [...groupBySection(report)].map(([name, results]) => ({
    name,
    pkg: results[0]!.suite,
    cases: results.map((r) => checkCase(report, r)),
  }));
  const verdict = verdictOf(report);
  const run = runCases(report, verdict);
  const all = [...sections, ...(run ? [{ name: RUN_SUITE, pkg: 'conformance', cases: run, properties: verdictProperties(report, verdict) }] : [])];
  const cases = all.flatMap((s) => s.cases);
  const count = (kind: Case['kind']) => cases.filter((c) => c.kind === kind).length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${escapeXml(report.tool.name)}" tests="${cases.length}" ` +
      `failures="${count('failure')}" errors="${count('error')}" time="${seconds(report.durationMs)}">`,
    ...all.map((s, i) => testSuite(report, { ...s, id: i })),
    '</testsuites>',
    '',
  ].join('\n');
}

interface SuiteXml {
  name: string;
  pkg: string;
  id: number;
  cases: Case[];
  properties?: Array<[string, string]>;
}

function testSuite(report: Report, s: SuiteXml): string {
  const count = (kind: Case['kind']) => s.cases.filter((c) => c.kind === kind).length;
  const time = s.cases.reduce((t, c) => t + c.durationMs, 0);
  const properties = s.properties
    ? [
        '    <properties>',
        ...s.properties.map(([name, value]) => `      <property name="${escapeXml(name)}" value="${escapeXml(value)}"/>`),
        '    </properties>',
      ]
    : [];
  return [
    `  <testsuite name="${escapeXml(s.name)}" tests="${s.cases.length}" ` +
      `failures="${count('failure')}" errors="${count('error')}" skipped="${count('skipped')}" time="${seconds(time)}" ` +
      `timestamp="${report.startedAt.slice(0, 19)}" hostname="${escapeXml(report.target.url)}" id="${s.id}" package="${escapeXml(s.pkg)}">`,
    ...properties,
    ...s.cases.map((c) => c.xml),
    '  </testsuite>',
  ].join('\n');
}

/** How a check's <testcase> is named, and how a CI system counts it: what a bundle check compares with report.json. */
export interface CaseIdentity {
  classname: string;
  name: string;
  kind: Case['kind'];
}

export function caseIdentity(report: Report, r: ResultEntry): CaseIdentity {
  const identity = { classname: `${r.suite}.${r.requirements[0]}`, name: `${r.requirements.join(' ')}: ${r.title}` };
  if ((r.outcome === 'failed' || r.outcome === 'error') && isExpected(report, r.suite, r.id)) return { ...identity, kind: 'skipped' };
  return { ...identity, kind: CASE_KIND[r.outcome] };
}

const CASE_KIND: Record<ResultEntry['outcome'], Case['kind']> = {
  failed: 'failure',
  error: 'error',
  skipped: 'skipped',
  'not-applicable': 'skipped',
  warning: 'ok',
  informational: 'ok',
  passed: 'ok',
};

function checkCase(report: Report, r: ResultEntry): Case {
  const { classname, name, kind } = caseIdentity(report, r);
  const open = `    <testcase classname="${escapeXml(classname)}" name="${escapeXml(name)}" time="${seconds(r.durationMs)}"`;
  const evidence = escapeXml(evidenceText(r));
  const message = escapeXml(firstLine(r.message));
  const repro = r.reproduce ? `\n      <system-out>${escapeXml(reproductionText(r.reproduce))}</system-out>` : '';
  const body = (inner: string): Case => ({ xml: `${open}>\n      ${inner}${repro}\n    </testcase>`, kind, durationMs: r.durationMs });
  if (kind === 'skipped' && (r.outcome === 'failed' || r.outcome === 'error')) {
    return body(
      `<skipped message="${escapeXml(`expected departure (${r.outcome}, listed in ${report.expectations!.file}): `)}${message}"/>` +
        `\n      <system-out>${evidence}</system-out>`,
    );
  }
  switch (r.outcome) {
    case 'failed':
      return body(`<failure message="${message}" type="failed">${evidence}</failure>`);
    case 'error':
      return body(`<error message="${message}" type="harness-error">${evidence}</error>`);
    case 'skipped':
    case 'not-applicable':
      return body(`<skipped message="${escapeXml(`${r.outcome}: `)}${message}"/>`);
    case 'warning':
    case 'informational':
      return body(`<system-out>${escapeXml(`${r.outcome}: `)}${evidence}</system-out>`);
    default:
      return { xml: `${open}/>`, kind, durationMs: r.durationMs };
  }
}

/** A result's reproduction as its own <system-out>: the command, then the script. */
function reproductionText(reproduce: Reproduction): string {
  return `reproduce: ${reproduce.command}\n\nreplay of the exchanges (sh, curl):\n${reproduce.script}`;
}

/** The run-level cases: one error per harness error, one failure per stale expectation under --strict-expectations. */
function runCases(report: Report, verdict: Verdict): Case[] | undefined {
  if (!report.harnessErrors.length && !report.expectations) return undefined;
  const runCase = (name: string, inner?: string): Case['xml'] =>
    `    <testcase classname="conformance.run" name="${escapeXml(name)}" time="0.000"${inner ? `>\n      ${inner}\n    </testcase>` : '/>'}`;
  const cases: Case[] = report.harnessErrors.map((e) => {
    const [name, type] = INTERRUPTED.test(e)
      ? ['run interrupted', 'interrupted']
      : UNREACHABLE.test(e)
        ? ['target unreachable', 'unreachable']
        : ['harness error', 'harness-error'];
    return { xml: runCase(name, `<error message="${escapeXml(firstLine(e))}" type="${type}">${escapeXml(e)}</error>`), kind: 'error', durationMs: 0 };
  });
  const strict = report.expectations?.strict ?? false;
  for (const s of report.expectations?.stale ?? []) {
    const message = escapeXml(`expected ${s.outcome}, now ${s.actual.join(', ')}: ${s.reason}`);
    cases.push(
      strict
        ? { xml: runCase(`stale expectation: ${s.id}`, `<failure message="${message}" type="stale-expectation"/>`), kind: 'failure', durationMs: 0 }
        : {
            xml: runCase(`stale expectation: ${s.id}`, `<system-out>stale (not failing without --strict-expectations): ${message}</system-out>`),
            kind: 'ok',
            durationMs: 0,
          },
    );
  }
  if (!cases.length) cases.push({ xml: runCase(`verdict: ${verdict.headline}`), kind: 'ok', durationMs: 0 });
  return cases;
}

function verdictProperties(report: Report, verdict: Verdict): Array<[string, string]> {
  return [
    ['verdict', verdict.status],
    ['verdict.headline', verdict.headline],
    ['exit-code', String(verdict.exitCode)],
    ['checks-finished', String(report.results.length)],
    ...(verdict.status === 'interrupted' ? [['interrupted', 'true'] as [string, string]] : []),
    ...(report.expectations ? [['expected-departures', String(report.expectations.expected.length)] as [string, string]] : []),
    ...verdict.reasons.slice(0, 20).map((r, i): [string, string] => [`reason.${i + 1}`, r]),
  ];
}
