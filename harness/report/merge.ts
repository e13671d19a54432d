import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { RequirementIndex } from '../catalog/load.ts';
import { loadAllProofs } from '../catalog/proofs.ts';
import type { CheckRecord } from '../check/types.ts';
import { isObservedResult } from '../judge/suite-judge.ts';
import { observedResults } from '../judge/observed-results.ts';
import { coverage, summarize, toResultEntry, type MergedShard, type Report } from './report.ts';

/** One shard's report directory and the report.json it holds. */
export interface ShardReport {
  dir: string;
  report: Report;
}

/** Reads `<dir>/report.json`; returns a one-line problem instead when it is not a shard's report. */
export function readShardReport(dir: string): ShardReport | string {
  const file = path.join(dir, 'report.json');
  if (!existsSync(file)) return `'${dir}' holds no report.json`;
  let report: Report;
  try {
    report = JSON.parse(readFileSync(file, 'utf8')) as Report;
  } catch (err) {
    return `'${file}' is not JSON: ${(err as Error).message.split('\n')[0]}`;
  }
  if (!report.shard) return `'${dir}' is not a shard's report (run it with --shard INDEX/COUNT)`;
  return { dir, report };
}

/**
 * Why the shards cannot be merged into one report: they ran against different targets, with
 * different seeds or suites, or they are not distinct shards of one split. A merged report of
 * those would describe a run that never happened.
 */
export function shardDisagreement(shards: ShardReport[]): string | undefined {
  const [first, ...rest] = shards;
  if (!first) return 'merge needs at least one shard report directory';
  const same = (pick: (r: Report) => unknown) => rest.find((s) => JSON.stringify(pick(s.report)) !== JSON.stringify(pick(first.report)));
  const checks: Array<[string, (r: Report) => unknown]> = [
    ['target', (r) => r.target],
    ['seed', (r) => r.seed],
    ['suites', (r) => r.suites],
    ['shard count', (r) => r.shard?.count],
  ];
  for (const [what, pick] of checks) {
    const other = same(pick);
    if (other)
      return `shards disagree on ${what}: '${first.dir}' has ${JSON.stringify(pick(first.report))}, '${other.dir}' has ${JSON.stringify(pick(other.report))}`;
  }
  const seen = new Map<number, string>();
  for (const s of shards) {
    const index = s.report.shard!.index;
    if (seen.has(index)) return `'${seen.get(index)}' and '${s.dir}' are the same shard ${index}/${s.report.shard!.count}`;
    seen.set(index, s.dir);
  }
  return undefined;
}

export interface MergeInput {
  shards: ShardReport[];
  /** The checks' records, from vitest's merge of the shards' blob reports. */
  records: CheckRecord[];
  /** Problems the merge itself saw (a suite file that did not load, a test without outcome). */
  harnessErrors: string[];
  runId: string;
  command: string[];
  tool: Report['tool'];
}

/** One report for the whole run: target, seed and suites from the shards, summary and coverage recomputed. */
export function mergeShardReports(input: MergeInput): Report {
  const { shards, records } = input;
  const first = shards[0]!.report;
  const index = RequirementIndex.load();
  // The judge's results are recomputed over every shard's exchanges, as one run would have them.
  const results = [...records.map(toResultEntry), ...observedResults(first.suites, records, index)];
  const start = Math.min(...shards.map((s) => Date.parse(s.report.startedAt)));
  const end = Math.max(...shards.map((s) => Date.parse(s.report.startedAt) + s.report.durationMs));
  return {
    schemaVersion: 1,
    tool: input.tool,
    target: first.target,
    suites: first.suites,
    ...(first.options ? { options: first.options } : {}),
    seed: first.seed,
    runId: input.runId,
    startedAt: new Date(start).toISOString(),
    durationMs: end - start,
    command: input.command,
    summary: summarize(results),
    results,
    requirements: coverage(first.suites, index.all(), results, loadAllProofs()),
    harnessErrors: [...new Set([...shards.flatMap((s) => s.report.harnessErrors), ...input.harnessErrors, ...completeness(shards, records.length)])],
    ...leftoversOf(shards),
    mergedFrom: shards.map((s) => mergedShard(s.report)),
  };
}

/** The shards' leftovers, when any shard left something behind. */
function leftoversOf(shards: ShardReport[]): { leftovers?: string[] } {
  const leftovers = shards.flatMap((s) => s.report.leftovers ?? []);
  return leftovers.length ? { leftovers } : {};
}

/** A merge that misses a shard, or whose checks do not add up to the shards', is a harness problem. */
function completeness(shards: ShardReport[], merged: number): string[] {
  const problems: string[] = [];
  const count = shards[0]!.report.shard!.count;
  const present = new Set(shards.map((s) => s.report.shard!.index));
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !present.has(i));
  if (missing.length) problems.push(`merged ${present.size} of ${count} shards: missing ${missing.map((i) => `${i}/${count}`).join(', ')}`);
  const checks = (results: ReadonlyArray<{ id: string }>) => results.filter((r) => !isObservedResult(r.id)).length;
  const expected = shards.reduce((n, s) => n + checks(s.report.results), 0);
  if (merged !== expected) problems.push(`the merge holds ${merged} check results, the shards' reports ${expected}`);
  return problems;
}

function mergedShard(report: Report): MergedShard {
  return {
    runId: report.runId,
    ...(report.shard ? { shard: report.shard } : {}),
    startedAt: report.startedAt,
    durationMs: report.durationMs,
    results: report.results.length,
  };
}
