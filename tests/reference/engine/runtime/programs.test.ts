import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { feed, sh, start } from './run-helper.ts';
import { ContainerFs } from '../../../../reference/engine/fs/filesystem.ts';
import { findExecutable } from '../../../../reference/engine/runtime/program.ts';

const tick = (ms = 10) => new Promise((r) => setTimeout(r, ms));

describe('built-in programs', () => {
  it('echo prints its arguments; -n drops the newline', async () => {
    expect((await start(['echo', 'a', 'b']).result).stdout).toBe('a b\n');
    expect((await start(['/bin/echo', '-n', 'x']).result).stdout).toBe('x');
  });

  it('printf applies escapes of its format only: an argument printed by %s comes out byte for byte', async () => {
    expect((await start(['printf', 'a\\tb %s\\n', 'x\\e #1=\\n']).result).stdout).toBe('a\tb x\\e #1=\\n\n');
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)) }), async (text) => {
        expect((await sh('printf "%s" "$PAYLOAD"', { env: [`PAYLOAD=${text}`] })).stdout).toBe(text);
      }),
      { numRuns: 50 },
    );
  });

  it('cat streams stdin to stdout chunk by chunk, byte-exact', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.uint8Array({ minLength: 1, maxLength: 512 }), { maxLength: 8 }), async (chunks) => {
        const input = feed();
        const c = start(['cat'], { stdin: input.source });
        for (const chunk of chunks) {
          input.push(Buffer.from(chunk));
          await tick(0);
        }
        input.end();
        const r = await c.run.exited;
        expect(r).toBe(0);
        expect(c.stdout().equals(Buffer.concat(chunks.map((x) => Buffer.from(x))))).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it('cat writes each chunk as soon as it arrives', async () => {
    const input = feed();
    const c = start(['cat'], { stdin: input.source });
    input.push(Buffer.from('first'));
    await tick();
    expect(c.stdout().toString()).toBe('first');
    input.end();
    await c.run.exited;
  });

  it('cat with no stdin ends at once; cat FILE reads the file', async () => {
    expect(await start(['cat']).result).toMatchObject({ code: 0, stdout: '' });
    const fs = new ContainerFs([]);
    fs.writeFile('/etc/x', Buffer.from('content'));
    expect((await start(['cat', '/etc/x'], { fs }).result).stdout).toBe('content');
    expect((await start(['cat', '/nope'], { fs }).result).code).toBe(1);
  });

  it('sleep takes fractions on a real timer', async () => {
    const t0 = Date.now();
    expect((await start(['sleep', '0.05']).result).code).toBe(0);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(45);
  });

  it('env, hostname, id, true/false, head, wc, seq', async () => {
    expect((await start(['env'], { env: ['A=1'] }).result).stdout).toContain('A=1\n');
    expect((await start(['hostname']).result).stdout).toBe('box1\n');
    expect((await start(['id']).result).stdout).toMatch(/^uid=0\(root\) gid=0\(root\)/);
    expect((await start(['false']).result).code).toBe(1);
    expect((await sh('seq 5 | head -n 2')).stdout).toBe('1\n2\n');
    expect((await sh('echo a b c | wc -w')).stdout).toBe('3\n');
  });

  it('mkdir, touch, ls, rm change the filesystem', async () => {
    const c = start(['sh', '-c', 'mkdir -p /a/b && touch /a/b/f /a/g && ls /a && rm -r /a/b && ls /a']);
    expect((await c.result).stdout).toBe('b\ng\ng\n');
    expect(c.fs.stat('/a/b')).toBeUndefined();
  });

  it('ps and top list the processes', async () => {
    expect((await start(['ps', '-ef']).result).stdout).toMatch(/PID\s+USER\s+TIME\s+COMMAND\n\s+\d+ root\s+0:00 ps -ef\n/);
    expect((await start(['top', '-b', '-n', '1']).result).stdout).toContain('top -b -n 1');
  });

  it('an unknown program exits 127 with sh: X: not found', async () => {
    expect(await start(['frobnicate']).result).toMatchObject({ code: 127, stderr: 'sh: frobnicate: not found\n' });
  });

  it('findExecutable looks the name up in PATH of the image', () => {
    const fs = new ContainerFs([]);
    fs.writeFile('/bin/busybox', Buffer.from('x'));
    fs.symlink('/bin/echo', 'busybox');
    expect(findExecutable(fs, 'echo', ['PATH=/usr/bin:/bin'])).toBe('/bin/echo');
    expect(findExecutable(fs, 'cat', ['PATH=/bin'])).toBeUndefined();
  });
});

describe('signals, pause and tty', () => {
  it('SIGKILL gives 137, SIGINT 130, SIGHUP 129; SIGWINCH is ignored', async () => {
    for (const [signal, code] of [
      ['SIGKILL', 137],
      ['SIGINT', 130],
      [1, 129],
    ] as const) {
      const c = start(['sleep', '10']);
      c.run.signal(signal);
      expect((await c.result).code).toBe(code);
    }
    const c = start(['sleep', '0.05']);
    c.run.signal('SIGWINCH');
    expect((await c.result).code).toBe(0);
  });

  it('pause freezes timers and output until resume', async () => {
    const c = start(['sh', '-c', 'sleep 0.05; echo done']);
    c.run.pause();
    await tick(120);
    expect(c.stdout().toString()).toBe('');
    c.run.resume();
    expect(await c.result).toMatchObject({ code: 0, stdout: 'done\n' });
  });

  it('holds output written while paused and releases it on resume', async () => {
    const input = feed();
    const c = start(['cat'], { stdin: input.source });
    c.run.pause();
    input.push(Buffer.from('held'));
    await tick();
    expect(c.stdout().length).toBe(0);
    c.run.resume();
    await tick();
    expect(c.stdout().toString()).toBe('held');
    input.end();
    await c.run.exited;
  });

  it('a paused program still dies from SIGKILL; SIGTERM waits for resume', async () => {
    const a = start(['sleep', '10']);
    a.run.pause();
    a.run.signal('SIGKILL');
    expect((await a.result).code).toBe(137);
    const b = start(['sleep', '10']);
    b.run.pause();
    b.run.signal('SIGTERM');
    await tick(20);
    let ended = false;
    void b.run.exited.then(() => (ended = true));
    await tick(20);
    expect(ended).toBe(false);
    b.run.resume();
    expect((await b.result).code).toBe(143);
  });

  it('with a tty, newlines become CRLF and stderr joins stdout', async () => {
    const c = start(['sh', '-c', 'echo a; echo b >&2'], { tty: true });
    expect(await c.result).toMatchObject({ stdout: 'a\r\nb\r\n', stderr: '' });
  });

  it('stty size prints the rows and columns of the tty, 0 0 until a resize; without a tty it fails', async () => {
    expect((await start(['stty', 'size'], { tty: true }).result).stdout).toBe('0 0\r\n');
    const resized = start(['sh', '-c', 'sleep 0.05; busybox stty size'], { tty: true });
    resized.run.resize(40, 100);
    expect((await resized.result).stdout).toBe('40 100\r\n');
    expect(await sh('stty size')).toMatchObject({ code: 1, stderr: 'stty: standard input: Inappropriate ioctl for device\n' });
  });
});
