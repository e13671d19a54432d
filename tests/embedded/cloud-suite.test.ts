import { describe, test } from 'vitest';
import { expectEveryCheckPasses } from '../support/every-check-passes.ts';

describe('the cloud suite against the embedded reference target', () => {
  test('every check passes (or is informational / not applicable), and report.json is valid', async () => {
    await expectEveryCheckPasses(['--suite', 'cloud', '--seed', '7']);
  });
});
