/**
 * The package's programmatic API (`import { runConformance } from 'container-api-conformance'`):
 * one run as `conformance run` makes it, with the CLI's defaults, and its report as a typed value.
 */
import { runConformance as run, type RunResult } from './run/run-conformance.ts';
import { DEFAULT_FIXTURE_ROOTFS, DEFAULT_TIMEOUT_MS, defaultSuites, type RunOptions } from './run/options.ts';
import { verdictOf, type Verdict } from './report/verdict.ts';
import { loadExpectations } from './report/expectations.ts';

export type { RunOptions } from './run/options.ts';
export type { Report, ResultEntry, Summary, RequirementCoverage } from './report/report.ts';
export type { Verdict, VerdictStatus } from './report/verdict.ts';
export type { ExpectationsFile, Expectation, ExpectationsVerdict } from './report/expectations.ts';
export type { ReportFormat } from './report/formats/index.ts';
export type { SuiteName } from './catalog/types.ts';
export type { OutcomeStatus } from './check/outcome.ts';
export type { VendorProfileName } from './profile.ts';
export { verdictOf };

/**
 * The options of `conformance run`, each optional: what the CLI defaults to when its flag is absent
 * (the embedded targets, every suite they serve, `reports/`, a random seed, or under `expectations`
 * the seed and concurrency the file was recorded with). No console progress unless `progress` is true.
 */
export type ConformanceOptions = Partial<RunOptions>;

export interface ConformanceResult extends RunResult {
  /** The run's verdict: the one report.json, the console and the exit code give. */
  verdict: Verdict;
}

/**
 * Runs the selected suites against the target and writes the report files, as `conformance run`
 * does. Resolves with the report and the exit code the CLI would have ended with (0 conformant,
 * 1 a check failed or the gate failed, 3 the target was unreachable or the harness failed); an
 * unusable option (a target URL of no known form, an unknown fault) rejects.
 */
export async function runConformance(options: ConformanceOptions = {}): Promise<ConformanceResult> {
  const result = await run(runOptionsOf(options));
  return { ...result, verdict: verdictOf(result.report) };
}

/** The run options `runConformance` runs with: the given ones over the CLI's defaults. */
export function runOptionsOf(options: ConformanceOptions): RunOptions {
  const target = options.target ?? 'embedded';
  const recorded = options.expectations ? loadExpectations(options.expectations).recordedWith : undefined;
  return {
    suites: defaultSuites(target),
    reportDir: 'reports',
    seed: recorded?.seed ?? Math.floor(Math.random() * 2 ** 31),
    ...(recorded?.concurrency ? { concurrency: recorded.concurrency } : {}),
    timeoutMs: DEFAULT_TIMEOUT_MS,
    vendorProfile: 'docker',
    faults: [],
    fixtureRootfs: DEFAULT_FIXTURE_ROOTFS,
    command: ['runConformance'],
    progress: false,
    ...options,
    target,
  };
}
