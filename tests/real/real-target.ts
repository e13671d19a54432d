import { execFile, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { runCli, type CliRun } from '../support/run-cli.ts';

/** A real engine implementation the layer starts with its script and gates by its expectations. */
export interface RealTarget {
  /** What the describe block calls it: "a real Docker daemon". */
  name: string;
  /** Where its report.json is kept under $CONFORMANCE_REAL_REPORTS (for CI's differential matrix). */
  slug: string;
  /** scripts/<script> start|stop */
  script: string;
  /** expectations/<file> */
  expectations: string;
  /** The program that must be installed, and how to install it. */
  binary: string;
  install: string;
  /** The host:port of the registry its script starts beside it. */
  registry: string;
  /**
   * The token-checking registry its script starts beside it (scripts/lib/real-target.sh
   * start_token_registry): the repository its token grants, and the file the script writes the
   * token to (absent when the script could not make one: the {registrytoken} check is then not run).
   */
  registryToken: { repository: string; file: string };
  /** More `conformance run` options for this implementation. */
  runArgs?: string[];
}

const root = (relative: string) => fileURLToPath(new URL(`../../${relative}`, import.meta.url));

export const scriptOf = (target: RealTarget): string => root(`scripts/${target.script}`);
export const expectationsOf = (target: RealTarget): string => root(`expectations/${target.expectations}`);

/** Why the layer cannot run against the target on this machine ('' when it can). */
export function unavailableReason(target: RealTarget): string {
  if (process.getuid?.() !== 0) return `needs root to start ${target.binary}`;
  const installed = spawnSync('sh', ['-c', `command -v ${target.binary}`]).status === 0;
  return installed ? '' : `${target.binary} is not installed (${target.install})`;
}

/**
 * How long a run against a real daemon may take. Podman's run (one check at a time) overlaps every
 * other layer of npm test. With the boolean spelling siblings (each reruns its check three times)
 * and the image checks its import no longer blocks, it took 662 s with the machine otherwise
 * quiet, and did not finish within 1,200 s on a machine loaded by every layer and more. With the
 * effect checks of later reviews (1,206 checks) a CI run was cut by the 1,500 s limit two checks
 * before its end.
 */
export const REAL_RUN_TIMEOUT_MS = 1_800_000;

/** Starts the target with its script (a running one is reused) and runs both engine suites against it. */
export async function runAgainst(target: RealTarget, abort?: AbortSignal): Promise<CliRun> {
  const { stdout } = await promisify(execFile)(scriptOf(target), ['start'], { encoding: 'utf8' });
  const url = stdout.trim().split('\n').pop()!;
  const run = await runCli(
    [
      '--target',
      url,
      '--suite',
      'engine-1.18',
      '--suite',
      'engine-1.22',
      '--expectations',
      expectationsOf(target),
      '--strict-expectations',
      '--registry',
      target.registry,
      ...registryTokenArgs(target),
      ...(target.runArgs ?? []),
    ],
    REAL_RUN_TIMEOUT_MS,
    'SIGINT',
    undefined,
    abort,
  );
  if (run.report) keepReport(target.slug, run.reportDir);
  return run;
}

/** The token options when the script wrote the token file. */
function registryTokenArgs(target: RealTarget): string[] {
  const { repository, file } = target.registryToken;
  return existsSync(file) ? ['--registry-token-repository', repository, '--registry-token-file', file] : [];
}

/** Stops the target its script started, unless CONFORMANCE_KEEP_DAEMON=1 asks to keep it. */
export async function stopTarget(target: RealTarget): Promise<void> {
  if (process.env.CONFORMANCE_KEEP_DAEMON === '1') return;
  await promisify(execFile)(scriptOf(target), ['stop']);
}

/** Copies a run's report.json to $CONFORMANCE_REAL_REPORTS/<slug>/ when that is set. */
function keepReport(slug: string, reportDir: string): void {
  const keep = process.env.CONFORMANCE_REAL_REPORTS;
  if (!keep) return;
  mkdirSync(path.join(keep, slug), { recursive: true });
  copyFileSync(path.join(reportDir, 'report.json'), path.join(keep, slug, 'report.json'));
}
