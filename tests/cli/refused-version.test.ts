/**
 * A target that refuses the suite's version prefix is reported once, plainly, and that version's
 * checks are not applicable: not a failure of every check that sends a request under the prefix.
 */
import { expect, test } from 'vitest';
import { runCli } from '../support/run-cli.ts';

const REPORTER = 'engine/versioning/path-prefix';

test('a refused /v1.18/ prefix: one failure saying so, every other 1.18 check not applicable, 1.22 unaffected', { timeout: 300_000 }, async () => {
  const run = await runCli([
    '--suite',
    'engine-1.18',
    '--suite',
    'engine-1.22',
    '--fault',
    'v1.18-prefix-refused',
    '--grep',
    'engine/versioning/|engine/containers/start/',
  ]);
  const results = run.report!.results;
  const of118 = results.filter((r) => r.suite === 'engine-1.18');
  expect(run.stderr).toContain('the target does not serve API 1.18');
  expect(of118.filter((r) => r.outcome !== 'not-applicable').map((r) => [r.id, r.outcome])).toEqual([[REPORTER, 'failed']]);
  expect(of118.find((r) => r.id === REPORTER)?.message).toMatch(/^the target does not serve API 1\.18: GET \/v1\.18\/_ping answered 400/);
  expect(of118.length).toBeGreaterThan(5);
  expect(results.filter((r) => r.suite === 'engine-1.22' && r.outcome === 'failed')).toEqual([]);
  expect(run.status).toBe(1);
});
