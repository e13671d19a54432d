import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, test } from 'vitest';
import { PROJECT_ROOT } from '../../harness/run/project-root.ts';

/**
 * The composite action's steps (action.yml) as a runner would run them, here, in a fake GitHub
 * environment: temp files for GITHUB_STEP_SUMMARY and GITHUB_OUTPUT, the inputs as INPUT_*.
 */
const work = mkdtempSync(path.join(tmpdir(), 'conformance-action-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const action = readFileSync(path.join(PROJECT_ROOT, 'action.yml'), 'utf8');
/** The `run:` of the step named `name` (action.yml's steps are one line each). */
const stepRun = (name: string) => new RegExp(`- name: ${name}\\n(?:\\s+(?!- ).*\\n)*?\\s+run: (.*)\\n`).exec(action)?.[1];

describe('the GitHub Action, its steps run with a fake GitHub environment', () => {
  test('the run step writes the step summary, one ::error per new failure and the exit code; the gate step exits with it', async () => {
    expect(stepRun('Run the suites')).toBe('bash "$GITHUB_ACTION_PATH/action/run.sh"');
    const expectations = path.join(work, 'expectations.json');
    // The fault breaks one check (a new failure); the file expects another, which passes (stale, lenient).
    writeFileSync(expectations, JSON.stringify({ expectations: [{ id: 'engine/containers/start/204-started', outcome: 'failed', reason: 'r' }] }));
    const env = {
      ...process.env,
      GITHUB_ACTIONS: 'true',
      GITHUB_ACTION_PATH: PROJECT_ROOT,
      GITHUB_STEP_SUMMARY: path.join(work, 'step-summary.md'),
      GITHUB_OUTPUT: path.join(work, 'output.txt'),
      INPUT_SUITES: 'engine-1.22',
      INPUT_EXPECTATIONS: expectations,
      INPUT_STRICT_EXPECTATIONS: 'false',
      INPUT_ARGS: '--grep engine/containers/start --fault start-running-returns-204 --seed 7 -q',
      INPUT_REPORT_DIR: path.join(work, 'report'),
    };
    const { stdout } = await promisify(execFile)('bash', ['-c', stepRun('Run the suites')!], { env, cwd: work });

    const outputs = Object.fromEntries(
      readFileSync(env.GITHUB_OUTPUT, 'utf8')
        .trim()
        .split('\n')
        .map((l) => l.split('=', 2)),
    );
    expect(outputs).toEqual({ 'exit-code': '1', 'report-dir': env.INPUT_REPORT_DIR });
    const annotations = stdout.split('\n').filter((l) => l.startsWith('::'));
    expect(annotations).toEqual([
      expect.stringMatching(/^::error title=failed%3A engine-1.22 engine\/containers\/start\/304-already-started::.*expected status 304, got 204/),
      expect.stringMatching(/^::warning title=stale expectation%3A engine\/containers\/start\/204-started::expected failed, got passed/),
    ]);
    expect(readFileSync(env.GITHUB_STEP_SUMMARY, 'utf8')).toMatch(/^## Conformance: ❌ not conformant: 1 unexpected failure\n/);
    const report = JSON.parse(readFileSync(path.join(env.INPUT_REPORT_DIR, 'report.json'), 'utf8'));
    expect(report.expectations.unexpected).toEqual(['engine-1.22 engine/containers/start/304-already-started']);

    const gate = promisify(execFile)('bash', ['-c', stepRun('Gate')!], { env: { ...env, EXIT_CODE: outputs['exit-code'] } });
    await expect(gate).rejects.toMatchObject({ code: 1 });
  });
});
