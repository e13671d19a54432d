import { appendFileSync } from 'node:fs';
import type { Report, ResultEntry } from '../report.ts';
import { markdownSummary } from './markdown.ts';

/** What a GitHub Actions step reads: its environment, and where workflow commands go. */
export interface GithubStep {
  env: NodeJS.ProcessEnv;
  out: { write(text: string): unknown };
}

/**
 * `--format github` (on by default where GITHUB_ACTIONS=true): summary.md appended to the job's
 * step summary, and one `::error` workflow command per new failure, which GitHub shows as an
 * annotation. A new failure is one the gate's expectations do not cover (every failure when the
 * run has no expectations); stale expectations are warnings, errors under --strict-expectations.
 */
export function writeGithub(report: Report, step: GithubStep = { env: process.env, out: process.stdout }): void {
  const summaryFile = step.env.GITHUB_STEP_SUMMARY;
  if (summaryFile) appendFileSync(summaryFile, markdownSummary(report));
  for (const line of githubAnnotations(report)) step.out.write(`${line}\n`);
}

export function githubAnnotations(report: Report): string[] {
  const failures = newFailures(report).map((r) => command('error', `${r.outcome}: ${r.suite} ${r.id}`, r.message));
  const stale = (report.expectations?.stale ?? []).map((e) =>
    command(report.expectations?.strict ? 'error' : 'warning', `stale expectation: ${e.suite ?? ''} ${e.id}`.replace('  ', ' '), staleMessage(e)),
  );
  const harness = report.harnessErrors.map((e) => command('error', 'conformance harness', e));
  return [...harness, ...failures, ...stale];
}

function newFailures(report: Report): ResultEntry[] {
  const bad = report.results.filter((r) => r.outcome === 'failed' || r.outcome === 'error');
  const unexpected = report.expectations ? new Set(report.expectations.unexpected) : undefined;
  return unexpected ? bad.filter((r) => unexpected.has(`${r.suite} ${r.id}`)) : bad;
}

const staleMessage = (e: { outcome: string; actual: string[] }) => `expected ${e.outcome}, got ${e.actual.join(', ')}: the departure went away`;

/** A workflow command, its property and message escaped as GitHub's runner unescapes them. */
function command(kind: 'error' | 'warning', title: string, message: string): string {
  const data = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const property = (s: string) => data(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
  return `::${kind} title=${property(title)}::${data(message)}`;
}
