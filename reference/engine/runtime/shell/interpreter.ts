/**
 * Runs parsed scripts: lists, && / ||, pipelines, background jobs, if/while/until/for, groups,
 * redirections, assignments, traps. Commands are the shell builtins or the program table.
 * A trapped signal interrupts the foreground wait (sleep, wait) and its action runs right away;
 * a real sh would wait for the foreground child first (documented difference: it makes
 * `trap 'exit 0' TERM; sleep 100` stop promptly).
 */
import type { Proc, Program } from '../proc.ts';
import { toBuffer } from '../proc.ts';
import { allocatePid, Killed } from '../process-group.ts';
import { Pipe, StdinReader } from '../stdin.ts';
import { ShellSyntaxError } from './lexer.ts';
import { parseScript } from './parser.ts';
import type { AndOr, Command, List, Pipeline } from './parser.ts';
import { expandToString, expandWord } from './expand.ts';
import type { ExpansionScope } from './expand.ts';
import { redirect, RedirectError } from './io.ts';
import type { ShellIO } from './io.ts';
import { SHELL_BUILTINS } from './builtins.ts';
import { LoopControl, ShellExit } from './control.ts';

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
/** The status of a job whose process was killed (SIGKILL): 128 + 9. */
const KILLED_STATUS = 137;

export class Shell implements ExpansionScope {
  status = 0;
  /** Signal number → action ('' ignores the signal). */
  readonly traps = new Map<number, string>();
  readonly jobs = new Set<Promise<number>>();
  lastJobPid = 0;
  private held = 0;

  constructor(
    readonly proc: Proc,
    readonly lookupProgram: (name: string) => Program | undefined,
    public positional: string[],
    readonly name = 'sh',
  ) {}

  get io(): ShellIO {
    return { out: this.proc.out, err: this.proc.err, stdin: this.proc.stdin };
  }

  /** Runs a script to its end; syntax errors answer 2 like sh. `exit` propagates as ShellExit. */
  async run(source: string, io: ShellIO = this.io): Promise<number> {
    let list: List;
    try {
      list = parseScript(source);
    } catch (err) {
      if (!(err instanceof ShellSyntaxError)) throw err;
      io.err(`${err.message}\n`);
      this.status = 2;
      return this.status;
    }
    return this.list(list, io);
  }

  /** Runs a script as the shell's whole program: `exit N` becomes the result. */
  async main(source: string): Promise<number> {
    try {
      return await this.run(source);
    } catch (err) {
      if (err instanceof ShellExit) return err.code;
      throw err;
    }
  }

  // ExpansionScope
  get(name: string): string | undefined {
    if (name === '?') return String(this.status);
    if (name === '$') return String(this.proc.group.pid);
    if (name === '!') return String(this.lastJobPid);
    if (name === '#') return String(this.positional.length);
    if (name === '@' || name === '*') return this.positional.join(' ');
    if (name === '0') return this.name;
    if (/^\d$/.test(name)) return this.positional[Number(name) - 1];
    return this.proc.env.get(name);
  }

  set(name: string, value: string): void {
    this.hold(value.length - (this.proc.env.get(name)?.length ?? 0));
    this.proc.env.set(name, value);
  }

  unset(name: string): void {
    this.hold(-(this.proc.env.get(name)?.length ?? 0));
    this.proc.env.delete(name);
  }

  /** Counts the bytes the shell's variables hold against the program's memory limit. */
  private hold(bytes: number): void {
    this.held += bytes;
    this.proc.group.charge(bytes);
  }

  /** A subshell's variables are its own copy: what it held is given back when it ends. */
  private async inCopy<T>(body: (sub: Shell) => Promise<T>): Promise<T> {
    const sub = this.subshell();
    try {
      return await body(sub);
    } finally {
      this.proc.group.charge(-sub.held);
    }
  }

  async substitute(script: string): Promise<string> {
    const chunks: Buffer[] = [];
    const io = { ...this.io, out: (d: Buffer | string) => void chunks.push(toBuffer(d)) };
    try {
      await this.inCopy((sub) => sub.run(script, io));
    } catch (err) {
      if (!(err instanceof ShellExit)) throw err;
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  private subshell(): Shell {
    const proc: Proc = { ...this.proc, env: new Map(this.proc.env) };
    const sub = new Shell(proc, this.lookupProgram, [...this.positional], this.name);
    sub.status = this.status;
    return sub;
  }

  async list(list: List, io: ShellIO): Promise<number> {
    for (const { andOr, background } of list.items) {
      await this.proc.group.checkpoint();
      if (background) {
        const job = this.andOr(andOr, { ...io, stdin: StdinReader.empty() }).catch((err) => {
          if (err instanceof ShellExit) return err.code;
          // Its process group ended (the container was killed): the foreground ends of it too, and
          // a job nobody waits for must not be left a rejection no one handles.
          if (err instanceof Killed) return KILLED_STATUS;
          return Promise.reject(err);
        });
        this.jobs.add(job);
        const forget = (): void => void this.jobs.delete(job);
        job.then(forget, forget);
        this.lastJobPid = allocatePid();
        this.status = 0;
      } else this.status = await this.andOr(andOr, io);
      await this.runTraps(io);
    }
    return this.status;
  }

  /** Runs the actions of trapped signals that arrived. */
  async runTraps(io: ShellIO): Promise<void> {
    const pending = this.proc.group.pendingTraps;
    while (pending.length) {
      const action = this.traps.get(pending.shift()!);
      if (action) {
        const saved = this.status;
        await this.run(action, io);
        this.status = saved;
      }
    }
  }

  private async andOr(andOr: AndOr, io: ShellIO): Promise<number> {
    let status = await this.pipeline(andOr.first, io);
    for (const { op, pipeline } of andOr.rest) {
      if ((op === '&&') === (status === 0)) status = await this.pipeline(pipeline, io);
    }
    return status;
  }

  private async pipeline(pipeline: Pipeline, io: ShellIO): Promise<number> {
    let status: number;
    if (pipeline.commands.length === 1) status = await this.command(pipeline.commands[0]!, io);
    else {
      const runs: Array<Promise<number>> = [];
      let stdin = io.stdin;
      pipeline.commands.forEach((command, i) => {
        const last = i === pipeline.commands.length - 1;
        const pipe = last ? undefined : new Pipe();
        const stage: ShellIO = { ...io, stdin, out: pipe ? (d) => pipe.write(toBuffer(d)) : io.out };
        runs.push(this.command(command, stage).finally(() => pipe?.close()));
        if (pipe) stdin = new StdinReader(pipe);
      });
      status = (await Promise.all(runs))[runs.length - 1]!;
    }
    return pipeline.negate ? Number(status === 0) : status;
  }

  private async command(command: Command, io: ShellIO): Promise<number> {
    switch (command.type) {
      case 'simple':
        return this.simple(command, io);
      case 'if':
        for (const clause of command.clauses) if ((await this.list(clause.cond, io)) === 0) return this.list(clause.body, io);
        return command.otherwise ? this.list(command.otherwise, io) : 0;
      case 'loop':
        return this.loop(io, () => this.list(command.cond, io).then((s) => (s === 0) !== command.until), command.body);
      case 'for': {
        const items = command.items ? (await Promise.all(command.items.map((w) => expandWord(w, this)))).flat() : [...this.positional];
        const nextItem = async (): Promise<boolean> => {
          if (items.length === 0) return false;
          this.set(command.name, items.shift()!);
          return true;
        };
        return this.loop(io, nextItem, command.body);
      }
      case 'group':
        return command.subshell ? this.inSubshell(command.body, io) : this.list(command.body, io);
    }
  }

  private async loop(io: ShellIO, next: () => Promise<boolean>, body: List): Promise<number> {
    let status = 0;
    while (await next()) {
      await yieldToEventLoop();
      try {
        status = await this.list(body, io);
      } catch (err) {
        if (!(err instanceof LoopControl)) throw err;
        if (err.kind === 'break') break;
      }
    }
    return status;
  }

  private async inSubshell(body: List, io: ShellIO): Promise<number> {
    try {
      return await this.inCopy((sub) => sub.list(body, io));
    } catch (err) {
      if (err instanceof ShellExit) return err.code;
      throw err;
    }
  }

  private async simple(command: Extract<Command, { type: 'simple' }>, io: ShellIO): Promise<number> {
    const argv = (await Promise.all(command.words.map((w) => expandWord(w, this)))).flat();
    const assigns = await Promise.all(command.assigns.map(async (a) => [a.name, await expandToString(a.value, this)] as const));
    let cmdIO: ShellIO;
    try {
      const targets = await Promise.all(command.redirects.map(async (r) => ({ ...r, path: await expandToString(r.target, this) })));
      cmdIO = redirect(this.proc, io, targets);
    } catch (err) {
      if (!(err instanceof RedirectError)) throw err;
      io.err(`${err.message}\n`);
      return 1;
    }
    if (argv.length === 0) {
      for (const [name, value] of assigns) this.set(name, value);
      return command.words.length ? this.status : 0;
    }
    const env = assigns.length ? new Map([...this.proc.env, ...assigns]) : this.proc.env;
    return this.invoke(argv, cmdIO, env);
  }

  /** Runs a builtin or a program with the given streams. */
  async invoke(argv: string[], io: ShellIO, env = this.proc.env): Promise<number> {
    const [name, ...args] = argv as [string, ...string[]];
    const builtin = SHELL_BUILTINS[name];
    if (builtin) return builtin(this, args, io);
    const program = this.lookupProgram(name);
    if (!program) {
      io.err(`${this.name}: ${name}: not found\n`);
      return 127;
    }
    const pid = allocatePid();
    const group = this.proc.group;
    group.children.set(pid, argv);
    try {
      const proc: Proc = { ...this.proc, env, out: io.out, err: io.err, stdin: io.stdin };
      return await program(proc, args, name);
    } finally {
      group.children.delete(pid);
    }
  }
}
