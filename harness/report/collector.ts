import type { Reporter, TestCase, TestModule } from 'vitest/node';
import type { SerializedError } from '@vitest/utils';
import type { SuiteName } from '../catalog/types.ts';
import type { CheckRecord } from '../check/types.ts';

/**
 * A vitest reporter that collects the graded outcome of every check (from the task meta) and
 * the failures that are the harness's own (a suite file that does not load, a test that died
 * without an outcome). It also shows live progress on a TTY.
 */
export class OutcomeCollector implements Reporter {
  readonly records: CheckRecord[] = [];
  readonly harnessErrors: string[] = [];
  private done = 0;
  private failures = 0;
  private total = 0;

  private readonly progress: NodeJS.WriteStream | undefined;

  /** Progress goes to stderr when it is a TTY, unless `null` turns it off. */
  constructor(progress?: NodeJS.WriteStream | null) {
    this.progress = progress === null ? undefined : (progress ?? (process.stderr.isTTY ? process.stderr : undefined));
  }

  onTestModuleCollected(module: TestModule): void {
    for (const _ of module.children.allTests()) this.total++;
  }

  onTestCaseResult(testCase: TestCase): void {
    const record = testCase.meta().conformance;
    if (record) {
      this.records.push(record);
      if (record.outcome.status === 'failed' || record.outcome.status === 'error') this.failures++;
    } else if (testCase.result().state === 'failed') {
      this.harnessErrors.push(`${testCase.fullName}: ${(testCase.result().errors ?? []).map((e) => e.message).join('; ')}`);
    }
    this.done++;
    this.progress?.write(`\r${this.done}/${this.total} checks, ${this.failures} failing `);
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    if (this.progress) this.progress.write('\n');
    for (const module of modules) {
      for (const error of module.errors()) this.harnessErrors.push(`${module.moduleId}: ${error.message}`);
    }
    for (const error of unhandledErrors) this.harnessErrors.push(`unhandled: ${error.stack ?? error.message}`);
  }

  recordsOf(suite: SuiteName): CheckRecord[] {
    return this.records.filter((r) => r.suite === suite);
  }
}
