import type { RequirementIndex } from '../catalog/load.ts';
import type { RequirementLevel, SuiteName } from '../catalog/types.ts';
import { BREACH } from '../check/execute.ts';
import type { CheckRecord } from '../check/types.ts';
import type { ResultEntry } from '../report/report.ts';
import type { ExchangeFinding, ExchangeRule } from './exchange-judge.ts';
import { exchangeRules, observedCheckId, ruleRequirement } from './suite-judge.ts';

const RULE_TITLE: Record<ExchangeRule, string> = {
  'status-documented': 'answers with a status code its endpoint documents',
  'content-type-documented': 'answers with the Content-Type its endpoint documents',
  'shape-documented': 'answers with a body of the shape its endpoint documents for that status and version',
  'headers-documented': 'answers with the headers its endpoint documents',
};

/**
 * The verdicts of the judge of every exchange, as results of their own: one per (suite, endpoint,
 * rule) that departed, naming each status that departed and the check whose exchange first showed
 * it, and one per (suite, rule) that sums up the answers judged when none departed. A departure
 * that a targeted check already reports (a check that met it failing naming the same requirement,
 * or the failures of every check that met it) is not repeated; one a check of another endpoint
 * fails the requirement for is not that check's to report.
 */
export function observedResults(suites: SuiteName[], records: CheckRecord[], index: RequirementIndex): ResultEntry[] {
  return suites.flatMap((suite) =>
    observedOfSuite(
      suite,
      records.filter((r) => r.suite === suite),
      index,
    ),
  );
}

/** Requirement levels, the most severe first. */
const LEVELS: readonly RequirementLevel[] = ['required', 'recommended', 'informational'];

/** What the run's answers showed of one endpoint and rule: a finding per status (with the check that met it first), and every check that met one. */
interface Departure {
  seen: Array<{ finding: ExchangeFinding; check: CheckRecord }>;
  checks: Set<string>;
  /** The checks that met each status. */
  metBy: Map<number, Set<string>>;
  allFailed: boolean;
}

function observedOfSuite(suite: SuiteName, records: CheckRecord[], index: RequirementIndex): ResultEntry[] {
  const judged = new Map<string, number>();
  const departures = new Map<string, Departure>();
  for (const record of records) {
    const exchanges = record.outcome.exchanges;
    if (!exchanges) continue;
    for (const [endpoint, n] of Object.entries(exchanges.judged)) judged.set(endpoint, (judged.get(endpoint) ?? 0) + n);
    const failed = record.outcome.status === 'failed' || record.outcome.status === 'warning';
    for (const finding of exchanges.findings) {
      const key = `${finding.endpoint} ${finding.rule}`;
      const departure: Departure = departures.get(key) ?? { seen: [], checks: new Set<string>(), metBy: new Map(), allFailed: true };
      departures.set(key, departure);
      if (!departure.seen.some((s) => s.finding.status === finding.status)) departure.seen.push({ finding, check: record });
      departure.checks.add(record.id);
      departure.metBy.set(finding.status, (departure.metBy.get(finding.status) ?? new Set<string>()).add(record.id));
      departure.allFailed &&= failed;
    }
  }
  const reported = alreadyReported(records);
  const reportedByAMeeter = (s: Departure['seen'][number], metBy: Departure['metBy']): boolean =>
    [...(metBy.get(s.finding.status) ?? [])].some((check) => reported.get(check)?.has(s.finding.requirement));
  const results: ResultEntry[] = [];
  for (const departure of departures.values()) {
    // Reported already: a check that met this answer fails naming the same requirement, or every
    // check that met it failed (its own result shows the exchange).
    if (departure.seen.every((s) => reportedByAMeeter(s, departure.metBy)) || departure.allFailed) continue;
    results.push(departureResult(suite, departure, index));
  }
  const answers = [...judged.values()].reduce((a, b) => a + b, 0);
  for (const rule of exchangeRules(suite)) {
    if ([...departures.values()].some((d) => d.seen[0]!.finding.rule === rule)) continue;
    results.push(summaryResult(suite, rule, answers, judged.size));
  }
  return results;
}

/** The requirements each check of the suite fails or warns about, by check. */
function alreadyReported(records: CheckRecord[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const r of records) {
    if (r.outcome.status !== 'failed' && r.outcome.status !== 'warning') continue;
    out.set(r.id, new Set((r.outcome.breaches ?? []).flatMap((b) => b.requirements)));
  }
  return out;
}

function departureResult(suite: SuiteName, { seen, checks }: Departure, index: RequirementIndex): ResultEntry {
  const { finding, check: first } = seen[0]!;
  const findings = seen.map((s) => s.finding);
  const requirement = index.get(finding.requirement);
  const ids = [...new Set(findings.map((f) => f.requirement))];
  // A shape departs from the schema of its status: two statuses may break two requirements.
  const level = LEVELS.find((l) => ids.some((id) => (index.get(id)?.level ?? 'required') === l))!;
  const more = checks.size - 1;
  const times = more > 0 ? ` (and in ${more} more check${more > 1 ? 's' : ''})` : '';
  const messages = findings.map((f) => f.message).join('; ');
  const message = `${messages}; seen in check ${first.id}${times}${requirement ? ` (spec: ${requirement.statement})` : ''}`;
  const shown = seen.flatMap(
    ({ finding: f, check }) => check.outcome.transcript.find((e) => e.request.method === f.method && e.response?.status === f.status) ?? [],
  );
  return {
    id: observedCheckId(suite, finding.rule, finding.endpoint),
    suite,
    title: `Every ${finding.endpoint} exchange of the run ${RULE_TITLE[finding.rule]}`,
    requirements: ids,
    endpoint: finding.endpoint,
    outcome: BREACH[level],
    message,
    durationMs: 0,
    breaches: findings.map((f) => ({ requirements: [f.requirement], named: true, message: f.message })),
    completed: true,
    ...(shown.length ? { transcript: shown } : {}),
  };
}

/** The check whose exchange first showed an observed departure (its message names it), or undefined for another result. */
export function firstCheckOf(result: Pick<ResultEntry, 'message'>): string | undefined {
  return SEEN_IN.exec(result.message)?.[1];
}

const SEEN_IN = /; seen in check (\S+)/;

function summaryResult(suite: SuiteName, rule: ExchangeRule, answers: number, endpoints: number): ResultEntry {
  const base = {
    id: observedCheckId(suite, rule),
    suite,
    title: `Every answer of the run ${RULE_TITLE[rule]}`,
    requirements: [ruleRequirement(suite, rule)],
    endpoint: null,
    durationMs: 0,
  };
  if (answers === 0) return { ...base, outcome: 'not-applicable', message: 'no answer of a documented endpoint was received: nothing to judge' };
  return { ...base, outcome: 'passed', message: `${answers} answers from ${endpoints} endpoints judged; none departed`, verified: answers, completed: true };
}
