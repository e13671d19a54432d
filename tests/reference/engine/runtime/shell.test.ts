import { describe, expect, it } from 'vitest';
import { sh, start } from './run-helper.ts';

describe('sh -c', () => {
  it('runs sequences, && and ||', async () => {
    expect(await sh('echo a; false && echo no; false || echo b; true && echo c')).toEqual({ code: 0, stdout: 'a\nb\nc\n', stderr: '' });
  });

  it('exits with the code of exit N and stops there', async () => {
    expect(await sh('echo before; exit 3; echo after')).toMatchObject({ code: 3, stdout: 'before\n' });
  });

  it('expands $VAR, ${VAR}, defaults, $? and keeps quoted text whole', async () => {
    const r = await sh('X=hello; Y="a  b"; echo $X ${X}x "$Y" $Y ${NOPE:-dflt} \'$X\'; false; echo $?', { env: ['PATH=/bin'] });
    expect(r.stdout).toBe('hello hellox a  b a b dflt $X\n1\n');
  });

  it('takes variables from the environment', async () => {
    expect((await sh('echo $FOO', { env: ['FOO=bar'] })).stdout).toBe('bar\n');
  });

  it('redirects > and >> to files and 2>&1 / >&2 between streams', async () => {
    const c = start(['sh', '-c', 'echo one > /f; echo two >> /f; cat /f; echo err >&2; echo both 2>&1']);
    const r = await c.result;
    expect(r.stdout).toBe('one\ntwo\nboth\n');
    expect(r.stderr).toBe('err\n');
    expect(c.fs.readFile('/f')!.toString()).toBe('one\ntwo\n');
  });

  it('opens a file with <> for reading and writing: created when missing, written over from its start, never truncated', async () => {
    const c = start(['sh', '-c', 'printf 123456 1<>/g; printf ab 1<>/g; cat /g; echo; cat <>/g']);
    const r = await c.result;
    expect(r.stdout).toBe('ab3456\nab3456');
    expect(c.fs.readFile('/g')!.toString()).toBe('ab3456');
  });

  it('test -t holds for the standard streams of a program started with a tty only, not for a pipe or a substitution', async () => {
    const probe =
      'for fd in 0 1 2; do [ -t $fd ] && echo t$fd || echo n$fd; done; echo "$([ -t 1 ] && echo t || echo n)"; ([ -t 1 ] && echo t || echo n) | cat';
    expect((await sh(probe, { tty: true })).stdout).toBe('t0\r\nt1\r\nt2\r\nn\r\nn\r\n');
    expect((await sh(probe)).stdout).toBe('n0\nn1\nn2\nn\nn\n');
  });

  it('runs pipelines, loops, if and command substitution', async () => {
    const r = await sh(
      'for i in 1 2 3; do echo $i; done | wc -l; n=0; while [ $n -lt 2 ]; do n=$((n+1)); done; ' +
        'echo n=$n; if [ -d / ]; then echo dir; else echo no; fi; echo "$(echo sub)"',
    );
    expect(r.stdout).toBe('3\nn=2\ndir\nsub\n');
  });

  it('reports unknown commands with 127 and a syntax error with 2', async () => {
    expect(await sh('nosuch')).toMatchObject({ code: 127, stderr: 'sh: nosuch: not found\n' });
    expect((await sh('echo "unterminated')).code).toBe(2);
  });

  it('runs a trap action on SIGTERM instead of dying', async () => {
    const c = start(['sh', '-c', "trap 'echo caught; exit 7' TERM; echo ready; sleep 30"]);
    await new Promise((r) => setTimeout(r, 30));
    c.run.signal('SIGTERM');
    expect(await c.result).toMatchObject({ code: 7, stdout: 'ready\ncaught\n' });
  });

  it('a trapped signal interrupts wait on a background job; a killed one ends its jobs quietly', async () => {
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown): void => void rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    try {
      const trapped = start(['sh', '-c', "trap 'exit 0' TERM; echo ready; while true; do sleep 3600 & wait; done"]);
      await new Promise((r) => setTimeout(r, 30));
      trapped.run.signal('TERM');
      expect(await trapped.result).toMatchObject({ code: 0, stdout: 'ready\n' });
      const ignoring = start(['sh', '-c', "trap '' TERM; while true; do sleep 3600 & wait; done"]);
      await new Promise((r) => setTimeout(r, 30));
      ignoring.run.signal('TERM');
      ignoring.run.signal('KILL');
      expect((await ignoring.result).code).toBe(137);
      await new Promise((r) => setTimeout(r, 20));
      expect(rejections).toEqual([]);
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  });

  it('dies with 143 on an untrapped SIGTERM', async () => {
    const c = start(['sh', '-c', 'sleep 30']);
    c.run.signal('TERM');
    expect((await c.result).code).toBe(143);
  });

  it('shows its child in processes()', async () => {
    const c = start(['sh', '-c', 'sleep 30']);
    await new Promise((r) => setTimeout(r, 20));
    expect(c.run.processes().map((p) => p.argv.join(' '))).toEqual(['sh -c sleep 30', 'sleep 30']);
    c.run.signal('KILL');
    expect((await c.result).code).toBe(137);
    expect(c.run.processes()).toEqual([]);
  });
});

describe('sh reading stdin', () => {
  it('runs each complete command as its line arrives, waiting for the end of a compound', async () => {
    const { feed } = await import('./run-helper.ts');
    const input = feed();
    const c = start(['sh'], { stdin: input.source });
    input.push(Buffer.from('echo one\nfor i in a b; do\n'));
    await new Promise((r) => setTimeout(r, 20));
    expect(c.stdout().toString()).toBe('one\n');
    input.push(Buffer.from('echo $i; done\nexit 5\n'));
    expect(await c.result).toMatchObject({ code: 5, stdout: 'one\na\nb\n' });
  });
});
