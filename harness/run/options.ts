import { availableParallelism } from 'node:os';
import { SUITES, type SuiteName } from '../catalog/types.ts';
import type { VendorProfileName } from '../profile.ts';
import type { TlsFiles } from '../target/endpoint.ts';
import type { Credentials, RegistryToken } from './config.ts';
import type { ReportFormat } from '../report/formats/index.ts';
import type { Shard } from './shard.ts';
import type { EntryArrangement } from './entry-files.ts';

/** `conformance run` options after parsing: what a programmatic caller passes too. */
export interface RunOptions {
  /** 'embedded', 'docker-env' or a target URL. */
  target: string;
  suites: SuiteName[];
  reportDir: string;
  /** Formats besides report.json (default: junit, html, md). */
  formats?: ReportFormat[];
  grep?: string;
  /** Run only this shard of the checks (and write vitest's blob report for merging). */
  shard?: Shard;
  seed: number;
  timeoutMs: number;
  /** Checks of one suite file running at once (default 4); 1 runs them one after another. */
  concurrency?: number;
  /** vitest worker processes (default: workersFor, by target and the number of checks). */
  workers?: number;
  vendorProfile: VendorProfileName;
  tls?: TlsFiles;
  auth?: Credentials;
  auth2?: Credentials;
  namespace?: string;
  /** Existing third-party repositories the cloud repository checks add (--cloud-repository). */
  cloudRepositories?: string[];
  /** The login sent with them (--cloud-repository-auth). */
  cloudRepositoryAuth?: Credentials;
  /** The cloud Stream API when it is served elsewhere than the REST API. */
  streamTarget?: string;
  /** Faults of the embedded reference targets (teeth). */
  faults: string[];
  fixtureRootfs: string;
  image?: string;
  registry?: string;
  registryAuth?: Credentials;
  /** A repository of a token-checking registry and its token (--registry-token-repository, --registry-token-file: `file`, for a reproduction). */
  registryToken?: RegistryToken & { file?: string };
  /** Known failures: a run whose only failures are expected exits 0. */
  expectations?: string;
  /** Expectations that no longer fail make the run fail. */
  strictExpectations?: boolean;
  /** The command line, recorded in the report. */
  command: string[];
  /** Progress on the console; off for programmatic runs. */
  progress?: boolean;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_CONCURRENCY = 4;
/**
 * The in-memory reference targets answer at once: their checks wait on simulated durations and
 * on polling, not on the target, so more of them overlap. A run against them has one file per
 * suite (entry-files.ts), whose checks all overlap to its end: the cloud suite, in one worker on 2
 * cores (its checks longest first, check-order.ts), 6.1-7.2 s at 16, 4.5-4.7 s at 32, 4.2-4.4 s
 * at 48; both engine suites 6.4-6.5 s at 16 and 32 alike. Not 48: the more checks at once, the
 * later a check reads a resource it led into a brief state, and beside four busy loops two of
 * seven cloud runs at 48 found such a state passed (1-2 checks skipped), none of six at 32.
 */
export const EMBEDDED_CONCURRENCY = 32;
/** Workers of a run against a daemon (workersFor). */
export const REAL_TARGET_WORKERS = 4;

/**
 * vitest workers of a run. Against the embedded targets (one file per suite, entry-files.ts) a
 * worker per suite, at most one per core: the run's own process serves the reference, and a worker
 * more only competed with it. All three suites on 2 cores: 2 workers 9.4-10.2 s, 3 workers
 * 11.1-12.0 s (and 3-4 CPU-s more); the cloud suite alone in one worker 3.9-4.4 s.
 *
 * A run of section files (sharded, or against another target). Against the embedded targets a
 * worker mostly waits on the reference (in the run's own process) and on simulated durations: one
 * more worker than cores, at most 4, keeps the cores busy. Each worker loads and compiles the
 * suites anew (about 2.6 G instructions), so on 2 cores a fourth worker cost more than it
 * overlapped: 3 workers against 4, medians of 3-4 alternated runs on one host, both engine
 * suites 11.4 s and 11.2 s wall, 20.3 and 21.5 s CPU; all three 17.7 s and 18.6 s, 32.0 and
 * 36.5 s CPU (a quicker host had measured 4 ahead: 11.1 s against 12.1 s for all three). The
 * cloud suite alone gets one worker fewer: its reference does more for each check than the
 * engine's, and the run's process that serves it was the busiest (10 of a run's 20 CPU-s), so a
 * third worker only competed with it: 2 workers against 3, medians of 4 alternated runs, 11.1 s
 * and 12.6 s wall, 20.5 and 24.8 s CPU (one worker: 14.4 s).
 * Against another target four: a worker runs one file at a time, and a file ends on its slowest
 * check (a 15 s plugin lookup, a 10 s exec resize, the timed checks that run alone), so while one
 * worker waits out such a check the others keep the daemon busy. Both engine suites against
 * Docker on 2 cores: 59–63 s with 2 workers, 49–51 s with 3 (an earlier host); 6 alternated runs
 * on one host, 3 workers 46.9–54.8 s with the cores 12–22 % idle, 4 workers 41.7–51.2 s (five of
 * six under 45.3 s) with them 2–5 % idle; 5 and 6 no quicker (42.6–52.6 s). Podman (--concurrency
 * 1): 111–135 s with 3, 100–111 s with 4.
 * Against the embedded targets a run of few checks gets fewer workers (CHECKS_PER_WORKER).
 */
export function workersFor(arrangement: EntryArrangement, embedded: boolean, suites: readonly SuiteName[], plannedChecks = Number.POSITIVE_INFINITY): number {
  const enough = Math.ceil(plannedChecks / CHECKS_PER_WORKER);
  // One file per suite: a worker more than its files would have nothing to run.
  if (arrangement === 'whole-suites') return Math.max(1, Math.min(suites.length, availableParallelism(), enough));
  if (!embedded) return REAL_TARGET_WORKERS;
  const perCores = Math.min(4, availableParallelism() + 1);
  const most = suites.every((s) => s === 'cloud') ? Math.max(1, perCores - 1) : perCores;
  return Math.max(1, Math.min(most, enough));
}

/**
 * Checks an embedded run starts one more worker for. A worker's start (loading and compiling the
 * suites) costs ~1.4 s of CPU, and an embedded run keeps the cores busy, so a worker pays only
 * when it has enough checks to overlap. Engine 1.22, 2 cores, 2 alternated runs each: 81 checks
 * in 5 files took 5.1-5.9 s and 5.2 CPU-s with one worker, 4.9-5.0 s and 6.6 CPU-s with two,
 * 5.5-5.6 s and 7.7-9.2 CPU-s with three; 262 checks 9.5-10.3 s with one, 7.2-7.9 with two,
 * 7.5-8.3 with three. Against a daemon more workers overlap its waits (83 checks against Docker:
 * 22 s with one worker, 18.5 s with three), so another target keeps three (--workers overrides).
 */
export const CHECKS_PER_WORKER = 100;

export const DEFAULT_FIXTURE_ROOTFS = '/bin/busybox';

/** The suites a run without --suite selects: all of them against the embedded targets, the engine's elsewhere. */
export function defaultSuites(target: string): SuiteName[] {
  return target === 'embedded' ? [...SUITES] : ['engine-1.18', 'engine-1.22'];
}
