import { availableParallelism } from 'node:os';
import path from 'node:path';
import { describeCounts, type ConformanceMutationReport } from '../mutation/report.ts';
import { Interruption } from '../run/interruption.ts';
import { UsageError } from '../target/endpoint.ts';
import { readJsonFile, writableDir } from './inputs.ts';
import { parseSuites, strictParse } from './run-args.ts';

/** Embedded targets a mutation process runs mutants on at once: most of a mutant's run waits on the target's timers. */
const DEFAULT_SLOTS = 12;

const positiveInt = (flag: string, raw: string | undefined): number | undefined => {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new UsageError(`${flag} takes a positive whole number, got '${raw}'`);
  return Number(raw);
};

/**
 * `conformance mutate [--suite S]... [--operator OP]... [--site TEXT]... [--sample N --seed S]
 * [--since REPORT] [--jobs N] [--slots N] [--break PCT] [--report-dir DIR]`: generated mutants of
 * the embedded reference, each run with the checks that reach its site; the report in Stryker's
 * format. Exit 1 when a legal mutant made a check fail or a score is below --break; interrupted
 * (Ctrl-C, SIGTERM), the report of the mutants settled so far and exit 130.
 */
export async function mutateCommand(argv: string[], out: NodeJS.WritableStream, err: NodeJS.WritableStream = process.stderr): Promise<number> {
  const { values } = strictParse(argv, {
    suite: { type: 'string', multiple: true },
    operator: { type: 'string', multiple: true },
    site: { type: 'string', multiple: true },
    sample: { type: 'string' },
    seed: { type: 'string' },
    since: { type: 'string' },
    jobs: { type: 'string' },
    slots: { type: 'string' },
    break: { type: 'string' },
    'report-dir': { type: 'string' },
    record: { type: 'boolean' },
    worker: { type: 'string' },
  });
  const partial = values.operator || values.site || values.sample || values.since;
  if (values.record && (partial || values.suite)) throw new UsageError('--record takes a full run: every suite, no --operator, --site, --sample or --since');
  const { mutate, runWorkerJob } = await import('../mutation/mutate.ts');
  if (values.worker) {
    await runWorkerJob(readJsonFile('--worker', values.worker) as Parameters<typeof runWorkerJob>[0]);
    return 0;
  }
  const breakAt = values.break === undefined ? undefined : Number(values.break);
  if (breakAt !== undefined && !(breakAt >= 0 && breakAt <= 100)) throw new UsageError(`--break takes a percentage from 0 to 100, got '${values.break}'`);
  const reportDir = writableDir('--report-dir', values['report-dir'] ?? path.join('reports', 'mutation'));
  const sample = positiveInt('--sample', values.sample);
  const seed = values.seed === undefined ? undefined : Number(values.seed);
  if (seed !== undefined && !Number.isInteger(seed)) throw new UsageError(`--seed takes a whole number, got '${values.seed}'`);
  const since = values.since ? (readJsonFile('--since', values.since) as ConformanceMutationReport) : undefined;
  if (since && !since.files) throw new UsageError(`--since ${values.since}: not a mutation report (no "files")`);
  const interruption = new Interruption().install();
  const { report, exitCode, failures, interrupted } = await mutate({
    suites: parseSuites(values.suite, 'embedded'),
    selection: {
      ...(values.operator ? { operators: values.operator } : {}),
      ...(values.site ? { sites: values.site } : {}),
      ...(sample !== undefined ? { sample } : {}),
      ...(seed !== undefined ? { seed } : {}),
      ...(since ? { since } : {}),
    },
    jobs: positiveInt('--jobs', values.jobs) ?? Math.min(2, availableParallelism()),
    slots: positiveInt('--slots', values.slots) ?? DEFAULT_SLOTS,
    reportDir,
    ...(breakAt !== undefined ? { breakAt } : {}),
    log: (line) => out.write(`${line}\n`),
    interruption,
  }).finally(() => interruption.uninstall());
  const c = report.conformance;
  for (const [suite, s] of Object.entries(c.suites)) {
    out.write(`${suite}: ${describeCounts(s)}\n`);
  }
  out.write(
    `legal variations: ${c.legal.generated}, ${c.legal.verdictChanges} made a check fail (false failures), ` +
      `${c.legal.unverified.length} left a passing check unverified\n`,
  );
  for (const f of failures) out.write(`FAIL ${f}\n`);
  out.write(`report: ${path.join(reportDir, 'mutation.json')}, ${path.join(reportDir, 'index.html')}\n`);
  const stop = report.conformance.interrupted;
  if (interrupted && stop) {
    const unrecorded = values.record ? '; no scores recorded' : '';
    err.write(`interrupted by ${interrupted}: the report is partial: ${stop.settled} mutants settled, ${stop.notRun} selected ones not run${unrecorded}\n`);
    return exitCode;
  }
  if (values.record) {
    const { recordScores, SCORES_FILE } = await import('../mutation/scores.ts');
    recordScores(report);
    out.write(`scores recorded for the catalog: ${SCORES_FILE}\n`);
  }
  return exitCode;
}
