import { execFile, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../../harness/run/project-root.ts';

/** The docker CLI, where the machine has one: these checks drive the served engine with it. */
function dockerCli(): string | undefined {
  try {
    execFileSync('docker', ['--version'], { stdio: 'ignore' });
    return 'docker';
  } catch {
    return undefined;
  }
}

const docker = dockerCli();

describe.skipIf(!docker)('conformance serve engine, driven by the docker CLI', () => {
  it('holds conformance/busybox from the start: `docker run --rm conformance/busybox echo hi` prints hi', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'engine-serve-cli-'));
    const socket = `unix://${path.join(dir, 'engine.sock')}`;
    const server = spawn(process.execPath, [path.join(PROJECT_ROOT, 'bin/conformance.mjs'), 'serve', 'engine', '--listen', socket], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      await new Promise<void>((resolve, reject) => {
        server.stdout.once('data', () => resolve());
        server.once('exit', (code) => reject(new Error(`serve engine exited ${code}`)));
      });
      const env = { ...process.env, DOCKER_HOST: socket, DOCKER_API_VERSION: '1.22' };
      const run = (args: string[]) => promisify(execFile)(docker!, args, { env, timeout: 30_000 });
      expect((await run(['images', '--format', '{{.Repository}}:{{.Tag}}'])).stdout.trim()).toBe('conformance/busybox:latest');
      expect((await run(['run', '--rm', 'conformance/busybox', 'echo', 'hi'])).stdout).toBe('hi\n');
    } finally {
      server.kill('SIGTERM');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
