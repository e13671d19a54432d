import { existsSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TestProject } from 'vitest/node';
import { runAgainst, stopTarget, unavailableReason, type RealTarget } from './real-target.ts';

// A real run started by a project's global setup when `vitest run` begins, so that it overlaps
// the other layers instead of following them (vitest runs its groups one after another). Meant
// for a target whose run mostly waits on the target rather than loading the machine: Podman, one
// check at a time. The layer's test then only collects and judges the outcome.

/** How an early run ended, as its test reads it. */
export interface EarlyOutcome {
  status: number | null;
  stderr: string;
  reportDir: string;
  /** Why the run did not happen (the target's script failed). */
  error?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** slug → the file its early run's outcome is written to when it ends. */
    earlyRealRuns: Record<string, string>;
  }
}

/** A global setup's body: starts the run in the background; its teardown interrupts an unfinished run and stops the target. */
export function startEarly(target: RealTarget, project: TestProject): (() => Promise<void>) | undefined {
  if (unavailableReason(target) !== '') return undefined;
  const outcomeFile = path.join(mkdtempSync(path.join(tmpdir(), `conformance-early-${target.slug}-`)), 'outcome.json');
  const abort = new AbortController();
  const running = runAgainst(target, abort.signal).then(
    (run): EarlyOutcome => ({ status: run.status, stderr: run.stderr, reportDir: run.reportDir }),
    (error: unknown): EarlyOutcome => ({ status: null, stderr: '', reportDir: '', error: String(error) }),
  );
  const written = running.then((outcome) => {
    // Whole or not at all: the test polls for the file.
    writeFileSync(`${outcomeFile}.partial`, JSON.stringify(outcome));
    renameSync(`${outcomeFile}.partial`, outcomeFile);
  });
  project.provide('earlyRealRuns', { ...project.getProvidedContext().earlyRealRuns, [target.slug]: outcomeFile });
  // vitest exits on SIGINT and SIGTERM without tearing down: the run is interrupted then (it
  // cleans up what it created and writes its partial report) rather than left to go on alone.
  const interrupt = (): void => abort.abort();
  process.once('SIGINT', interrupt).once('SIGTERM', interrupt);
  return async () => {
    process.off('SIGINT', interrupt).off('SIGTERM', interrupt);
    abort.abort();
    await written;
    await stopTarget(target);
  };
}

/**
 * Waits for an early run to end. The test's timeout bounds the wait; so does the end of the vitest
 * process that started the run (an interrupted `vitest run` leaves its worker behind, orphaned).
 */
export async function earlyOutcome(outcomeFile: string): Promise<EarlyOutcome> {
  const parent = process.ppid;
  while (!existsSync(outcomeFile)) {
    if (process.ppid !== parent) throw new Error('vitest ended before the early run did');
    await sleep(500);
  }
  return JSON.parse(readFileSync(outcomeFile, 'utf8')) as EarlyOutcome;
}
