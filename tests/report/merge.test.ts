import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadAllProofs } from '../../harness/catalog/proofs.ts';
import { isObservedResult } from '../../harness/judge/suite-judge.ts';
import { RequirementIndex } from '../../harness/catalog/load.ts';
import { shardDisagreement, type ShardReport } from '../../harness/report/merge.ts';
import { coverage, summarize, type Report } from '../../harness/report/report.ts';
import { validateReport } from '../../harness/report/validate-report.ts';
import { runCli, runCommand } from '../support/run-cli.ts';
import { checkIdOf, readAllureResults } from './support/allure-results.ts';
import { report as synthetic } from './support/synthetic-report.ts';

const conformance = (...args: string[]) => runCommand(args, { timeoutMs: 120_000 });

const shard = (dir: string, index: number, count: number, change: Partial<Report> = {}): ShardReport => ({
  dir,
  report: { ...synthetic, shard: { index, count }, ...change },
});

/** A shard's report directory holding only report.json (no blob): enough for the refusals. */
function shardDir(s: ShardReport): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'shard-'));
  writeFileSync(path.join(dir, 'report.json'), JSON.stringify(s.report));
  return dir;
}

/** The checks' results (the judge's observed results are recomputed over the whole run by the merge). */
const ids = (report: Report) =>
  report.results
    .filter((r) => !isObservedResult(r.id))
    .map((r) => `${r.suite} ${r.id}`)
    .sort();
const covered = (report: Report) =>
  report.requirements
    .filter((r) => r.outcome !== 'uncovered')
    .map((r) => r.id)
    .sort();

// Side by side: each test waits on child processes.
describe.concurrent('conformance report merge', () => {
  // The system and containers files fall in shard 2/2 of engine-1.22; versioning puts checks in 1/2.
  const grep = 'engine/(system|containers/start|versioning)';

  test('merges shards into one report: the union of their results, recomputed summary and coverage, valid; and their Allure results', async ({ expect }) => {
    const [one, two] = await Promise.all(
      [1, 2].map((i) => runCli(['--suite', 'engine-1.22', '--grep', grep, '--seed', '5', '--shard', `${i}/2`, '--format', 'json,allure'])),
    );
    for (const run of [one!, two!]) {
      expect(run.status, run.stderr).toBe(0);
      expect(run.report!.results.length).toBeGreaterThan(0);
      expect(existsSync(path.join(run.reportDir, 'blob'))).toBe(true);
    }
    expect(ids(one!.report!).filter((id) => ids(two!.report!).includes(id))).toEqual([]);

    const out = path.join(mkdtempSync(path.join(tmpdir(), 'merged-')), 'out');
    const merge = await conformance('report', 'merge', one!.reportDir, two!.reportDir, '--report-dir', out);
    expect(merge.status, merge.stderr).toBe(0);
    const merged = JSON.parse(readFileSync(path.join(out, 'report.json'), 'utf8')) as Report;

    expect(ids(merged)).toEqual([...ids(one!.report!), ...ids(two!.report!)].sort());
    expect(merged.summary).toEqual(summarize(merged.results));
    expect(merged.requirements).toEqual(coverage(['engine-1.22'], RequirementIndex.load().all(), merged.results, loadAllProofs()));
    expect(covered(merged)).toEqual([...new Set([...covered(one!.report!), ...covered(two!.report!)])].sort());
    expect(merged.results.filter((r) => isObservedResult(r.id)).length).toBeGreaterThan(0);
    expect(merged.target).toEqual(one!.report!.target);
    expect(merged.seed).toBe(5);
    expect(merged.mergedFrom!.map((m) => m.shard)).toEqual([
      { index: 1, count: 2 },
      { index: 2, count: 2 },
    ]);
    expect(merged.harnessErrors).toEqual([]);
    expect(validateReport(merged)).toEqual([]);
    expect(existsSync(path.join(out, 'junit.xml'))).toBe(true);
    expect(readAllureResults(path.join(out, 'allure-results')).map(checkIdOf).sort()).toEqual(
      merged.results
        .filter((r) => !isObservedResult(r.id))
        .map((r) => r.id)
        .sort(),
    );
  }, 300_000);

  test.for([
    ['seed', { seed: 8 }, /shards disagree on seed/],
    ['target', { target: { ...synthetic.target, url: 'tcp://other:2375' } }, /shards disagree on target/],
  ] as const)('refuses shards that disagree on %s: one line, exit 2', async ([, change, message], { expect }) => {
    const { status, stderr } = await conformance(
      'report',
      'merge',
      shardDir(shard('a', 1, 2)),
      shardDir(shard('b', 2, 2, change)),
      '--report-dir',
      mkdtempSync(path.join(tmpdir(), 'out-')),
    );
    expect(status).toBe(2);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(message);
  });

  test('refuses a directory that is no shard, or a shard without its blob report', async ({ expect }) => {
    const notShard = mkdtempSync(path.join(tmpdir(), 'plain-'));
    writeFileSync(path.join(notShard, 'report.json'), JSON.stringify(synthetic));
    const empty = mkdtempSync(path.join(tmpdir(), 'empty-'));
    mkdirSync(path.join(empty, 'sub'));
    const [plain, noBlob, noReport, nothing] = await Promise.all([
      conformance('report', 'merge', notShard),
      conformance('report', 'merge', shardDir(shard('a', 1, 1)), '--report-dir', mkdtempSync(path.join(tmpdir(), 'out-'))),
      conformance('report', 'merge', path.join(empty, 'sub')),
      conformance('report', 'merge'),
    ]);
    expect(plain.stderr).toMatch(/not a shard's report \(run it with --shard/);
    expect(noBlob.status).toBe(2);
    expect(noBlob.stderr).toMatch(/holds no vitest blob report/);
    expect(noReport.stderr).toMatch(/holds no report\.json/);
    expect(nothing.status).toBe(2);
  });
});

describe('shardDisagreement', () => {
  test('shards of one split agree', () => {
    expect(shardDisagreement([shard('a', 1, 3), shard('b', 3, 3)])).toBeUndefined();
  });

  test('names what differs and where', () => {
    expect(shardDisagreement([shard('a', 1, 2), shard('b', 2, 2, { suites: ['engine-1.18'] })])).toMatch(
      /disagree on suites: 'a' has \["engine-1.22"\], 'b' has \["engine-1.18"\]/,
    );
    expect(shardDisagreement([shard('a', 1, 2), shard('b', 2, 3)])).toMatch(/disagree on shard count/);
    expect(shardDisagreement([shard('a', 1, 2), shard('b', 1, 2)])).toMatch(/'a' and 'b' are the same shard 1\/2/);
    expect(shardDisagreement([])).toMatch(/at least one/);
  });
});
