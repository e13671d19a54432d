/**
 * `conformance mutate` runs for an hour: Ctrl-C or a CI runner's SIGTERM must end it, and its
 * worker processes with it. The entry point once kept every early signal for a run to take,
 * which mutate never does, so the command ignored both signals until its end. Interrupted once it
 * measures, it keeps what it measured: the report of the mutants settled so far, and no temporary
 * directory left behind.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, expect, test } from 'vitest';
import type { ConformanceMutationReport } from '../../harness/mutation/report.ts';
import { validate } from '../../harness/mutation/validate-report.ts';

/** The directories each test's command was given, removed after it. */
const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** `conformance mutate` of one site's mutants (the ping's by default), with its own report and temporary directories; `jobs` worker processes. */
function mutateChild(jobs: number, site = 'engine/system/ping') {
  const reportDir = mkdtempSync(path.join(tmpdir(), 'conformance-mutate-signal-'));
  const ownTmp = mkdtempSync(path.join(tmpdir(), 'conformance-mutate-tmp-'));
  made.push(reportDir, ownTmp);
  const child = spawn(
    process.execPath,
    ['bin/conformance.mjs', 'mutate', '--suite', 'engine-1.22', '--site', site, '--jobs', String(jobs), '--report-dir', reportDir],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, TMPDIR: ownTmp } },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const closed = new Promise<number | null>((resolve) => child.on('close', (code, sig) => resolve(code ?? (sig ? 128 : null))));
  const mutateDirs = () => readdirSync(ownTmp).filter((f) => f.startsWith('conformance-mutate-'));
  return { child, closed, reportDir, mutateDirs, stdout: () => stdout, stderr: () => stderr };
}

/** Sends `signal` and answers the exit code, or fails when the command is still running 5 s later. */
async function interrupt(run: ReturnType<typeof mutateChild>, signal: NodeJS.Signals): Promise<number | null> {
  const sentAt = Date.now();
  run.child.kill(signal);
  const code = await Promise.race([run.closed, sleep(5000).then(() => 'still running' as const)]);
  if (code === 'still running') run.child.kill('SIGKILL');
  expect(code).not.toBe('still running');
  expect(Date.now() - sentAt).toBeLessThan(5000);
  return code as number | null;
}

test.each(['SIGINT', 'SIGTERM'] as const)('%s ends a mutate command within 5 s', { timeout: 60_000 }, async (signal) => {
  const run = mutateChild(1);
  await sleep(3000);
  await interrupt(run, signal);
});

test('interrupted while its workers run, mutate writes a valid partial report, says so, exits 130 and removes its temporary directory', {
  timeout: 400_000,
}, async () => {
  // The info's 257 mutants, not the ping's 10: those settle within a fifth of a second, all before an interrupt sent
  // once the first is reported; of these a worker has most still to run when its first progress line comes.
  const run = mutateChild(2, 'engine/system/info');
  // The workers' temporary directory exists and this process has settled mutants of its share.
  while (!(run.mutateDirs().length && /process 1 of 2: \d+\//.test(run.stdout()))) {
    const ended = await Promise.race([run.closed.then(() => true), sleep(200).then(() => false)]);
    expect(ended, `mutate ended before it was interrupted: ${run.stderr()}`).toBe(false);
  }
  expect(await interrupt(run, 'SIGINT')).toBe(130);
  expect(run.stderr()).toMatch(/interrupted by SIGINT: the report is partial: \d+ mutants settled, \d+ selected ones not run/);
  const report = JSON.parse(readFileSync(path.join(run.reportDir, 'mutation.json'), 'utf8')) as ConformanceMutationReport;
  expect(validate(report)).toEqual([]);
  const listed = Object.values(report.files).flatMap((f) => f.mutants);
  const stop = report.conformance.interrupted!;
  expect(stop.signal).toBe('SIGINT');
  expect(stop.settled).toBeGreaterThan(0);
  expect(stop.notRun).toBeGreaterThan(0);
  expect(listed.length).toBe(stop.settled);
  expect(existsSync(path.join(run.reportDir, 'index.html'))).toBe(true);
  expect(run.mutateDirs()).toEqual([]);
});
