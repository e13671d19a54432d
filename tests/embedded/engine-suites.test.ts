import { describe, test } from 'vitest';
import { expectEveryCheckPasses } from '../support/every-check-passes.ts';

describe('the engine suites against the embedded reference target', () => {
  test('every check passes (or is informational / not applicable), and report.json is valid', async () => {
    await expectEveryCheckPasses(['--suite', 'engine-1.18', '--suite', 'engine-1.22', '--seed', '7']);
  });
});
