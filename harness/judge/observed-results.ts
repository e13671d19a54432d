import type { RequirementIndex } from '../catalog/load.ts';
import type { SuiteName } from '../catalog/types.ts';
import { BREACH } from '../check/execute.ts';
import type { CheckRecord } from '../check/types.ts';
import type { ResultEntry } from '../report/report.ts';
import { EXCHANGE_RULES, type ExchangeFinding, type ExchangeRule } from './exchange-judge.ts';
import { observedCheckId, ruleRequirement } from './suite-judge.ts';

const RULE_TITLE: Record<ExchangeRule, string> = {
  'status-documented': 'answers with a status code its endpoint documents',
  'content-type-documented': 'answers with the Content-Type its endpoint documents',
  'shape-documented': 'answers with a body of the shape its endpoint documents for that status and version',
};

/**
 * The verdicts of the judge of every exchange, as results of their own: one per (suite, endpoint,
 * rule) that departed, carrying the first departure and the check whose exchange showed it, and
 * one per (suite, rule) that sums up the answers judged when none departed. A departure that a
 * targeted check already reports (a failing result naming the same requirement, or the failures of
 * every check that met it) is not repeated.
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

function observedOfSuite(suite: SuiteName, records: CheckRecord[], index: RequirementIndex): ResultEntry[] {
  const judged = new Map<string, number>();
  const departures = new Map<string, { finding: ExchangeFinding; check: CheckRecord; count: number; allFailed: boolean }>();
  for (const record of records) {
    const exchanges = record.outcome.exchanges;
    if (!exchanges) continue;
    for (const [endpoint, n] of Object.entries(exchanges.judged)) judged.set(endpoint, (judged.get(endpoint) ?? 0) + n);
    for (const finding of exchanges.findings) {
      const key = `${finding.endpoint} ${finding.rule}`;
      const seen = departures.get(key);
      const failed = record.outcome.status === 'failed' || record.outcome.status === 'warning';
      if (seen) {
        seen.count++;
        seen.allFailed &&= failed;
      } else departures.set(key, { finding, check: record, count: 1, allFailed: failed });
    }
  }
  const reported = alreadyReported(records);
  const results: ResultEntry[] = [];
  for (const { finding, check, count, allFailed } of departures.values()) {
    // Reported already: a check fails naming the same requirement, or every check that met this
    // answer failed (its own result shows the exchange).
    if (reported.has(finding.requirement) || allFailed) continue;
    results.push(departureResult(suite, finding, check, count, index));
  }
  const answers = [...judged.values()].reduce((a, b) => a + b, 0);
  for (const rule of EXCHANGE_RULES) {
    if ([...departures.values()].some((d) => d.finding.rule === rule)) continue;
    results.push(summaryResult(suite, rule, answers, judged.size));
  }
  return results;
}

/** Requirements that a check of the suite already fails or warns about. */
function alreadyReported(records: CheckRecord[]): Set<string> {
  const out = new Set<string>();
  for (const r of records) {
    if (r.outcome.status !== 'failed' && r.outcome.status !== 'warning') continue;
    for (const b of r.outcome.breaches ?? []) for (const id of b.requirements) out.add(id);
  }
  return out;
}

function departureResult(suite: SuiteName, finding: ExchangeFinding, check: CheckRecord, count: number, index: RequirementIndex): ResultEntry {
  const requirement = index.get(finding.requirement);
  const level = requirement?.level ?? 'required';
  const times = count > 1 ? ` (and in ${count - 1} more check${count > 2 ? 's' : ''})` : '';
  const message = `${finding.message}; seen in check ${check.id}${times}${requirement ? ` (spec: ${requirement.statement})` : ''}`;
  const exchange = check.outcome.transcript.find((e) => e.request.method === finding.method && e.response?.status === finding.status);
  return {
    id: observedCheckId(suite, finding.rule, finding.endpoint),
    suite,
    title: `Every ${finding.endpoint} exchange of the run ${RULE_TITLE[finding.rule]}`,
    requirements: [finding.requirement],
    endpoint: finding.endpoint,
    outcome: BREACH[level],
    message,
    durationMs: 0,
    breaches: [{ requirements: [finding.requirement], named: true, message: finding.message }],
    completed: true,
    ...(exchange ? { transcript: [exchange] } : {}),
  };
}

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
