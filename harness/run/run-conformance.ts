import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createVitest, type Reporter } from 'vitest/node';
import { RequirementIndex } from '../catalog/load.ts';
import { loadAllProofs } from '../catalog/proofs.ts';
import { observedResults } from '../judge/observed-results.ts';
import { OutcomeCollector } from '../report/collector.ts';
import { coverage, summarize, toResultEntry, type Report, type ResultEntry } from '../report/report.ts';
import { applyExpectations, loadExpectations } from '../report/expectations.ts';
import { verdictOf } from '../report/verdict.ts';
import type { RunSettings } from '../report/recorded-options.ts';
import { DEFAULT_FORMATS, writeFormats } from '../report/formats/index.ts';
import { allureReporter } from '../report/allure.ts';
import { provisionFixture, sweepRun } from '../fixtures/engine-fixture.ts';
import { sweepCloudRun } from '../fixtures/cloud-sweep.ts';
import { newRunId } from '../fixtures/labels.ts';
import { RUN_CONFIG_ENV, encodeRunConfig, type RegistryToken, type RunConfig } from './config.ts';
import { DEFAULT_CONCURRENCY, EMBEDDED_CONCURRENCY, workersFor, type RunOptions } from './options.ts';
import { checkDurationsFile, storeCheckDurations } from './check-order.ts';
import { entryArrangement, entryPatterns } from './entry-files.ts';
import { probeCloud, probeEngine, probeEngineVersions, TargetUnreachable, type ProductInfo } from './probe.ts';
import { probeResult } from './probe-result.ts';
import { reproContext, withReproduction, type ScriptTarget } from '../report/reproduce/index.ts';
import { resolveTargets, type ResolvedTargets } from './targets.ts';
import { type TargetEndpoint, UsageError } from '../target/endpoint.ts';
import { blobFile, shardName } from './shard.ts';
import { toolInfo } from './tool-info.ts';
import { checkTimeout } from './timeouts.ts';
import { Interruption } from './interruption.ts';
import { Progress } from '../report/progress.ts';
import { filesToStart, plannedChecks, runFiles } from './planned-checks.ts';
import { suiteBundles } from './suite-bundles.ts';
import { FileOrderSequencer, fileOrderCacheDir } from './file-order.ts';
import { PROJECT_ROOT } from './project-root.ts';
import { jitTieringFlags } from '../../bin/jit-tiering.mjs';
import { SchemaValidator, schemaSetOfSuite } from '../schema/validator.ts';
import { serveImageLane } from './image-lane.ts';

export { PROJECT_ROOT };

export interface RunResult {
  report: Report;
  reportPath: string;
  exitCode: 0 | 1 | 3;
}

/**
 * One conformance run: resolve (or start) the targets, probe them, provision the fixture, run the
 * selected suites through vitest, remove what the run created, and write report.json. A run that
 * cannot reach its target still writes its report, with the reason.
 */
export async function runConformance(options: RunOptions): Promise<RunResult> {
  const startedAt = new Date();
  const runId = newRunId();
  const harnessErrors: string[] = [];
  const leftovers: string[] = [];
  const interruption = new Interruption().install();
  const progress = options.progress ? new Progress({ out: process.stderr, tty: Boolean(process.stderr.isTTY) }) : undefined;
  const collector = new OutcomeCollector(progress, () => interruption.signal !== undefined);
  let product: ProductInfo = { product: 'unknown', version: 'unknown' };
  let targets: ResolvedTargets | undefined;
  let config: RunConfig | undefined;
  let probeFailed: ResultEntry | undefined;
  try {
    targets = await resolveTargets(options);
    product = await probe(targets, options.timeoutMs);
    // Interrupted this early (Ctrl-C while the command was starting): nothing to create, nothing to run.
    if (!interruption.signal) {
      config = await prepareConfig(options, targets, runId);
      const reporters = [collector, ...(await extraReporters(options, config, product))];
      await runSuites(options, config, reporters, interruption, collector, fileOrderCacheDir(product, targets.embedded, options.faults.length > 0));
    }
  } catch (err) {
    // Bad usage is the caller's (exit 2); anything else still ends in a written, partial report.
    if (err instanceof UsageError) throw err;
    if (err instanceof TargetUnreachable && err.probe) probeFailed = probeResult(err.probe, options.suites, err.message);
    harnessErrors.push(err instanceof TargetUnreachable ? err.message : `harness failure: ${(err as Error)?.stack ?? String(err)}`);
  } finally {
    progress?.stop();
    if (targets && config) leftovers.push(...(await cleanup(targets, config)));
    await targets?.stop();
    interruption.uninstall();
  }
  if (interruption.signal) harnessErrors.push(`interrupted by ${interruption.signal}: the report holds the checks that finished`);
  harnessErrors.push(...collector.harnessErrors);
  // A target that is not the API: the probe's result says what it was, and nothing else ran.
  const observed = probeFailed ? [] : observedResults(options.suites, collector.records, RequirementIndex.load());
  progress?.judged(observed.map((r) => r.outcome));
  const checked = probeFailed ? [probeFailed] : [...collector.records.map(toResultEntry), ...observed];
  const results = withReproduction(
    checked,
    reproContext(options, runId, scriptTarget(options, targets)),
    (suite, id) => collector.records.find((r) => r.suite === suite && r.id === id)?.outcome.transcript,
  );
  const report: Report = {
    schemaVersion: 1,
    tool: toolInfo(),
    target: {
      url: targetUrl(options, targets),
      ...product,
      embedded: options.target === 'embedded',
      ...(options.faults.length ? { faults: options.faults } : {}),
    },
    suites: options.suites,
    options: runSettings(options, targets),
    seed: options.seed,
    runId,
    startedAt: startedAt.toISOString(),
    durationMs: Date.now() - startedAt.getTime(),
    command: options.command,
    summary: summarize(results),
    results,
    requirements: coverage(options.suites, RequirementIndex.load().all(), results, loadAllProofs()),
    harnessErrors,
    ...(leftovers.length ? { leftovers } : {}),
    ...(options.shard ? { shard: options.shard } : {}),
  };
  if (options.expectations) {
    report.expectations = applyExpectations(report, options.expectations, loadExpectations(options.expectations), options.strictExpectations ?? false);
  }
  await writeFormats(options.reportDir, report, options.formats ?? DEFAULT_FORMATS);
  return { report, reportPath: path.join(options.reportDir, 'report.json'), exitCode: exitCodeOf(report) };
}

async function probe(targets: ResolvedTargets, timeoutMs: number): Promise<ProductInfo> {
  const engine = targets.engine ? await probeEngine(targets.engine, timeoutMs) : undefined;
  const cloud = targets.cloud ? await probeCloud(targets.cloud, timeoutMs) : undefined;
  return engine ?? cloud ?? { product: 'unknown', version: 'unknown' };
}

async function prepareConfig(options: RunOptions, targets: ResolvedTargets, runId: string): Promise<RunConfig> {
  const config: RunConfig = {
    runId,
    suites: options.suites,
    seed: options.seed,
    timeoutMs: options.timeoutMs,
    concurrency: options.concurrency ?? (targets.embedded ? EMBEDDED_CONCURRENCY : DEFAULT_CONCURRENCY),
    vendorProfile: options.vendorProfile,
    embedded: targets.embedded,
    ...(targets.engine ? { engine: targets.engine } : {}),
    ...(targets.cloud ? { cloud: targets.cloud } : {}),
    fixture: { rootfsPath: options.fixtureRootfs, ...(options.image ? { image: options.image } : {}) },
    ...(registryOf(options, targets) ? { registry: registryOf(options, targets) } : {}),
    ...(registryAuthOf(options, targets) ? { registryAuth: registryAuthOf(options, targets) } : {}),
    ...(registryTokenOf(options, targets) ? { registryToken: registryTokenOf(options, targets) } : {}),
    ...(options.formats?.includes('allure') ? { allure: true } : {}),
    bundles: await suiteBundles(options.suites, (message) => process.stderr.write(`conformance: ${message}\n`)),
  };
  const refused = targets.engine ? await refusedVersions(targets.engine, options) : {};
  if (Object.keys(refused).length) config.refusedVersions = refused;
  if (targets.engine && !options.image) {
    const version = options.suites.includes('engine-1.22') && !refused['1.22'] ? '1.22' : '1.18';
    const fixture = await provisionFixture(targets.engine, {
      version,
      runId,
      rootfsPath: options.fixtureRootfs,
      embedded: targets.embedded,
      timeoutMs: options.timeoutMs,
    });
    if ('image' in fixture) config.fixture.image = fixture.image;
    else config.fixture.error = fixture.error;
  }
  return config;
}

/** The engine versions of the run's suites the target refuses, each said once on stderr. */
async function refusedVersions(engine: TargetEndpoint, options: RunOptions): Promise<Record<string, string>> {
  const versions = options.suites.filter((s) => s.startsWith('engine-')).map((s) => s.slice('engine-'.length));
  const refused = await probeEngineVersions(engine, versions, options.timeoutMs);
  for (const reason of Object.values(refused)) process.stderr.write(`conformance: ${reason}: its checks are not applicable\n`);
  return refused;
}

type RunReporter = Reporter | ['blob', { outputFile: string }];

/** Allure's reporter when the run writes Allure results; vitest's blob report when it is a shard. */
async function extraReporters(options: RunOptions, config: RunConfig, product: ProductInfo): Promise<RunReporter[]> {
  const reporters: RunReporter[] = [];
  if (config.allure) {
    const target = config.engine?.url ?? config.cloud?.rest.url ?? 'unknown';
    const environment = {
      target: config.embedded ? 'embedded' : target,
      product: product.product,
      version: product.version,
      suites: config.suites.join(','),
      seed: String(config.seed),
      runId: config.runId,
    };
    reporters.push(await allureReporter(options.reportDir, options.shard ? { ...environment, shard: shardName(options.shard) } : environment));
  }
  if (options.shard) reporters.push(['blob', { outputFile: blobFile(options.reportDir, options.shard) }]);
  return reporters;
}

function runSettings(options: RunOptions, targets: ResolvedTargets | undefined): RunSettings {
  const registry = targets ? registryOf(options, targets) : options.registry;
  const tokenRepository = (targets ? registryTokenOf(options, targets) : options.registryToken)?.repository;
  return {
    vendorProfile: options.vendorProfile,
    ...(registry ? { registry } : {}),
    ...(tokenRepository ? { registryTokenRepository: tokenRepository } : {}),
    ...(options.concurrency ? { concurrency: options.concurrency } : {}),
    ...(options.cloudRepositories?.length ? { cloudRepositories: options.cloudRepositories } : {}),
  };
}

/** The embedded engine target has an in-memory registry that answers any registry host. */
export const EMBEDDED_REGISTRY = '127.0.0.1:5000';

function registryOf(options: RunOptions, targets: ResolvedTargets): string | undefined {
  return options.registry ?? (targets.embedded ? EMBEDDED_REGISTRY : undefined);
}

/** Its accounts: the first login registers a password that later logins must match. */
export const EMBEDDED_REGISTRY_AUTH = { user: 'conformance', key: 'conformance' };

function registryAuthOf(options: RunOptions, targets: ResolvedTargets): RunOptions['registryAuth'] {
  return options.registryAuth ?? (targets.embedded ? EMBEDDED_REGISTRY_AUTH : undefined);
}

/** The token its registry accepts as {registrytoken}, for any of its repositories. */
export const EMBEDDED_REGISTRY_TOKEN = 'conformance-token';

/** The repository of the embedded registry the {registrytoken} checks use, on the run's registry host. */
export function embeddedRegistryToken(registry: string = EMBEDDED_REGISTRY): RegistryToken {
  return { repository: `${registry}/conformance/registrytoken`, token: EMBEDDED_REGISTRY_TOKEN };
}

function registryTokenOf(options: RunOptions, targets: ResolvedTargets): RegistryToken | undefined {
  if (options.registryToken) return { repository: options.registryToken.repository, token: options.registryToken.token };
  return targets.embedded ? embeddedRegistryToken(registryOf(options, targets)) : undefined;
}

async function runSuites(
  options: RunOptions,
  config: RunConfig,
  reporters: RunReporter[],
  interruption: Interruption,
  collector: OutcomeCollector,
  /** Vitest's cache for this implementation: the files' last durations order the run (file-order.ts). */
  cacheDir: string,
): Promise<void> {
  if (interruption.signal) return;
  const arrangement = entryArrangement(config.embedded, Boolean(options.shard));
  const durations = arrangement === 'whole-suites' ? checkDurationsFile(cacheDir) : undefined;
  if (durations) config.checkDurations = durations;
  const lane = !config.embedded && config.engine ? await openImageLane(config) : undefined;
  try {
    process.env[RUN_CONFIG_ENV] = encodeRunConfig(config);
    await runVitest(options, config, reporters, interruption, collector, cacheDir, durations);
  } finally {
    await lane?.close();
  }
}

/** The run's image lane (image-lane.ts), its socket in the temporary directory, named by the run. */
async function openImageLane(config: RunConfig): Promise<{ close(): Promise<void> }> {
  const socket = path.join(tmpdir(), `conformance-${config.runId}-image-lane.sock`);
  rmSync(socket, { force: true });
  const lane = await serveImageLane(socket);
  config.imageLane = socket;
  return {
    close: async () => {
      await lane.close();
      rmSync(socket, { force: true });
    },
  };
}

async function runVitest(
  options: RunOptions,
  config: RunConfig,
  reporters: RunReporter[],
  interruption: Interruption,
  collector: OutcomeCollector,
  cacheDir: string,
  durations: string | undefined,
): Promise<void> {
  const arrangement = entryArrangement(config.embedded, Boolean(options.shard));
  // Compiled once here when the cache lacks them, rather than by every worker at once.
  SchemaValidator.prepareShared(config.vendorProfile, options.suites.map(schemaSetOfSuite));
  const checkTimeoutMs = checkTimeout(options.timeoutMs);
  const vitest = await createVitest(
    'test',
    {
      root: PROJECT_ROOT,
      config: false,
      watch: false,
      include: entryPatterns(options.suites, arrangement),
      reporters,
      ...(options.grep ? { testNamePattern: options.grep } : {}),
      ...(options.shard ? { shard: shardName(options.shard) } : {}),
      sequence: { sequencer: FileOrderSequencer },
      testTimeout: checkTimeoutMs + 30_000,
      maxConcurrency: config.concurrency,
      hookTimeout: 600_000,
      passWithNoTests: true,
      maxWorkers: options.workers ?? workersFor(arrangement, config.embedded, config.suites),
      // The workers' compiler thresholds, as the run's own (bin/jit-tiering.mjs).
      execArgv: jitTieringFlags(),
      // The suite files of a run share their worker and its loaded modules: with a fresh process
      // per file, loading the checks, the catalog and the schemas again took ~2 s of CPU per file.
      // With a shared worker, allure-vitest's results lost the checks' labels: Allure runs keep
      // a process per file.
      isolate: Boolean(config.allure),
      // Transformed modules kept on disk (node_modules/.experimental-vitest-cache, keyed by each
      // file's content): a worker of a later run loads the suites without transforming them again.
      experimental: { fsModuleCache: true },
    },
    { logLevel: 'error', cacheDir },
  );
  interruption.claimSignals();
  try {
    const files = await runFiles(vitest, Boolean(options.shard));
    const planned = await plannedChecks(files, options.grep);
    collector.plan(planned);
    // Read by vitest when the run starts: a run of few checks needs fewer workers (options.ts).
    if (options.workers === undefined) vitest.config.maxWorkers = workersFor(arrangement, config.embedded, config.suites, plannedTotal(files, planned));
    // A signal that came while vitest was being set up: a cancel before start() would be lost.
    if (interruption.signal) return;
    interruption.onInterrupt(() => void vitest.cancelCurrentRun('keyboard-input'));
    // Under --grep only the files with a matching check start (a shard's too: file-order.ts).
    const narrowed = options.grep === undefined ? undefined : filesToStart(files, planned);
    await interruption.bounded(vitest.start(narrowed));
    if (durations) storeCheckDurations(durations, collector.records);
  } finally {
    // Closing stops the workers, so that the sweep after it sees everything the checks created.
    await interruption.bounded(vitest.close(), 1000);
  }
}

/** The checks the files will run; unknown (infinite) when the plan could not place a file. */
function plannedTotal(files: readonly string[], planned: ReadonlyMap<string, number>): number {
  if (files.some((file) => !planned.has(file))) return Number.POSITIVE_INFINITY;
  return [...planned.values()].reduce((sum, n) => sum + n, 0);
}

/**
 * Removes what the run's checks left on each target (an interrupted check may leave what it created);
 * returns what stayed, each with the target's answer to its removal.
 */
async function cleanup(targets: ResolvedTargets, config: RunConfig): Promise<string[]> {
  const left: string[] = [];
  const sweep = { runId: config.runId, timeoutMs: config.timeoutMs };
  if (targets.engine) left.push(...(await sweepRun(targets.engine, { ...sweep, version: config.suites.includes('engine-1.22') ? '1.22' : '1.18' })));
  if (targets.cloud && config.suites.includes('cloud')) left.push(...(await sweepCloudRun(targets.cloud, sweep)));
  return left.map((l) => `cleanup left a resource behind: ${l}`);
}

/**
 * The target a reproduction script replays against, as curl reaches it (a socket, or the origin:
 * https for a TLS tcp:// target) and its TLS files; none for the embedded reference, gone with the run.
 */
function scriptTarget(options: RunOptions, targets: ResolvedTargets | undefined): ScriptTarget | undefined {
  const endpoint = targets?.engine ?? targets?.cloud?.rest;
  if (options.target === 'embedded' || !endpoint) return undefined;
  return { url: endpoint.socketPath ? endpoint.url : endpoint.origin, ...(endpoint.tls ? { tls: endpoint.tls } : {}) };
}

function targetUrl(options: RunOptions, targets: ResolvedTargets | undefined): string {
  if (options.target !== 'embedded') return targets?.engine?.url ?? targets?.cloud?.rest.url ?? options.target;
  return 'embedded';
}

/** The exit code of a report's verdict (see harness/report/verdict.ts: one place decides). */
export function exitCodeOf(report: Report): 0 | 1 | 3 {
  return verdictOf(report).exitCode;
}
