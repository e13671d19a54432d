import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Report } from '../../harness/report/report.ts';

const BIN = fileURLToPath(new URL('../../bin/conformance.mjs', import.meta.url));

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
  report: Report | undefined;
  reportDir: string;
  /** Milliseconds from the signal to the command's exit (NaN: it ended before). */
  afterSignalMs: number;
}

/**
 * Runs `conformance run ...` as a user would, and reads the report it wrote. `signal` is sent
 * after `timeoutMs`, as soon as the output matches `signalWhen` (the run is under way), or when
 * `abort` is aborted.
 */
export async function runCli(
  args: string[],
  timeoutMs = 600_000,
  signal: NodeJS.Signals = 'SIGINT',
  signalWhen?: RegExp,
  abort?: AbortSignal,
): Promise<CliRun> {
  const reportDir = mkdtempSync(path.join(tmpdir(), 'conformance-report-'));
  const child = spawn(process.execPath, [BIN, 'run', '--report-dir', reportDir, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  let signalledAt = Number.NaN;
  const send = (): void => {
    if (!Number.isNaN(signalledAt)) return;
    signalledAt = Date.now();
    child.kill(signal);
  };
  child.stdout.on('data', (d) => {
    stdout += d;
    if (signalWhen?.test(stdout)) send();
  });
  child.stderr.on('data', (d) => {
    stderr += d;
    if (signalWhen?.test(stderr)) send();
  });
  const timer = setTimeout(send, timeoutMs);
  if (abort?.aborted) send();
  else abort?.addEventListener('abort', send, { once: true });
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const afterSignalMs = Date.now() - signalledAt;
  clearTimeout(timer);
  return { status, stdout, stderr, report: readReport(reportDir), reportDir, afterSignalMs };
}

/** The report.json a run wrote in `dir`, or undefined when there is none (or it is not JSON). */
export function readReport(dir: string): Report | undefined {
  try {
    return JSON.parse(readFileSync(path.join(dir, 'report.json'), 'utf8')) as Report;
  } catch {
    return undefined;
  }
}

export interface CommandResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `conformance ARGS...` and collects its output, as spawnSync would but without holding up the test file's other tests. */
export function runCommand(args: string[], opts: ProcessOptions = {}): Promise<CommandResult> {
  return runProcess(process.execPath, [BIN, ...args], opts);
}

export interface ProcessOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Killed (SIGTERM) after this long (default 60 s). */
  timeoutMs?: number;
}

/** Runs a program and collects its output, as spawnSync would but without blocking the event loop. */
export function runProcess(file: string, args: string[], opts: ProcessOptions = {}): Promise<CommandResult> {
  const child = spawn(file, args, { cwd: opts.cwd, env: opts.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const timer = setTimeout(() => child.kill(), opts.timeoutMs ?? 60_000);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

/** The lines of a report worth showing when an assertion about it fails. */
export function notPassing(report: Report): string[] {
  return report.results
    .filter((r) => !['passed', 'informational', 'not-applicable'].includes(r.outcome))
    .map((r) => `${r.suite} ${r.id}: ${r.outcome} ${r.message.slice(0, 400)}`);
}
