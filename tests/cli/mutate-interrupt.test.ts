/**
 * `conformance mutate` runs for an hour: Ctrl-C or a CI runner's SIGTERM must end it, and its
 * worker processes with it. The entry point once kept every early signal for a run to take,
 * which mutate never does, so the command ignored both signals until its end.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, test } from 'vitest';

test.each(['SIGINT', 'SIGTERM'] as const)('%s ends a mutate command within 5 s', { timeout: 60_000 }, async (signal) => {
  const reportDir = mkdtempSync(path.join(tmpdir(), 'conformance-mutate-signal-'));
  const child = spawn(
    process.execPath,
    ['bin/conformance.mjs', 'mutate', '--suite', 'engine-1.22', '--site', 'engine/system/ping', '--report-dir', reportDir],
    {
      stdio: 'ignore',
    },
  );
  const closed = new Promise<number | null>((resolve) => child.on('close', (code, sig) => resolve(code ?? (sig ? 128 : null))));
  await sleep(3000);
  const sentAt = Date.now();
  child.kill(signal);
  const code = await Promise.race([closed, sleep(5000).then(() => 'still running' as const)]);
  if (code === 'still running') child.kill('SIGKILL');
  expect(code).not.toBe('still running');
  expect(Date.now() - sentAt).toBeLessThan(5000);
});
