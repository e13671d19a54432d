import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'vitest';
import { type CommandResult, runCli, runProcess } from '../support/run-cli.ts';
import { checkIdOf, labelValues, readAllureResults } from './support/allure-results.ts';
import { isObservedResult } from '../../harness/judge/suite-judge.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** How each graded outcome shows in Allure: only failed fails, only a harness error is broken. */
const ALLURE_STATUS: Record<string, string> = {
  passed: 'passed',
  warning: 'passed',
  informational: 'passed',
  failed: 'failed',
  error: 'broken',
  skipped: 'skipped',
  'not-applicable': 'skipped',
};

/**
 * Runs `npm run report:allure`'s command line in `cwd`, without network when the machine allows it.
 * The deadline only ends a render that hangs: with both real daemons' runs beside the unit layer,
 * a render took longer than 30 s.
 */
function renderAllure(cwd: string): Promise<CommandResult> {
  const scripts = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const command = scripts['report:allure']!;
  const offline = spawnSync('unshare', ['-n', 'true']).status === 0;
  const argv = offline ? ['unshare', '-n', 'sh', '-c', command] : ['sh', '-c', command];
  const env = { ...process.env, PATH: `${path.join(ROOT, 'node_modules/.bin')}${path.delimiter}${process.env.PATH}` };
  return runProcess(argv[0]!, argv.slice(1), { cwd, env, timeoutMs: 120_000 });
}

// Side by side: each test waits on a child process.
describe.concurrent('--format allure', () => {
  test('writes one Allure result per check, labelled with its requirements, suite, section and endpoint; ' +
    'npm run report:allure renders them offline', async ({ expect }) => {
    const run = await runCli(['--suite', 'engine-1.22', '--grep', 'engine/system/ping', '--format', 'allure', '--seed', '1']);
    expect(run.status, run.stderr).toBe(0);
    // The judge's observed results are not vitest tests: Allure has one result per check.
    const checks = run.report!.results.filter((r) => !isObservedResult(r.id));
    expect(checks.length).toBeGreaterThanOrEqual(2);
    const allure = readAllureResults(path.join(run.reportDir, 'allure-results'));
    expect(allure.map(checkIdOf).sort()).toEqual(checks.map((c) => c.id).sort());
    for (const check of checks) {
      const result = allure.find((a) => checkIdOf(a) === check.id)!;
      expect(labelValues(result, 'requirement')).toEqual(check.requirements);
      expect(labelValues(result, 'epic')).toEqual(['engine-1.22']);
      expect(labelValues(result, 'feature')).toEqual([run.report!.requirements.find((r) => r.id === check.requirements[0])!.section]);
      expect(labelValues(result, 'story')).toEqual([check.endpoint]);
      expect(result.status).toBe(ALLURE_STATUS[check.outcome]);
    }

    const cwd = mkdtempSync(path.join(tmpdir(), 'allure-render-'));
    cpSync(path.join(run.reportDir, 'allure-results'), path.join(cwd, 'reports/allure-results'), { recursive: true });
    const render = await renderAllure(cwd);
    expect(render.status, render.stderr).toBe(0);
    expect(existsSync(path.join(cwd, 'reports/allure-report/index.html'))).toBe(true);
  }, 300_000);

  test('each graded outcome gets its Allure status (a warning is not broken, an error is)', async ({ expect }) => {
    const reportDir = mkdtempSync(path.join(tmpdir(), 'allure-outcomes-'));
    const child = await runProcess(process.execPath, ['--import', 'tsx', 'tests/report/support/run-outcomes-suite.ts', reportDir], {
      cwd: ROOT,
      timeoutMs: 90_000,
    });
    expect(child.status, child.stderr).toBe(0);
    const records = JSON.parse(child.stdout) as Array<{ id: string; status: string }>;
    expect(records.map((r) => r.status)).toEqual(records.map((r) => r.id));
    expect(records).toHaveLength(Object.keys(ALLURE_STATUS).length);
    const allure = readAllureResults(path.join(reportDir, 'allure-results'));
    expect(Object.fromEntries(allure.map((a) => [checkIdOf(a), a.status]))).toEqual(ALLURE_STATUS);
    for (const result of allure) {
      expect(labelValues(result, 'requirement')).toHaveLength(1);
      expect(result.parameters).toContainEqual(expect.objectContaining({ name: 'outcome', value: checkIdOf(result) }));
    }
    // A failed or error check's error is its message alone, without the harness's stack frames:
    // vitest's main process would map each frame through the suite's source map (see register.ts).
    // (A harness error's message carries the stack of its cause.)
    for (const result of allure.filter((a) => a.status === 'failed' || a.status === 'broken')) {
      const { message = '', trace } = result.statusDetails ?? {};
      expect(message, checkIdOf(result)).toMatch(/^(failed|error): /);
      expect(trace, checkIdOf(result)).toBe(`${result.status === 'failed' ? 'AssertionError' : 'Error'}: ${message}`);
    }
  }, 120_000);
});
