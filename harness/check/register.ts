import { AssertionError } from 'node:assert';
import { afterAll, beforeAll, test } from 'vitest';
import type { SuiteName } from '../catalog/types.ts';
import { durationKey, readCheckDurations } from '../run/check-order.ts';
import { loadRunConfig, RUN_CONFIG_ENV } from '../run/config.ts';
import type { CheckContext } from './context.ts';
import { withReportedEvidence } from './evidence.ts';
import { executeCheck, type ExecuteOptions } from './execute.ts';
import type { Check, CheckRecord } from './types.ts';
import { escapeRegExp } from '../escape-regexp.ts';

declare module 'vitest' {
  interface TaskMeta {
    conformance?: CheckRecord;
  }
}

/** How a suite turns its checks into vitest tests. */
export interface SuiteBinding<C extends CheckContext> {
  suite: SuiteName;
  execute: ExecuteOptions;
  /** A fresh context per check (its own transcript and cleanups). */
  createContext(check: Check<C>): Promise<C>;
  setup?(): Promise<void>;
  teardown?(): Promise<void>;
  /** Run checks concurrently (each on its own resources); `serial` checks run alone unless serialAlone is false. */
  concurrent?: boolean;
  /**
   * Whether `serial` checks run alone (default true). A run against an embedded reference target
   * sets it false: the reference serves from the run's own process and its timers are not held
   * up by the checks' load, so a timing rule measures the same beside other checks.
   */
  serialAlone?: boolean;
}

/** The vitest test name: --grep matches the check id, its requirement ids and its title. */
export function testName(check: Pick<Check<unknown>, 'id' | 'title' | 'requirements'>): string {
  const extra = check.requirements.filter((r) => r !== check.id);
  return `${check.id}: ${check.title}${extra.length ? ` [${extra.join(' ')}]` : ''}`;
}

/** A --grep pattern that selects exactly the checks with these ids: it anchors on the id a test name starts with. */
export function grepOfChecks(ids: readonly string[]): string {
  return `^(?:${ids.map(escapeRegExp).join('|')}): `;
}

/**
 * Registers each check as one vitest test. The graded outcome travels in the task's meta to the
 * conformance reporter; vitest's own state follows it (failed and error fail the test, skipped
 * and not-applicable skip it, the rest pass). A failed check throws an AssertionError and an
 * error a plain Error, so that other reporters (Allure: failed vs broken) tell them apart.
 */
export function registerChecks<C extends CheckContext>(binding: SuiteBinding<C>, checks: ReadonlyArray<Check<C>>): void {
  if (binding.setup) beforeAll(binding.setup, 600_000);
  if (binding.teardown) afterAll(binding.teardown, 600_000);
  const allure = allureRequested();
  const last = lastDurations();
  for (const check of inRunOrder(binding, checks, (c) => last.get(durationKey(binding.suite, c.id)))) {
    const register = binding.concurrent && !runsAlone(binding, check) ? test.concurrent : test;
    register(testName(check as Check<unknown>), async (t) => {
      const ctx = await binding.createContext(check);
      const outcome = withReportedEvidence(await executeCheck(check, ctx, binding.execute));
      const record: CheckRecord = {
        id: check.id,
        suite: binding.suite,
        title: check.title,
        requirements: check.requirements,
        ...(check.endpoint ? { endpoint: check.endpoint } : {}),
        ...(check.referenceOnly ? { referenceOnly: check.referenceOnly } : {}),
        outcome,
      };
      t.task.meta.conformance = record;
      if (allure) await (await import('../report/allure-labels.ts')).labelForAllure(record);
      if (outcome.status === 'failed') throw withoutFrames(new AssertionError({ message: `failed: ${outcome.message}` }));
      if (outcome.status === 'error') throw withoutFrames(new Error(`error: ${outcome.message}`));
      if (outcome.status === 'skipped' || outcome.status === 'not-applicable') t.skip(`${outcome.status}: ${outcome.message}`);
    });
  }
}

/**
 * An outcome's error without stack frames: they would only name this file (the message says what
 * failed; a harness error's message carries the stack of its cause). vitest's main process maps
 * each frame of a failed test's stack through its file's source map, and reads and decodes the
 * suite bundle's inline map again for every frame: against Docker, with ~100 failed checks, that
 * and its garbage were ~6 s of the main process's ~11 s of CPU.
 */
function withoutFrames(error: Error): Error {
  error.stack = `${error.name}: ${error.message}`;
  return error;
}

/**
 * Long checks first, serial ones last. vitest runs each stretch of consecutive concurrent tests
 * as one group and waits for the group's slowest before the next: a serial check in the middle
 * of a file split it in two, and each part waited on its slowest check; a long check registered
 * late kept its file open after the others had ended. Where the last run's durations are known
 * (`lastMs`), the checks beside each other start longest first, long ones still ahead of the rest.
 */
export function inRunOrder<C extends CheckContext>(
  binding: SuiteBinding<C>,
  checks: ReadonlyArray<Check<C>>,
  lastMs: (check: Check<C>) => number | undefined = () => undefined,
): Array<Check<C>> {
  if (!binding.concurrent) return [...checks];
  const alone = checks.filter((c) => runsAlone(binding, c));
  const beside = checks.filter((c) => !runsAlone(binding, c));
  // Array.prototype.sort is stable: checks without a duration keep their declared order, after the timed ones.
  const longestFirst = (group: Array<Check<C>>): Array<Check<C>> => group.sort((a, b) => (lastMs(b) ?? 0) - (lastMs(a) ?? 0));
  return [...longestFirst(beside.filter((c) => c.long)), ...longestFirst(beside.filter((c) => !c.long)), ...alone];
}

function runsAlone<C extends CheckContext>(binding: SuiteBinding<C>, check: Check<C>): boolean {
  return Boolean(check.serial) && binding.serialAlone !== false;
}

/** The checks' durations in the last run against the target, when the run passes them on (check-order.ts). */
function lastDurations(): ReadonlyMap<string, number> {
  return process.env[RUN_CONFIG_ENV] ? readCheckDurations(loadRunConfig().checkDurations) : new Map();
}

/** Whether the run asked for Allure results (never outside a conformance run). */
function allureRequested(): boolean {
  return Boolean(process.env[RUN_CONFIG_ENV]) && loadRunConfig().allure === true;
}
