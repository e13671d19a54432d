import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { Report } from '../../harness/report/report.ts';
import { PROJECT_ROOT } from '../../harness/run/project-root.ts';
import { runCommand } from '../support/run-cli.ts';

/**
 * The README's regression gate, its three commands as written, against a served reference engine
 * with two faults (a daemon on a socket, as docker.sock would be). The recording had a registry
 * (--registry) and the gate run has none: the push checks the recording saw fail are skipped,
 * "not run here", and the strict gate passes.
 */
const work = mkdtempSync(path.join(tmpdir(), 'conformance-readme-gate-'));
const socket = `unix://${path.join(work, 'engine.sock')}`;
const server = spawn(
  process.execPath,
  [
    path.join(PROJECT_ROOT, 'bin/conformance.mjs'),
    'serve',
    'engine',
    '--listen',
    socket,
    '--fault',
    'push-stream-error',
    '--fault',
    'start-running-returns-204',
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
const listening = new Promise<void>((resolve) => server.stdout.once('data', () => resolve()));
afterAll(() => {
  server.kill('SIGTERM');
  rmSync(work, { recursive: true, force: true });
});

const conformance = (args: string[]) => runCommand(args, { cwd: work, timeoutMs: 240_000, env: { ...process.env, GITHUB_ACTIONS: '' } });
const reportOf = (dir: string): Report => JSON.parse(readFileSync(path.join(work, dir, 'report.json'), 'utf8'));

describe("the README's regression gate", () => {
  test('record, update, gate with --strict-expectations: exit 0, the recording\'s seed, push checks "not run here"', async () => {
    await listening;
    const target = ['--target', socket, '--suite', 'engine-1.22', '-q'];
    expect((await conformance(['run', ...target, '--registry', '127.0.0.1:5000', '--report-dir', 'out'])).status).toBe(1);
    expect((await conformance(['expectations', 'update', '--from', 'out/report.json', '--out', 'expectations.json'])).status).toBe(0);
    const gate = await conformance(['run', ...target, '--expectations', 'expectations.json', '--strict-expectations', '--report-dir', 'gate']);
    const report = reportOf('gate');
    expect(gate.status, gate.stdout + gate.stderr).toBe(0);
    expect(report.seed).toBe(reportOf('out').seed);
    expect(report.expectations?.stale).toEqual([]);
    expect(report.expectations?.notRunHere?.map((n) => n.id)).toContain('engine/images/push/200-progress-stream');
    expect(report.expectations?.expected).toContain('engine-1.22 engine/containers/start/304-already-started');
  });
});
