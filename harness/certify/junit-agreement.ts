import type { Report } from '../report/report.ts';
import { caseIdentity, escapeXml, type CaseIdentity } from '../report/formats/junit.ts';

/** The problems listed one by one; beyond them, a count. */
const LISTED = 10;
const TESTCASE = /<testcase classname="([^"]*)" name="([^"]*)"[^>]*?(\/>|>([\s\S]*?)<\/testcase>)/g;
const RUN_CASES = 'conformance.run';

type Kind = CaseIdentity['kind'];

/**
 * Whether junit.xml says of every check what report.json says: the same test cases, each counted
 * the same way (failure, error, skipped or ok). A CI system reads the one, a script the other; a
 * bundle whose two disagree proves nothing.
 */
export function junitAgreement(report: Report, junit: string): string[] {
  const fromReport = new Map<string, Kind[]>();
  for (const r of report.results) {
    const c = caseIdentity(report, r);
    add(fromReport, key(escapeXml(c.classname), escapeXml(c.name)), c.kind);
  }
  const fromJunit = new Map<string, Kind[]>();
  for (const m of junit.matchAll(TESTCASE)) {
    if (m[1] === RUN_CASES) continue;
    add(fromJunit, key(m[1]!, m[2]!), kindOf(m[4] ?? ''));
  }
  const problems: string[] = [];
  for (const k of new Set([...fromReport.keys(), ...fromJunit.keys()])) {
    const said = (fromReport.get(k) ?? []).sort().join(', ') || 'absent';
    const written = (fromJunit.get(k) ?? []).sort().join(', ') || 'absent';
    if (said !== written) problems.push(`junit.xml and report.json disagree on ${readable(k)}: junit.xml ${written}, report.json ${said}`);
  }
  if (problems.length <= LISTED) return problems;
  return [...problems.slice(0, LISTED), `junit.xml and report.json disagree on ${problems.length - LISTED} more test cases`];
}

const key = (classname: string, name: string) => `${classname}\n${name}`;
const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&amp;': '&' };
const readable = (k: string) => k.replace('\n', ' ').replace(/&(lt|gt|quot|amp);/g, (e) => ENTITIES[e]!);

function add(map: Map<string, Kind[]>, k: string, kind: Kind): void {
  const kinds = map.get(k) ?? [];
  kinds.push(kind);
  map.set(k, kinds);
}

function kindOf(inner: string): Kind {
  // Evidence inside a case is escaped: the only elements are the ones the writer puts there.
  const first = /<(failure|error|skipped)\b/.exec(inner)?.[1];
  return first === 'failure' ? 'failure' : first === 'error' ? 'error' : first === 'skipped' ? 'skipped' : 'ok';
}
