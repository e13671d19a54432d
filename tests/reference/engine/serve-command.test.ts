import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serveEngineCommand } from '../../../reference/engine/serve-command.ts';
import { ENGINE_FAULTS } from '../../../reference/engine/index.ts';
import { request } from './helpers.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

function capture(): { out: () => string; err: () => string } {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => out.push(String(chunk)) > 0);
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => err.push(String(chunk)) > 0);
  return { out: () => out.join(''), err: () => err.join('') };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('conformance serve engine', () => {
  it('--list-faults prints name<TAB>description<TAB>area, one line per fault', async () => {
    const io = capture();
    expect(await serveEngineCommand(['--list-faults'])).toBe(0);
    const lines = io.out().trim().split('\n');
    expect(lines[0]).toBe(`${ENGINE_FAULTS[0]!.name}\t${ENGINE_FAULTS[0]!.description}\t${ENGINE_FAULTS[0]!.area}`);
    expect(lines).toHaveLength(ENGINE_FAULTS.length);
    expect(lines.every((l) => l.split('\t').length === 3)).toBe(true);
  });

  it('bad flags, a missing --listen and an unknown fault: one line on stderr, exit 2', async () => {
    for (const argv of [
      ['--bogus'],
      [],
      ['--listen', 'tcp://127.0.0.1:0', '--fault', 'nope'],
      ['--listen', 'ftp://x'],
      ['--listen', 'tcp://127.0.0.1:0', '--vendor-profile', 'acme'],
    ]) {
      const io = capture();
      expect(await serveEngineCommand(argv), argv.join(' ')).toBe(2);
      expect(io.err().trim().split('\n'), argv.join(' ')).toHaveLength(1);
      vi.restoreAllMocks();
    }
  });

  it('prints its URL, serves until SIGTERM, then closes cleanly and removes the socket', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'engine-serve-'));
    const socketPath = path.join(dir, 'd.sock');
    const entry = JSON.stringify(path.join(ROOT, 'reference/engine/serve-command.ts'));
    const script = `import { serveEngineCommand } from ${entry}; process.exitCode = await serveEngineCommand(process.argv.slice(2));`;
    const scriptPath = path.join(dir, 'serve.mts');
    fs.writeFileSync(scriptPath, script);
    // node with tsx's loader, not the tsx command: that relays SIGTERM to a child node and, when
    // the child does not confirm within 30 ms (a loaded machine), kills it and exits 143.
    const child = spawn(process.execPath, ['--import', 'tsx', scriptPath, '--listen', `unix://${socketPath}`, '--fault', 'ping-json'], { cwd: ROOT });
    const firstLine = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        if (out.includes('\n')) resolve(out.split('\n')[0]!);
      });
      child.once('exit', (code) => reject(new Error(`exited early with ${code}`)));
    });
    expect(firstLine).toBe(`unix://${socketPath}`);
    expect((await request(socketPath, 'GET', '/_ping')).headers['content-type']).toBe('application/json');
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(fs.existsSync(socketPath)).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
