import { SUITES } from '../catalog/types.ts';
import type { Report, ResultEntry } from './report.ts';

/**
 * Natural order of section titles: numbers compare as numbers, so "> 2. POST" comes before
 * "> 10. POST" (report.html's script sorts with the same collator).
 */
const NATURAL = new Intl.Collator('en', { numeric: true });
export const compareSections = (a: string, b: string): number => NATURAL.compare(a, b);

/** The spec section a result belongs to: the section of its first requirement. */
export function sectionOf(report: Report, result: ResultEntry): string {
  const req = report.requirements.find((r) => r.suite === result.suite && result.requirements.includes(r.id));
  return req?.section ?? 'Unsectioned';
}

/** Results grouped by suite (in suite order) and spec section (in natural order); results keep report order. */
export function groupBySection(report: Report): Map<string, ResultEntry[]> {
  const groups = new Map<string, { suite: string; section: string; results: ResultEntry[] }>();
  for (const r of report.results) {
    const section = sectionOf(report, r);
    const key = `${r.suite} — ${section}`;
    const group = groups.get(key) ?? { suite: r.suite, section, results: [] };
    group.results.push(r);
    groups.set(key, group);
  }
  const suiteRank = (suite: string): number => (SUITES as readonly string[]).indexOf(suite);
  const sorted = [...groups].sort(([, a], [, b]) => suiteRank(a.suite) - suiteRank(b.suite) || compareSections(a.section, b.section));
  return new Map(sorted.map(([key, group]) => [key, group.results]));
}

/** Expected vs actual, and the transcript, as plain text for formats that carry text. */
export function evidenceText(r: ResultEntry): string {
  const lines: string[] = [r.message];
  if (r.expected !== undefined) lines.push(`expected: ${JSON.stringify(r.expected)}`);
  if (r.actual !== undefined) lines.push(`actual: ${JSON.stringify(r.actual)}`);
  if (r.seed !== undefined) lines.push(`seed: ${r.seed} (replay with --seed ${r.seed})`);
  for (const o of r.observations ?? []) lines.push(`observed: ${o}`);
  for (const t of r.transcript ?? []) {
    lines.push(`> ${t.request.method} ${t.request.path}`);
    if (t.request.body) lines.push(`> ${t.request.body}`);
    if (t.response) lines.push(`< ${t.response.status}${t.response.body ? ` ${t.response.body}` : ''}`);
    for (const s of t.stream ?? []) lines.push(`${s.direction === 'sent' ? '>>' : '<<'} ${s.data}`);
    if (t.error) lines.push(`! ${t.error}`);
  }
  return lines.join('\n');
}
