/** Runs a built-in program over a fresh filesystem and collects what it wrote. */
import { ContainerFs } from '../../../../reference/engine/fs/filesystem.ts';
import { startProgram } from '../../../../reference/engine/runtime/program.ts';
import type { ProgramRun } from '../../../../reference/engine/runtime/program.ts';
import type { ContainerSockets } from '../../../../reference/engine/runtime/sockets.ts';

export interface Collected {
  run: ProgramRun;
  fs: ContainerFs;
  stdout: () => Buffer;
  stderr: () => Buffer;
  result: Promise<{ code: number; stdout: string; stderr: string }>;
}

export function start(
  argv: string[],
  opts: { stdin?: AsyncIterable<Buffer> | null; fs?: ContainerFs; tty?: boolean; env?: string[]; sockets?: ContainerSockets } = {},
): Collected {
  const fs = opts.fs ?? new ContainerFs([]);
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  const run = startProgram({
    argv,
    env: opts.env ?? ['PATH=/bin'],
    fs,
    hostname: 'box1',
    workingDir: '/',
    tty: opts.tty ?? false,
    ...(opts.sockets ? { sockets: opts.sockets } : {}),
    io: { stdin: opts.stdin ?? null, stdout: (d) => out.push(d), stderr: (d) => err.push(d) },
  });
  const stdout = () => Buffer.concat(out);
  const stderr = () => Buffer.concat(err);
  const result = run.exited.then((code) => ({ code, stdout: stdout().toString(), stderr: stderr().toString() }));
  return { run, fs, stdout, stderr, result };
}

export function sh(script: string, opts: Parameters<typeof start>[1] = {}) {
  return start(['sh', '-c', script], opts).result;
}

/** An async stdin fed by hand. */
export function feed(): { source: AsyncIterable<Buffer>; push(b: Buffer): void; end(): void } {
  const queue: Array<Buffer | null> = [];
  let wake: (() => void) | undefined;
  return {
    source: (async function* () {
      for (;;) {
        while (!queue.length) await new Promise<void>((r) => (wake = r));
        const item = queue.shift()!;
        if (item === null) return;
        yield item;
      }
    })(),
    push(b) {
      queue.push(b);
      wake?.();
    },
    end() {
      queue.push(null);
      wake?.();
    },
  };
}
