import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { lastDurationMs } from '../../harness/run/file-order.ts';

/**
 * Roughly how long the slowest files take (seconds, on a busy 2-core machine); only their order
 * matters. A file started last that runs long keeps the other workers idle at the end of its layer.
 */
const EXPECTED_SECONDS: Record<string, number> = {
  'tests/embedded/cloud-teeth.test.ts': 40,
  'tests/embedded/engine-teeth-1.test.ts': 30,
  'tests/embedded/engine-teeth-2.test.ts': 30,
  'tests/embedded/interrupt-tty.test.ts': 16,
  'tests/embedded/engine-suites.test.ts': 13,
  'tests/embedded/interrupt.test.ts': 12,
  'tests/embedded/cloud-suite.test.ts': 11,
  'tests/cli/hostile-target.test.ts': 40,
  'tests/reference/cloud/faults.test.ts': 20,
  'tests/reference/cloud/faults-states.test.ts': 16,
  'tests/reference/cloud/faults-filters.test.ts': 13,
  'tests/cli/inputs.test.ts': 15,
  'tests/report/merge.test.ts': 13,
  'tests/report/allure.test.ts': 12,
  'tests/cli/verdict.test.ts': 10,
  'tests/reference/engine/interop-docker-cli.test.ts': 8,
  'tests/cli/help.test.ts': 5,
  'tests/cli/cli.test.ts': 5,
};

/**
 * Longest files first within each layer (sequence.groupOrder): by the duration vitest's cache
 * recorded for a file, and for a file the cache does not know (a fresh clone, CI after npm ci,
 * where vitest alone would order by file size) by the table above.
 */
export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const expected = new Map(sorted.map((spec) => [spec, this.expectedMs(spec)]));
    const group = (spec: TestSpecification) => spec.project.config.sequence.groupOrder;
    return sorted.sort((a, b) => group(a) - group(b) || expected.get(b)! - expected.get(a)!);
  }

  private expectedMs(spec: TestSpecification): number {
    return lastDurationMs(this.ctx, spec) ?? (EXPECTED_SECONDS[relative(this.ctx.config.root, spec.moduleId)] ?? 0) * 1000;
  }
}
