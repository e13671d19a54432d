import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import type { Report } from '../../harness/report/report.ts';

const BIN = fileURLToPath(new URL('../../bin/conformance.mjs', import.meta.url));

test('Ctrl-C during a run: the checks stop, the partial report is written, exit 3', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'interrupted-'));
  const child = spawn(process.execPath, [BIN, 'run', '--suite', 'engine-1.22', '--report-dir', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  child.stdout.on('data', (d) => (stdout += d));
  // Interrupt once checks are running: the first results appear in the collector after a few seconds.
  const timer = setTimeout(() => child.kill('SIGINT'), 8000);
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearTimeout(timer);
  const report = JSON.parse(readFileSync(path.join(dir, 'report.json'), 'utf8')) as Report;
  expect(status, stdout).toBe(3);
  expect(report.harnessErrors).toContain('interrupted by SIGINT: the report holds the checks that finished');
}, 120_000);
