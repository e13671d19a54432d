/**
 * Starting a container's program: the built-in program set of the reference engine.
 *
 * Programs: sh (also ash, bash; `-c`, a script file, or stdin), echo (-n, -e), printf, cat
 * (stdin streamed chunk by chunk, byte-exact, or files), head (-n, -c), wc (-l -w -c), sleep
 * (fractions, s/m/h/d, infinity; real timers), true, false, env/printenv, hostname, id, ps,
 * top (-b -n N -d S; repeats until killed), uname, date, seq, ls (-l -a -d), mkdir (-p), touch,
 * rm (-r -f), ln -s, pwd, nc -l -p PORT (a listener the run's published TCP ports reach),
 * stty size (the tty's rows and columns; stdin must be the tty),
 * busybox <applet>.
 * Shell: `;`, newlines, `&&`, `||`, `|`, `&` + wait, `!`, if/elif/else, while/until, for,
 * break/continue, { } and ( ), redirects `>`, `>>`, `<`, `2>`, `2>&1`, `>&2` (and /dev/null),
 * quotes and backslashes, $VAR ${VAR} ${VAR:-x} ${#VAR} $? $$ $# $@ $1.., $(cmd) and backquotes,
 * $((arithmetic)), trap 'action' SIG / trap '' SIG / trap - SIG, exit N, cd, export, unset,
 * read, test/[ ], exec, shift. No globbing, no functions, no here-documents.
 *
 * Signals: SIGKILL → 137 at once (even paused); other signals while paused wait for resume;
 * a signal trapped by sh runs its action (interrupting sleep/wait); an untrapped SIGCHLD, SIGCONT,
 * SIGURG or SIGWINCH is ignored; any other signal n ends the program with 128+n.
 * Pause freezes timers and holds output until resume.
 * Tty: CONTRACT: with `tty: true` every '\n' written is turned into '\r\n' here (like a pty's
 * onlcr), and stdout and stderr both go to io.stdout; the daemon sends the bytes unframed; `test -t`
 * holds for the program's own stdin, stdout and stderr.
 * Unknown programs: CONTRACT: startProgram runs any name in the table whether or not the image
 * holds the file; `findExecutable` tells the daemon whether the image has it (the real daemon's
 * start error "executable file not found in $PATH"). A name outside the table exits 127 with
 * "sh: X: not found" on stderr.
 */
import type { ContainerFs } from '../fs/filesystem.ts';
import { join } from '../fs/paths.ts';
import { ProcessGroup, Killed } from './process-group.ts';
import type { Proc } from './proc.ts';
import { envFromList, markTerminal, toBuffer } from './proc.ts';
import type { ContainerSockets } from './sockets.ts';
import { StdinReader } from './stdin.ts';
import { lookupProgram } from './programs/index.ts';

export interface ProgramIO {
  stdin: AsyncIterable<Buffer> | null;
  stdout(data: Buffer): void;
  stderr(data: Buffer): void;
}

export interface ProgramRun {
  readonly pid: number;
  /** Exit code; 137 after SIGKILL, 128+n after a fatal signal n. */
  readonly exited: Promise<number>;
  signal(signal: string | number): void;
  pause(): void;
  resume(): void;
  processes(): Array<{ pid: number; argv: string[] }>;
  /** Whether the kernel's OOM killer ended the program (its memory limit was exceeded). */
  oomKilled(): boolean;
  /** Sets the window of its tty (rows and columns, in characters). */
  resize(rows: number, cols: number): void;
}

/** The memory cgroup a program runs in: HostConfig Memory (bytes, 0 for none) and OomKillDisable. */
export interface MemoryCgroup {
  limit: number;
  oomKillDisabled: boolean;
}

export interface StartProgramOptions {
  argv: string[];
  env: string[];
  fs: ContainerFs;
  hostname: string;
  workingDir: string;
  tty: boolean;
  /** `uid` or `uid:gid` (exec User); root when empty. */
  user?: string;
  /** The container's listening ports, shared by its command and its exec instances. */
  sockets?: ContainerSockets;
  memory?: MemoryCgroup;
  /** With `tty`, whether stdin is the terminal too (default true); false under `blind25-tty-open-stdin-pipe` (the daemon decides). */
  stdinOnTty?: boolean;
  io: ProgramIO;
}

const DEFAULT_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

export function startProgram(opts: StartProgramOptions): ProgramRun {
  const io: ProgramIO = opts.tty ? { ...opts.io, stderr: (d) => opts.io.stdout(d) } : opts.io;
  const group = new ProcessGroup(io, opts.tty, opts.argv);
  group.memoryLimit = opts.memory?.limit ?? 0;
  group.oomKillDisabled = opts.memory?.oomKillDisabled ?? false;
  const env = envFromList(opts.env);
  if (!env.has('PATH')) env.set('PATH', DEFAULT_PATH);
  if (!env.has('HOSTNAME')) env.set('HOSTNAME', opts.hostname);
  if (!env.has('HOME')) env.set('HOME', '/root');
  const proc: Proc = {
    group,
    fs: opts.fs,
    hostname: opts.hostname,
    env,
    cwd: opts.workingDir || '/',
    user: opts.user ?? '',
    ...(opts.sockets ? { sockets: opts.sockets } : {}),
    stdin: new StdinReader(opts.io.stdin),
    out: (d) => group.write('stdout', toBuffer(d)),
    err: (d) => group.write('stderr', toBuffer(d)),
  };
  if (opts.tty) markTerminal(...(opts.stdinOnTty === false ? [] : [proc.stdin]), proc.out, proc.err);
  void runMain(proc, opts.argv).then(
    (code) => group.finish(code),
    (err) => {
      if (err instanceof Killed) return;
      proc.err(`${opts.argv[0] ?? 'program'}: internal error: ${(err as Error).message}\n`);
      group.finish(1);
    },
  );
  return {
    pid: group.pid,
    exited: group.exited,
    signal: (s) => group.signal(s),
    pause: () => group.pause(),
    resume: () => group.resume(),
    processes: () => group.processes(),
    oomKilled: () => group.oomKilled,
    resize: (rows, cols) => {
      group.windowSize = { rows, cols };
    },
  };
}

async function runMain(proc: Proc, argv: string[]): Promise<number> {
  await Promise.resolve(); // let the caller hook `exited` and the streams first
  const [name, ...args] = argv;
  if (name === undefined) return 0;
  const script = scriptOf(proc.fs, proc.env, name);
  const program = lookupProgram(name);
  if (script !== undefined && !program) return lookupProgram('sh')!(proc, [script, ...args], 'sh');
  if (!program) {
    proc.err(`sh: ${name}: not found\n`);
    return 127;
  }
  return program(proc, args, name.slice(name.lastIndexOf('/') + 1));
}

/** A `#!` script in the image, run by sh (its path), or undefined. */
function scriptOf(fs: ContainerFs, env: Map<string, string>, name: string): string | undefined {
  const path = findExecutable(
    fs,
    name,
    [...env].map(([k, v]) => `${k}=${v}`),
  );
  return path && fs.readFile(path)?.subarray(0, 2).toString() === '#!' ? path : undefined;
}

/**
 * Where the image holds the executable `name` (a path, or looked up in PATH), or undefined.
 * For the daemon's start check; startProgram itself does not require it.
 */
export function findExecutable(fs: ContainerFs, name: string, envList: readonly string[] = []): string | undefined {
  if (name.includes('/')) return fs.stat(name)?.type === 'file' ? name : undefined;
  const path = envFromList(envList).get('PATH') ?? DEFAULT_PATH;
  for (const dir of path.split(':').filter(Boolean)) {
    const candidate = join(dir, name);
    if (fs.stat(candidate)?.type === 'file') return candidate;
  }
  return undefined;
}

export { lookupProgram, PROGRAM_NAMES } from './programs/index.ts';
export { signalNumber, signalName } from './signals.ts';
