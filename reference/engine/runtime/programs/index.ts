/** The program table: every built-in program a container can run, by name. */
import type { Proc, Program } from '../proc.ts';
import { cat, echo, head, printf, wc } from './text.ts';
import { date, env, falseProgram, hostname, id, ps, seq, sleep, stty, top, trueProgram, uname } from './system.ts';
import { chmod, ln, ls, mkdir, pwd, rm, touch } from './files.ts';
import { nc } from './net.ts';
import { Shell } from '../shell/interpreter.ts';
import { ShellExit } from '../shell/control.ts';
import { ShellSyntaxError } from '../shell/lexer.ts';
import { parseScript } from '../shell/parser.ts';
import { resolveFrom } from '../../fs/paths.ts';

/**
 * `sh -c 'script' [name [args...]]`, `sh file [args...]`, or `sh` reading its script from stdin.
 */
const sh: Program = async (proc, args, name) => {
  const rest = args.filter((a) => a !== '-e' && a !== '-x');
  if (rest[0] === '-c') {
    if (rest[1] === undefined) {
      proc.err(`${name}: -c requires an argument\n`);
      return 2;
    }
    return new Shell(proc, lookupProgram, rest.slice(3), rest[2] ?? name).main(rest[1]);
  }
  if (rest[0] !== undefined) {
    const script = proc.fs.readFile(resolveFrom(proc.cwd, rest[0]));
    if (!script) {
      proc.err(`${name}: can't open '${rest[0]}': No such file or directory\n`);
      return 2;
    }
    return new Shell(proc, lookupProgram, rest.slice(1), rest[0]).main(script.toString('utf8'));
  }
  return interactive(new Shell(proc, lookupProgram, [], name), proc);
};

/** `sh` reading commands from stdin: each complete command runs as soon as its line arrives. */
async function interactive(shell: Shell, proc: Proc): Promise<number> {
  let pending = '';
  let command = '';
  try {
    for (let chunk = await proc.stdin.read(); chunk; chunk = await proc.stdin.read()) {
      pending += chunk.toString('utf8');
      for (let nl = pending.indexOf('\n'); nl >= 0; nl = pending.indexOf('\n')) {
        command += pending.slice(0, nl + 1);
        pending = pending.slice(nl + 1);
        if (isIncomplete(command)) continue;
        await shell.run(command);
        command = '';
      }
    }
    pending = command + pending;
    if (pending.trim()) await shell.run(pending);
    return shell.status;
  } catch (err) {
    if (err instanceof ShellExit) return err.code;
    throw err;
  }
}

/** True when the text stops inside a quote or a compound command (more lines will follow). */
function isIncomplete(script: string): boolean {
  try {
    parseScript(script);
    return false;
  } catch (err) {
    return err instanceof ShellSyntaxError && /end of file|unterminated/.test(err.message);
  }
}

/** busybox as a multi-call binary: `busybox echo hi`. */
const busybox: Program = async (proc, args) => {
  const [applet, ...rest] = args;
  const program = applet === undefined ? undefined : lookupProgram(applet);
  if (!program) {
    proc.out(`BusyBox (reference) multi-call binary.\nCurrently defined functions:\n\t${Object.keys(PROGRAMS).sort().join(', ')}\n`);
    return applet === undefined ? 0 : 127;
  }
  return program(proc, rest, applet!);
};

export const PROGRAMS: Readonly<Record<string, Program>> = {
  sh,
  ash: sh,
  bash: sh,
  busybox,
  echo,
  printf,
  cat,
  head,
  wc,
  sleep,
  true: trueProgram,
  false: falseProgram,
  env,
  printenv: env,
  hostname,
  id,
  ps,
  top,
  uname,
  date,
  seq,
  stty,
  ls,
  mkdir,
  touch,
  chmod,
  rm,
  ln,
  pwd,
  nc,
};

/** A program by name or path (`/bin/echo` runs echo). */
export function lookupProgram(nameOrPath: string): Program | undefined {
  const name = nameOrPath.slice(nameOrPath.lastIndexOf('/') + 1);
  return Object.hasOwn(PROGRAMS, name) ? PROGRAMS[name] : undefined;
}

/** The names a fixture image lists in /bin (the registry's busybox image). */
export const PROGRAM_NAMES: readonly string[] = Object.keys(PROGRAMS);
