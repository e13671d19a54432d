import type { Reporter, TestCase, TestModule } from 'vitest/node';
import type { SerializedError } from '@vitest/utils';
import type { SuiteName } from '../catalog/types.ts';
import type { CheckRecord } from '../check/types.ts';
import type { Progress } from './progress.ts';
import { entryOf } from '../run/entry-files.ts';

/** How vitest ends the work an interruption cut short: not the harness's failures. */
const CUT_SHORT = /TestRunAbortError|aborted by the user|\[vitest-pool\]: Worker .*(emitted error|exited unexpectedly)/;

/**
 * A vitest reporter that collects the graded outcome of every check (from the task meta) and
 * the failures that are the harness's own (a suite file that does not load, a test that died
 * without an outcome). It feeds the run's live progress.
 */
export class OutcomeCollector implements Reporter {
  readonly records: CheckRecord[] = [];
  readonly harnessErrors: string[] = [];
  private planned: ReadonlyMap<string, number> | undefined;

  /** `interrupted` tells when the run is being stopped (Ctrl-C): checks cut short are not outcomes. */
  constructor(
    private readonly progress?: Progress | null,
    private readonly interrupted: () => boolean = () => false,
  ) {}

  /** The checks each suite file will run, known before the files load: the progress total. */
  plan(planned: ReadonlyMap<string, number>): void {
    this.planned = planned;
    this.progress?.start([...planned.values()].reduce((a, b) => a + b, 0));
  }

  onTestModuleCollected(module: TestModule): void {
    if (this.planned?.has(module.moduleId)) return;
    let count = 0;
    for (const test of module.children.allTests()) if (test.options.mode !== 'skip') count++;
    if (this.planned) this.progress?.grow(count);
  }

  onTestCaseResult(testCase: TestCase): void {
    const record = testCase.meta().conformance;
    const result = testCase.result();
    if (this.interrupted() && cutShort(result, record)) return;
    if (record) {
      this.records.push(record);
      this.progress?.checkDone(record.outcome.status);
    } else if (result.state === 'failed') {
      this.harnessErrors.push(`${testCase.fullName}: ${(result.errors ?? []).map((e) => e.message).join('; ')}`);
      this.progress?.checkDone('error');
    }
  }

  onTestModuleEnd(module: TestModule): void {
    // A file --grep or --shard left nothing to run in is no news.
    if (this.planned?.get(module.moduleId) === 0) return;
    this.progress?.fileDone(moduleName(module.moduleId));
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    this.progress?.stop();
    for (const module of modules) {
      for (const error of module.errors()) this.harnessErrors.push(`${module.moduleId}: ${error.message}`);
    }
    for (const error of unhandledErrors) {
      const text = error.stack ?? error.message;
      if (this.interrupted() && CUT_SHORT.test(text)) continue;
      this.harnessErrors.push(`unhandled: ${text}`);
    }
  }

  recordsOf(suite: SuiteName): CheckRecord[] {
    return this.records.filter((r) => r.suite === suite);
  }
}

/**
 * A check the cancel of an interrupted run cut short: vitest failed it with its abort error, or
 * marked it skipped though its record holds a verdict other than a skip (its body went on and
 * ended without what it was waiting for).
 */
function cutShort(result: ReturnType<TestCase['result']>, record: CheckRecord | undefined): boolean {
  if (result.state === 'failed') return (result.errors ?? []).some((e) => CUT_SHORT.test(`${e.name ?? ''} ${e.message}`));
  return result.state === 'skipped' && record !== undefined && record.outcome.status !== 'skipped' && record.outcome.status !== 'not-applicable';
}

/** `suites/engine-1.22/containers.test.ts` → `engine-1.22/containers`; `suites/whole-suite/cloud.test.ts` → `cloud` */
function moduleName(moduleId: string): string {
  const entry = entryOf(moduleId);
  if (!entry) return moduleId;
  return entry.section === undefined ? entry.suite : `${entry.suite}/${entry.section}`;
}
