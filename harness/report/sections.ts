import type { Report, ResultEntry } from './report.ts';

/** The spec section a result belongs to: the section of its first requirement. */
export function sectionOf(report: Report, result: ResultEntry): string {
  const req = report.requirements.find((r) => r.suite === result.suite && result.requirements.includes(r.id));
  return req?.section ?? 'Unsectioned';
}

/** Results grouped by suite and spec section, in report order. */
export function groupBySection(report: Report): Map<string, ResultEntry[]> {
  const groups = new Map<string, ResultEntry[]>();
  for (const r of report.results) {
    const key = `${r.suite} — ${sectionOf(report, r)}`;
    const list = groups.get(key) ?? [];
    list.push(r);
    groups.set(key, list);
  }
  return groups;
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
