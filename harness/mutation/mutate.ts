/**
 * A mutation run: per suite, the generated mutants selected, a baseline of every check, then each
 * mutant with the checks that reach it, shared out over worker processes (`jobs`), each with a
 * few embedded targets at once (`slots`). Writes reports/mutation/mutation.json and index.html.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { suiteChecks } from '../catalog/coverage.ts';
import type { SuiteName } from '../catalog/types.ts';
import type { Interruption } from '../run/interruption.ts';
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
  /** Ctrl-C or SIGTERM: once it comes, the run stops waiting and reports the mutants settled so far. */
  interruption?: Interruption;
}

export interface MutateOutcome {
  report: ConformanceMutationReport;
  exitCode: number;
  /** Why the run failed, one line each. */
  failures: string[];
  /** The signal that stopped the run: its report holds only the mutants settled before it. */
  interrupted?: NodeJS.Signals;
}

export async function mutate(opts: MutateOptions): Promise<MutateOutcome> {
  const started = Date.now();
  const equivalents = opts.equivalents ?? MutantDeclarations.load(EQUIVALENTS_DIR);
  const mutants: Mutant[] = [];
  // Each mutant's result as it settles: an interrupted run reports these and leaves the others out.
  const results: MutantResult[] = [];
  const checks = new Map<SuiteName, ReadonlyArray<{ id: string; title: string }>>();
  const stopped = (): boolean => opts.interruption?.signal !== undefined;
  // Once interrupted, work under way is waited for only until the wind-down is over.
  const awaited = async <T>(work: Promise<T>): Promise<T | undefined> => {
    if (!opts.interruption) return work;
    let value: T | undefined;
    await opts.interruption.bounded(work.then((v) => (value = v)));
    return value;
  };
  for (const suite of opts.suites) {
    if (stopped()) break;
    const suiteStarted = Date.now();
    // Loading a suite's checks takes seconds on a loaded machine: an interrupt does not wait it out.
    const suiteChecksList = await awaited((opts.checksOf ?? defaultChecks)(suite));
    if (!suiteChecksList || stopped()) break;
    checks.set(suite, suiteChecksList);
    const slots = slotsFor(suite, opts.slots);
    try {
      const baseline = await awaited(runBaseline(suiteChecksList, slots));
      if (!baseline || stopped()) break;
      opts.log(`${suite}: baseline of ${baseline.length} checks in ${seconds(Date.now() - suiteStarted)}`);
      let chosen = selectMutants(generateMutants(suite), opts.selection);
      if (opts.selection.since) chosen = changedSince(chosen, (m) => coveringChecks(m, baseline).map((c) => c.id), opts.selection.since);
      opts.log(`${suite}: ${chosen.length} mutants`);
      mutants.push(...chosen);
      const settled = (r: MutantResult): number => results.push(r);
      if (opts.jobs > 1 && chosen.length > opts.jobs) await inWorkers(suite, chosen, baseline, opts, settled, awaited);
      else {
        const progress = progressLog(suite, chosen.length, opts.log);
        const onResult = (r: MutantResult): void => {
          settled(r);
          progress(r);
        };
        await awaited(runMutants({ mutants: chosen, checks: suiteChecksList, baseline, slots, equivalents, onResult }));
      }
      if (stopped()) break;
      opts.log(`${suite}: done in ${seconds(Date.now() - suiteStarted)}`);
    } finally {
      await awaited(slots.close());
    }
  }
  const interrupted = opts.interruption?.signal;
  const report = mutationReport({
    mutants,
    results,
    checks,
    durationMs: Date.now() - started,
    ...(interrupted ? { interrupted: { signal: interrupted, selected: mutants.length } } : {}),
  });
  mkdirSync(opts.reportDir, { recursive: true });
  writeFileSync(path.join(opts.reportDir, 'mutation.json'), `${JSON.stringify(report, null, 1)}\n`);
  writeFileSync(path.join(opts.reportDir, 'index.html'), mutationHtml(report));
  const failures = [
    ...report.conformance.falseFailures.map((f) => `false failure: ${f.reason}`),
    ...Object.entries(report.conformance.suites)
      .filter(([, c]) => opts.breakAt !== undefined && c.score < opts.breakAt)
      .map(([suite, c]) => `${suite}: mutation score ${c.score}% is below the break threshold ${opts.breakAt}%`),
  ];
  if (interrupted) return { report, exitCode: INTERRUPTED_EXIT, failures, interrupted };
  return { report, exitCode: failures.length ? 1 : 0, failures };
}

/** The exit of a run stopped by Ctrl-C or SIGTERM, as `conformance run` quits on a second signal (harness/run/interruption.ts). */
export const INTERRUPTED_EXIT = 130;

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

/** Waits for work, or, once interrupted, only until the wind-down is over (then undefined). */
type Awaited = <T>(work: Promise<T>) => Promise<T | undefined>;

/**
 * Shares the mutants out round-robin over `jobs` processes, this one included, and gathers their
 * results, each process's as they settled (its result file gains a line per mutant): after an
 * interruption, the workers are stopped and what they settled is kept.
 */
async function inWorkers(
  suite: SuiteName,
  chosen: Mutant[],
  baseline: BaselineCheck[],
  opts: MutateOptions,
  settled: (r: MutantResult) => void,
  awaited: Awaited,
): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'conformance-mutate-'));
  const children: ChildProcess[] = [];
  const jobs: WorkerJob[] = [];
  try {
    const baselineFile = path.join(dir, 'baseline.json');
    writeFileSync(baselineFile, JSON.stringify(baseline));
    const shares = Array.from({ length: opts.jobs }, (_, k) => chosen.filter((_, i) => i % opts.jobs === k));
    jobs.push(
      ...shares.map((share, k) => ({
        suite,
        mutantIds: share.map((m) => m.id),
        baselineFile,
        resultFile: path.join(dir, `results-${k}.jsonl`),
        slots: opts.slots,
      })),
    );
    const progress = progressLog(`${suite}, process 1 of ${opts.jobs}`, jobs[0]!.mutantIds.length, opts.log);
    await awaited(Promise.all(jobs.map((job, k) => (k === 0 ? runWorkerJob(job, progress) : spawnWorker(job, dir, k, opts.log, children)))));
  } finally {
    await awaited(stopWorkers(children));
    for (const job of jobs) for (const r of settledIn(job.resultFile)) settled(r);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Ends the workers still running (an interrupted run) and waits for them to go. */
async function stopWorkers(children: readonly ChildProcess[]): Promise<void> {
  const running = children.filter((c) => c.exitCode === null && c.signalCode === null);
  const gone = running.map((c) => new Promise<void>((resolve) => c.once('close', () => resolve())));
  for (const child of running) child.kill('SIGTERM');
  await Promise.all(gone);
}

/** The results a worker's file holds, one a line; a line cut short by the worker's end is left out. */
function settledIn(file: string): MutantResult[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.endsWith('}'))
    .map((line) => JSON.parse(line) as MutantResult);
}

async function spawnWorker(job: WorkerJob, dir: string, k: number, log: (line: string) => void, children: ChildProcess[]): Promise<void> {
  const jobFile = path.join(dir, `job-${k}.json`);
  writeFileSync(jobFile, JSON.stringify(job));
  // Supervised: a worker whose parent is gone (Ctrl-C, a killed job) stops instead of running on unseen.
  const child = spawn(process.execPath, [path.join(PROJECT_ROOT, 'bin', 'conformance.mjs'), 'mutate', '--worker', jobFile], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, CONFORMANCE_SUPERVISED: String(process.pid) },
  });
  children.push(child);
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) {
    log(`worker ${k} ended with ${code}: ${stderr.trim().split('\n').at(-1) ?? ''}`);
    throw new Error(`mutation worker ${k} failed (exit ${code})`);
  }
}

/** Runs one worker's share: `conformance mutate --worker JOB` in a child, or the parent's own share. */
export async function runWorkerJob(job: WorkerJob, onResult?: (r: MutantResult) => void): Promise<MutantResult[]> {
  writeFileSync(job.resultFile, '');
  const ids = new Set(job.mutantIds);
  const mutants = generateMutants(job.suite).filter((m) => ids.has(m.id));
  const baseline = JSON.parse(readFileSync(job.baselineFile, 'utf8')) as BaselineCheck[];
  const slots = slotsFor(job.suite, job.slots);
  process.on('unhandledRejection', toldStrayRejection);
  try {
    const results = await runMutants({
      mutants,
      checks: await defaultChecks(job.suite),
      baseline,
      slots,
      equivalents: MutantDeclarations.load(EQUIVALENTS_DIR),
      onResult: (r) => {
        appendFileSync(job.resultFile, `${JSON.stringify(r)}\n`);
        onResult?.(r);
      },
    });
    return results;
  } finally {
    process.off('unhandledRejection', toldStrayRejection);
    await slots.close();
  }
}

/**
 * A promise a check started and left to reject unwatched (a read beside its work that timed out
 * under a mutant) is a defect of that check, not a reason to lose the run's other mutants: it is
 * told, and the run goes on.
 */
function toldStrayRejection(reason: unknown): void {
  process.stderr.write(`conformance mutate: a check left a rejected promise unhandled: ${reason instanceof Error ? reason.message : String(reason)}\n`);
}
