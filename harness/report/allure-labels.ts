import { RequirementIndex } from '../catalog/load.ts';
import type { Requirement, RequirementLevel } from '../catalog/types.ts';
import type { CheckRecord } from '../check/types.ts';

/**
 * Labels the running vitest test for Allure from its check's record: requirement IDs, the suite
 * as epic, the spec sections as features, the endpoint as story, the graded outcome as a
 * parameter, and the evidence of a non-passing outcome. Runs inside the test, in the worker,
 * and is loaded only when the run writes Allure results. allure-js-commons is an optional peer
 * dependency of the package: imported here, not where the suite bundle's imports are hoisted.
 */
export async function labelForAllure(record: CheckRecord): Promise<void> {
  const allure = await import('allure-js-commons');
  const requirements = record.requirements.map((id) => requirementIndex().get(id)).filter((r): r is Requirement => r !== undefined);
  await allure.labels(
    ...record.requirements.map((value) => ({ name: 'requirement', value })),
    { name: allure.LabelName.EPIC, value: record.suite },
    ...distinct(requirements.map((r) => r.section)).map((value) => ({ name: allure.LabelName.FEATURE, value })),
    ...(record.endpoint ? [{ name: allure.LabelName.STORY, value: record.endpoint }] : []),
    { name: allure.LabelName.SEVERITY, value: severityOf(requirements) },
  );
  const { outcome } = record;
  await allure.parameter('outcome', outcome.status, { excluded: true });
  if (outcome.seed !== undefined) await allure.parameter('seed', String(outcome.seed), { excluded: true });
  await allure.description(describe(record, requirements));
  if (outcome.status !== 'passed' && outcome.transcript.length) {
    await allure.attachment('transcript', JSON.stringify(outcome.transcript, null, 2), allure.ContentType.JSON);
  }
}

let index: RequirementIndex | undefined;
function requirementIndex(): RequirementIndex {
  index ??= RequirementIndex.load();
  return index;
}

const SEVERITY: Record<RequirementLevel, string> = { required: 'critical', recommended: 'normal', informational: 'minor' };

/** The severity of the strongest requirement the check verifies. */
function severityOf(requirements: Requirement[]): string {
  const levels = new Set(requirements.map((r) => r.level));
  const level = (['required', 'recommended', 'informational'] as const).find((l) => levels.has(l)) ?? 'informational';
  return SEVERITY[level];
}

function describe(record: CheckRecord, requirements: Requirement[]): string {
  const { outcome } = record;
  const lines = [`**${outcome.status}**${outcome.message ? `: ${outcome.message}` : ''}`, ''];
  for (const r of requirements) lines.push(`- \`${r.id}\` (${r.level}, ${r.section}): ${r.statement}`);
  if (outcome.expected !== undefined) lines.push('', 'Expected:', fenced(outcome.expected));
  if (outcome.actual !== undefined) lines.push('', 'Actual:', fenced(outcome.actual));
  for (const o of outcome.observations) lines.push('', `Observation: ${o}`);
  return lines.join('\n');
}

function fenced(value: unknown): string {
  return ['```json', JSON.stringify(value, null, 2), '```'].join('\n');
}

function distinct(values: string[]): string[] {
  return [...new Set(values)];
}
