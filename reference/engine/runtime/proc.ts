/** The environment one command runs in: the group it belongs to, its streams, env and cwd. */
import type { ContainerFs } from '../fs/filesystem.ts';
import type { ProcessGroup } from './process-group.ts';
import type { ContainerSockets } from './sockets.ts';
import type { StdinReader } from './stdin.ts';

export interface Proc {
  readonly group: ProcessGroup;
  readonly fs: ContainerFs;
  readonly hostname: string;
  env: Map<string, string>;
  cwd: string;
  /** The user the program runs as: `uid` or `uid:gid`, or empty for root. */
  user?: string;
  stdin: StdinReader;
  /** The container's listening ports (absent for a build step, which has no published ports). */
  sockets?: ContainerSockets;
  out(data: Buffer | string): void;
  err(data: Buffer | string): void;
}

/**
 * The streams of a program started with a tty (its stdin, out and err as startProgram made them): a
 * stream replaced by a pipe, a redirect or a command substitution is not one of them.
 */
const terminals = new WeakSet<object>();

export function markTerminal(...streams: object[]): void {
  for (const stream of streams) terminals.add(stream);
}

/** `test -t fd`: whether the stream on fd 0, 1 or 2 of `io` is the program's terminal. */
export function isTerminal(io: { stdin: object; out: object; err: object }, fd: number): boolean {
  const stream = [io.stdin, io.out, io.err][fd];
  return stream !== undefined && terminals.has(stream);
}

/** A built-in program: `args` excludes the program name. Returns the exit code. */
export type Program = (proc: Proc, args: string[], name: string) => Promise<number>;

export function toBuffer(data: Buffer | string): Buffer {
  return typeof data === 'string' ? Buffer.from(data) : data;
}

export function envFromList(list: readonly string[]): Map<string, string> {
  const env = new Map<string, string>();
  for (const entry of list) {
    const eq = entry.indexOf('=');
    if (eq > 0) env.set(entry.slice(0, eq), entry.slice(eq + 1));
    else if (eq < 0 && entry) env.set(entry, '');
  }
  return env;
}

/** Splits `-abc`-style flags off the front of args (stops at `--` or the first non-flag). */
export function parseFlags(args: string[], withValue: string[] = []): { flags: Map<string, string>; rest: string[] } {
  const flags = new Map<string, string>();
  let i = 0;
  for (; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') {
      i++;
      break;
    }
    if (!/^-[A-Za-z0-9]/.test(arg)) break;
    const letters = arg.slice(1);
    for (let j = 0; j < letters.length; j++) {
      const letter = letters[j]!;
      if (withValue.includes(letter)) {
        const inline = letters.slice(j + 1);
        flags.set(letter, inline || args[++i] || '');
        break;
      }
      if (/\d/.test(letter) && withValue.includes('#')) {
        flags.set('#', letters.slice(j));
        break;
      }
      flags.set(letter, '');
    }
  }
  return { flags, rest: args.slice(i) };
}
