import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLOUD_FAULTS } from '../../../reference/cloud/index.ts';
import { serveCloudCommand } from '../../../reference/cloud/serve-command.ts';

const ENTRY = new URL('../../../reference/cloud/serve-command.ts', import.meta.url).pathname;

function capture(stream: NodeJS.WriteStream): () => string {
  let text = '';
  vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
    text += chunk.toString();
    return true;
  });
  return () => text;
}

afterEach(() => vi.restoreAllMocks());

describe('conformance serve cloud', () => {
  it('--list-faults prints name<TAB>description<TAB>area, one line per fault', async () => {
    const stdout = capture(process.stdout);
    expect(await serveCloudCommand(['--list-faults'])).toBe(0);
    const lines = stdout().trim().split('\n');
    expect(lines[0]).toBe(`${CLOUD_FAULTS[0]?.name}\t${CLOUD_FAULTS[0]?.description}\t${CLOUD_FAULTS[0]?.area}`);
    expect(lines).toHaveLength(CLOUD_FAULTS.length);
  });

  it('bad flags: one line on stderr, exit 2, no signal handlers left behind', async () => {
    const listeners = process.listenerCount('SIGTERM');
    for (const args of [
      ['--bogus'],
      [],
      ['--listen', 'tcp://127.0.0.1:0', '--fault', 'nope'],
      ['--listen', 'tcp://127.0.0.1:0', '--time-scale', '-1'],
      ['--listen', 'ftp://x'],
    ]) {
      const stderr = capture(process.stderr);
      expect(await serveCloudCommand(args)).toBe(2);
      expect(stderr().trim().split('\n')).toHaveLength(1);
      vi.restoreAllMocks();
    }
    expect(process.listenerCount('SIGTERM')).toBe(listeners);
  });

  it('prints its URLs and the default users, then stops on SIGTERM', async () => {
    const argv = ['--listen', 'tcp://127.0.0.1:0', '--vendor-profile', 'neutral'];
    const script = `import { serveCloudCommand } from ${JSON.stringify(ENTRY)}; process.exitCode = await serveCloudCommand(${JSON.stringify(argv)});`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (stdout.includes('\n')) child.kill('SIGTERM');
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stdout).toMatch(/rest http:\/\/127\.0\.0\.1:\d+ stream wss:\/\/127\.0\.0\.1:\d+ ca \S+\/reference\/cloud\/tls\/cert\.pem users /);
    expect(stdout).toContain(' users conformance:conformance,conformance2:conformance2');
    expect(code).toBe(0);
  });
});
