import path from 'node:path';
import { UsageError } from '../target/endpoint.ts';
import { mergeShardReports, readShardReport, shardDisagreement, type ShardReport } from '../report/merge.ts';
import { BLOB_DIR, blobFilesIn } from '../run/shard.ts';
import { strictParse } from './run-args.ts';
import { writableDir } from './inputs.ts';
import { COMMAND_HELP } from './usage.ts';

/**
 * `conformance report merge DIR... [--report-dir OUT]`: one report from the report directories
 * of the shards of a run (`conformance run --shard i/n`). Exit codes are the run's.
 */
export async function reportCommand(argv: string[], out: NodeJS.WritableStream): Promise<number> {
  const [verb, ...rest] = argv;
  if (verb === '--help' || verb === '-h') {
    out.write(COMMAND_HELP.report!);
    return 0;
  }
  if (verb !== 'merge') throw new UsageError(`report takes 'merge', got '${verb ?? ''}'`);
  const { values, positionals: dirs } = strictParse(rest, { 'report-dir': { type: 'string' } });
  const reportDir = values['report-dir'] ?? 'reports';
  const shards = readShards(dirs, reportDir);
  writableDir('--report-dir', reportDir);
  const blobs = shards.map((s) => blobsOf(s));

  // Loaded only now: vitest is heavy, and usage errors should answer at once.
  const { collectFromBlobs } = await import('../report/merge-blobs.ts');
  const { PROJECT_ROOT, exitCodeOf } = await import('../run/run-conformance.ts');
  const { newRunId } = await import('../fixtures/labels.ts');
  const { toolInfo } = await import('../run/tool-info.ts');
  const { DEFAULT_FORMATS, writeFormats } = await import('../report/formats/index.ts');
  const { mergeAllureResults } = await import('../report/allure.ts');
  const { consoleSummary } = await import('../report/console.ts');

  const collector = await collectFromBlobs(blobs.flat(), PROJECT_ROOT);
  const report = mergeShardReports({
    shards,
    records: collector.records,
    harnessErrors: collector.harnessErrors,
    runId: newRunId(),
    command: ['conformance', 'report', ...argv],
    tool: toolInfo(),
  });
  await writeFormats(reportDir, report, DEFAULT_FORMATS);
  mergeAllureResults(dirs, reportDir);
  out.write(consoleSummary(report, path.join(reportDir, 'report.json')));
  return exitCodeOf(report);
}

function readShards(dirs: string[], reportDir: string): ShardReport[] {
  if (!dirs.length) throw new UsageError('report merge needs the report directories of the shards (report merge DIR... [--report-dir OUT])');
  if (dirs.some((d) => path.resolve(d) === path.resolve(reportDir)))
    throw new UsageError(`--report-dir '${reportDir}' is one of the shard directories: merge into another`);
  const shards = dirs.map((dir) => {
    const shard = readShardReport(dir);
    if (typeof shard === 'string') throw new UsageError(shard);
    return shard;
  });
  const problem = shardDisagreement(shards);
  if (problem) throw new UsageError(problem);
  return shards;
}

function blobsOf(shard: ShardReport): string[] {
  const files = blobFilesIn(shard.dir);
  if (!files.length) throw new UsageError(`'${shard.dir}' holds no vitest blob report (${BLOB_DIR}/*.json)`);
  return files;
}
