/**
 * The processes a container runs, read by exec from /proc. What a container runs is its program's
 * command line among them, whatever process is PID 1: an engine may start an init first that runs
 * the program as its child (`docker run --init`, dockerd's `"init": true`).
 */
import type { CloudContext } from './context.ts';
import { printedIn } from './streams.ts';
import type { Container } from './views.generated.ts';

/** The process ids in what `echo /proc/[0-9]*` printed. */
export function processIds(printed: string): string[] {
  return [...printed.matchAll(/\/proc\/(\d+)(?=\s|$)/g)].map((m) => m[1] as string);
}

/**
 * The command lines in what `cat /proc/<pid>/cmdline; echo` printed for each process: one a line, its
 * arguments NUL-terminated. A line without a NUL is none (an echoed input, a prompt, a process gone).
 */
export function commandLines(printed: string): string[][] {
  return printed
    .split(/\r?\n/)
    .filter((line) => line.includes('\0'))
    .map((line) => line.split('\0').filter((arg) => arg !== ''));
}

/** Whether `argv` is the command line `expected`: the program named alike (by path or by name alone), then the same arguments. */
export function runsCommand(argv: readonly string[], expected: readonly string[]): boolean {
  const name = (program: string | undefined): string | undefined => program?.split('/').at(-1);
  return argv.length === expected.length && name(argv[0]) === name(expected[0]) && argv.slice(1).every((arg, i) => arg === expected[i + 1]);
}

/** The command lines of the processes running in the container; unverified when /proc shows none (the host's limit, not a breach). */
export async function commandLinesIn(ctx: CloudContext, container: Container): Promise<string[][]> {
  const pids = processIds(await printedIn(ctx, container, 'echo /proc/[0-9]*'));
  if (pids.length === 0) ctx.unverified(`exec in container ${String(container.name)} lists no process directory under /proc`);
  const lines = commandLines(await printedIn(ctx, container, pids.map((pid) => `cat /proc/${pid}/cmdline; echo`).join('; ')));
  if (lines.length === 0)
    ctx.unverified(`exec in container ${String(container.name)} shows no command line of its ${pids.length} process(es) (/proc/<pid>/cmdline)`);
  return lines;
}
