import type { Report, ResultEntry } from '../report.ts';
import { evidenceText, groupBySection } from '../sections.ts';

const escape = (text: string) =>
  text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
const seconds = (ms: number) => (ms / 1000).toFixed(3);

/**
 * junit.xml: one test case per check, named by requirement ID and title, one test suite per spec
 * section. Failed checks carry expected vs actual; errors are <error>; skipped and
 * not-applicable are <skipped>; warnings and observations go to <system-out>.
 */
export function junitXml(report: Report): string {
  const suites = [...groupBySection(report)].map(([name, results], i) => testSuite(report, name, results, i));
  const count = (o: ResultEntry['outcome'][]) => report.results.filter((r) => o.includes(r.outcome)).length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${escape(report.tool.name)}" tests="${report.results.length}" failures="${count(['failed'])}" errors="${count(['error'])}" time="${seconds(report.durationMs)}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}

function testSuite(report: Report, name: string, results: ResultEntry[], id: number): string {
  const count = (o: ResultEntry['outcome'][]) => results.filter((r) => o.includes(r.outcome)).length;
  const time = results.reduce((t, r) => t + r.durationMs, 0);
  return [
    `  <testsuite name="${escape(name)}" tests="${results.length}" failures="${count(['failed'])}" errors="${count(['error'])}" skipped="${count(['skipped', 'not-applicable'])}" time="${seconds(time)}" timestamp="${report.startedAt.slice(0, 19)}" hostname="${escape(report.target.url)}" id="${id}" package="${escape(results[0]!.suite)}">`,
    ...results.map(testCase),
    '  </testsuite>',
  ].join('\n');
}

function testCase(r: ResultEntry): string {
  const open = `    <testcase classname="${escape(`${r.suite}.${r.requirements[0]}`)}" name="${escape(`${r.requirements.join(' ')}: ${r.title}`)}" time="${seconds(r.durationMs)}"`;
  const evidence = escape(evidenceText(r));
  const message = escape(r.message.split('\n')[0]!.slice(0, 500));
  switch (r.outcome) {
    case 'failed':
      return `${open}>\n      <failure message="${message}" type="failed">${evidence}</failure>\n    </testcase>`;
    case 'error':
      return `${open}>\n      <error message="${message}" type="harness-error">${evidence}</error>\n    </testcase>`;
    case 'skipped':
    case 'not-applicable':
      return `${open}>\n      <skipped message="${escape(`${r.outcome}: `)}${message}"/>\n    </testcase>`;
    case 'warning':
    case 'informational':
      return `${open}>\n      <system-out>${escape(`${r.outcome}: `)}${evidence}</system-out>\n    </testcase>`;
    default:
      return `${open}/>`;
  }
}
