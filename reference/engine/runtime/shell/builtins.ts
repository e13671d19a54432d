/** Builtins that change the shell itself: exit, trap, cd, export, unset, wait, read, test, exec ... */
import type { Shell } from './interpreter.ts';
import type { ShellIO } from './io.ts';
import { evaluateTest } from './test-builtin.ts';
import { isTerminal } from '../proc.ts';
import { LoopControl, ShellExit } from './control.ts';
import { signalNumber } from '../signals.ts';
import { resolveFrom } from '../../fs/paths.ts';

export type ShellBuiltin = (shell: Shell, args: string[], io: ShellIO) => Promise<number>;

async function exit(shell: Shell, args: string[]): Promise<number> {
  throw new ShellExit(args[0] === undefined ? shell.status : parseInt(args[0], 10) & 0xff || 0);
}

async function loopControl(kind: 'break' | 'continue'): Promise<number> {
  throw new LoopControl(kind);
}

/** `trap 'action' SIG...`, `trap '' SIG` (ignore), `trap - SIG` (default). */
const trap: ShellBuiltin = async (shell, args, io) => {
  if (args.length < 2) {
    for (const [n, action] of shell.traps) io.out(`trap -- '${action}' ${n}\n`);
    return 0;
  }
  const [action, ...signals] = args as [string, ...string[]];
  for (const name of signals) {
    const n = name === 'EXIT' || name === '0' ? undefined : signalNumber(name);
    if (n === undefined) continue;
    if (action === '-') shell.traps.delete(n);
    else shell.traps.set(n, action);
  }
  shell.proc.group.trapDisposition = (n) => (!shell.traps.has(n) ? 'default' : shell.traps.get(n) === '' ? 'ignore' : 'trap');
  return 0;
};

const cd: ShellBuiltin = async (shell, args, io) => {
  const target = resolveFrom(shell.proc.cwd, args[0] ?? shell.get('HOME') ?? '/');
  if (shell.proc.fs.stat(target)?.type !== 'dir') {
    io.err(`sh: cd: can't cd to ${args[0]}: No such file or directory\n`);
    return 2;
  }
  shell.proc.cwd = target;
  return 0;
};

const exportVars: ShellBuiltin = async (shell, args) => {
  for (const arg of args) {
    const eq = arg.indexOf('=');
    if (eq > 0) shell.set(arg.slice(0, eq), arg.slice(eq + 1));
  }
  return 0;
};

const unset: ShellBuiltin = async (shell, args) => {
  for (const name of args) shell.unset(name);
  return 0;
};

/** Waits for background jobs; a trapped signal interrupts it (status 128+n) like in sh. */
const wait: ShellBuiltin = async (shell) => {
  const result = await shell.proc.group.interruptible(Promise.all([...shell.jobs]));
  if (result === 'interrupted') return 128 + shell.proc.group.pendingTraps[0]!;
  return result.length ? result[result.length - 1]! : 0;
};

/** `read [-r] NAME...`: one line of stdin split over the names. */
const read: ShellBuiltin = async (shell, args, io) => {
  const names = args.filter((a) => !a.startsWith('-'));
  let line = Buffer.alloc(0);
  let found = false;
  for (let chunk = await io.stdin.read(); chunk; chunk = await io.stdin.read()) {
    const nl = chunk.indexOf(0x0a);
    if (nl >= 0) {
      line = Buffer.concat([line, chunk.subarray(0, nl)]);
      io.stdin.unread(chunk.subarray(nl + 1));
      found = true;
      break;
    }
    line = Buffer.concat([line, chunk]);
  }
  const words = line
    .toString('utf8')
    .trim()
    .split(/[ \t]+/);
  (names.length ? names : ['REPLY']).forEach((name, i, all) => shell.set(name, i === all.length - 1 ? words.slice(i).join(' ') : (words[i] ?? '')));
  return found || line.length ? 0 : 1;
};

const test: ShellBuiltin = async (shell, args, io) => {
  try {
    return evaluateTest(args, shell.proc.fs, shell.proc.cwd, (fd) => isTerminal(io, fd)) ? 0 : 1;
  } catch (err) {
    io.err(`sh: ${(err as Error).message}\n`);
    return 2;
  }
};

const bracket: ShellBuiltin = async (shell, args, io) => {
  if (args[args.length - 1] !== ']') {
    io.err('sh: [: missing ]\n');
    return 2;
  }
  return test(shell, args.slice(0, -1), io);
};

/** `exec cmd args`: runs the command, then the shell ends with its status. */
const exec: ShellBuiltin = async (shell, args, io) => {
  if (!args.length) return 0;
  const status = await shell.invoke(args, io);
  return exit(shell, [String(status)]);
};

const shift: ShellBuiltin = async (shell, args) => {
  shell.positional = shell.positional.slice(Number(args[0] ?? 1));
  return 0;
};

export const SHELL_BUILTINS: Record<string, ShellBuiltin> = {
  exit,
  trap,
  cd,
  export: exportVars,
  unset,
  wait,
  read,
  test,
  '[': bracket,
  exec,
  shift,
  set: async () => 0,
  ':': async () => 0,
  break: () => loopControl('break'),
  continue: () => loopControl('continue'),
};
