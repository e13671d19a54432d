/**
 * A mutation run: per suite, the generated mutants selected, a baseline of every check, then each
 * mutant with the checks that reach it, shared out over worker processes (`jobs`), each with a
 * few embedded targets at once (`slots`). Writes reports/mutation/mutation.json and index.html.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { suiteChecks } from '../catalog/coverage.ts';
import type { SuiteName } from '../catalog/types.ts';
import { PROJECT_ROOT } from '../run/project-root.ts';
import { runBaseline, type BaselineCheck } from './baseline.ts';
import { EQUIVALENTS_DIR, MutantDeclarations } from './declarations.ts';
import { generateMutants } from './generate.ts';
import { mutationHtml } from './html.ts';
import { mutationReport, type ConformanceMutationReport } from './report.ts';
import { coveringChecks, runMutants } from './run-mutants.ts';
import { changedSince, selectMutants, type MutantSelection } from './select.ts';
import { slotsFor, type SuiteCheck } from './slots.ts';
import type { Mutant, MutantResult } from './types.ts';

export interface MutateOptions {
  suites: readonly SuiteName[];
  selection: MutantSelection;
  /** Worker processes (1: all in this one). */
  jobs: number;
  /** Embedded targets each process runs mutants on at once. */
  slots: number;
  reportDir: string;
  /** Fail the run when a suite's score is below this percentage. */
  breakAt?: number;
  log: (line: string) => void;
  /** The checks of a suite (tests give their own); the suite's registered checks by default. */
  checksOf?: (suite: SuiteName) => Promise<readonly SuiteCheck[]>;
  equivalents?: MutantDeclarations;
}

export interface MutateOutcome {
  report: ConformanceMutationReport;
  exitCode: number;
  /** Why the run failed, one line each. */
  failures: string[];
}

export async function mutate(opts: MutateOptions): Promise<MutateOutcome> {
  const started = Date.now();
  const equivalents = opts.equivalents ?? MutantDeclarations.load(EQUIVALENTS_DIR);
  const mutants: Mutant[] = [];
  const results: MutantResult[] = [];
  const checks = new Map<SuiteName, ReadonlyArray<{ id: string; title: string }>>();
  for (const suite of opts.suites) {
    const suiteStarted = Date.now();
    const suiteChecksList = await (opts.checksOf ?? defaultChecks)(suite);
    checks.set(suite, suiteChecksList);
    const slots = slotsFor(suite, opts.slots);
    try {
      const baseline = await runBaseline(suiteChecksList, slots);
      opts.log(`${suite}: baseline of ${baseline.length} checks in ${seconds(Date.now() - suiteStarted)}`);
      let chosen = selectMutants(generateMutants(suite), opts.selection);
      if (opts.selection.since) chosen = changedSince(chosen, (m) => coveringChecks(m, baseline).map((c) => c.id), opts.selection.since);
      opts.log(`${suite}: ${chosen.length} mutants`);
      const ran =
        opts.jobs > 1 && chosen.length > opts.jobs
          ? await inWorkers(suite, chosen, baseline, opts)
          : await runMutants({ mutants: chosen, checks: suiteChecksList, baseline, slots, equivalents, onResult: progressLog(suite, chosen.length, opts.log) });
      mutants.push(...chosen);
      results.push(...ran);
      opts.log(`${suite}: done in ${seconds(Date.now() - suiteStarted)}`);
    } finally {
      await slots.close();
    }
  }
  const report = mutationReport({ mutants, results, checks, durationMs: Date.now() - started });
  mkdirSync(opts.reportDir, { recursive: true });
  writeFileSync(path.join(opts.reportDir, 'mutation.json'), `${JSON.stringify(report, null, 1)}\n`);
  writeFileSync(path.join(opts.reportDir, 'index.html'), mutationHtml(report));
  const failures = [
    ...report.conformance.falseFailures.map((f) => `false failure: ${f.reason}`),
    ...Object.entries(report.conformance.suites)
      .filter(([, c]) => opts.breakAt !== undefined && c.score < opts.breakAt)
      .map(([suite, c]) => `${suite}: mutation score ${c.score}% is below the break threshold ${opts.breakAt}%`),
  ];
  return { report, exitCode: failures.length ? 1 : 0, failures };
}

const defaultChecks = (suite: SuiteName): Promise<readonly SuiteCheck[]> => suiteChecks(suite) as Promise<readonly SuiteCheck[]>;
const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

function progressLog(what: string, total: number, log: (line: string) => void): (result: MutantResult) => void {
  let done = 0;
  const step = Math.max(1, Math.round(total / 10));
  return () => {
    done++;
    if (done % step === 0 || done === total) log(`${what}: ${done}/${total} mutants`);
  };
}

/** What a worker process is handed: its suite, its share of the mutants and the baseline (by file). */
export interface WorkerJob {
  suite: SuiteName;
  mutantIds: string[];
  baselineFile: string;
  resultFile: string;
  slots: number;
}

/** Shares the mutants out round-robin over `jobs` processes, this one included, and gathers their results. */
async function inWorkers(suite: SuiteName, chosen: Mutant[], baseline: BaselineCheck[], opts: MutateOptions): Promise<MutantResult[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'conformance-mutate-'));
  try {
    const baselineFile = path.join(dir, 'baseline.json');
    writeFileSync(baselineFile, JSON.stringify(baseline));
    const shares = Array.from({ length: opts.jobs }, (_, k) => chosen.filter((_, i) => i % opts.jobs === k));
    const jobs = shares.map((share, k) => ({
      suite,
      mutantIds: share.map((m) => m.id),
      baselineFile,
      resultFile: path.join(dir, `results-${k}.json`),
      slots: opts.slots,
    }));
    const progress = progressLog(`${suite}, process 1 of ${opts.jobs}`, jobs[0]!.mutantIds.length, opts.log);
    const settled = await Promise.all(jobs.map((job, k) => (k === 0 ? runWorkerJob(job, progress) : spawnWorker(job, dir, k, opts.log))));
    return settled.flat();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function spawnWorker(job: WorkerJob, dir: string, k: number, log: (line: string) => void): Promise<MutantResult[]> {
  const jobFile = path.join(dir, `job-${k}.json`);
  writeFileSync(jobFile, JSON.stringify(job));
  // Supervised: a worker whose parent is gone (Ctrl-C, a killed job) stops instead of running on unseen.
  const child = spawn(process.execPath, [path.join(PROJECT_ROOT, 'bin', 'conformance.mjs'), 'mutate', '--worker', jobFile], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, CONFORMANCE_SUPERVISED: String(process.pid) },
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) {
    log(`worker ${k} ended with ${code}: ${stderr.trim().split('\n').at(-1) ?? ''}`);
    throw new Error(`mutation worker ${k} failed (exit ${code})`);
  }
  return JSON.parse(readFileSync(job.resultFile, 'utf8')) as MutantResult[];
}

/** Runs one worker's share: `conformance mutate --worker JOB` in a child, or the parent's own share. */
export async function runWorkerJob(job: WorkerJob, onResult?: (r: MutantResult) => void): Promise<MutantResult[]> {
  const ids = new Set(job.mutantIds);
  const mutants = generateMutants(job.suite).filter((m) => ids.has(m.id));
  const baseline = JSON.parse(readFileSync(job.baselineFile, 'utf8')) as BaselineCheck[];
  const slots = slotsFor(job.suite, job.slots);
  try {
    const results = await runMutants({
      mutants,
      checks: await defaultChecks(job.suite),
      baseline,
      slots,
      equivalents: MutantDeclarations.load(EQUIVALENTS_DIR),
      onResult,
    });
    writeFileSync(job.resultFile, JSON.stringify(results));
    return results;
  } finally {
    await slots.close();
  }
}
