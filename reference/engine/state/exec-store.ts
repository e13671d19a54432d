/** Exec instances: a command run inside a running container, attached or detached. */
import { startProgram, type ProgramRun } from '../runtime/program.ts';
import { OutputLog } from './output.ts';
import { runtimeViewOf } from './runtime-view.ts';
import { StdinChannel } from './stdin.ts';
import type { Container } from './container.ts';

export interface ExecConfig {
  AttachStdin: boolean;
  AttachStdout: boolean;
  AttachStderr: boolean;
  Tty: boolean;
  Cmd: string[];
  DetachKeys: string;
  Privileged: boolean;
  User: string;
}

export class ExecInstance {
  running = false;
  exitCode: number | null = null;
  started = false;
  run: ProgramRun | undefined;
  stdin: StdinChannel | undefined;
  /** Not kept: an exec's output only goes to its attached client. */
  readonly output = new OutputLog(false);
  /** The tty window a resize asked for (rows, columns), kept for a command not started yet. */
  private windowSize: { rows: number; cols: number } | undefined;

  constructor(
    readonly id: string,
    readonly container: Container,
    readonly config: ExecConfig,
  ) {}

  /**
   * Marks the exec as started and running (as a daemon does before it asks the runtime to spawn)
   * and opens its stdin when it is attached (by default, as AttachStdin says), so a client's early
   * input waits for the program.
   */
  claim(stdinAttached = this.config.AttachStdin): void {
    if (this.started) return;
    this.started = true;
    this.running = true;
    this.stdin = stdinAttached ? new StdinChannel() : undefined;
  }

  /** The container stopped between claim and start: the command never runs, its session ends. */
  abandon(): void {
    this.running = false;
    this.stdin?.end();
    this.output.runEnded();
  }

  /** Sets the window of the command's tty, now or when it starts. */
  resize(rows: number, cols: number): void {
    this.windowSize = { rows, cols };
    this.run?.resize(rows, cols);
  }

  /** Starts the command; `tty` is the start body's Tty (which decides the framing); `user` as in the create User. */
  start(tty: boolean, user = ''): ProgramRun {
    const c = this.container;
    this.claim();
    const mergeStderr = tty || this.config.Tty;
    const view = runtimeViewOf(c);
    const run = startProgram({
      argv: this.config.Cmd,
      env: view?.env ?? c.config.Env ?? [],
      fs: (this.config.Privileged ? view?.privilegedFs : view?.fs) ?? c.fs,
      hostname: view?.hostname ?? c.config.Hostname,
      workingDir: view?.workingDir ?? (c.config.WorkingDir || '/'),
      tty: mergeStderr,
      user,
      sockets: view?.sockets,
      io: {
        stdin: this.stdin ?? null,
        stdout: (data) => this.output.write('stdout', data),
        stderr: (data) => this.output.write(mergeStderr ? 'stdout' : 'stderr', data),
      },
    });
    if (this.windowSize) run.resize(this.windowSize.rows, this.windowSize.cols);
    this.run = run;
    this.running = true;
    void run.exited.then((code) => {
      this.running = false;
      this.exitCode = code;
      this.stdin?.end();
      this.output.runEnded();
    });
    return run;
  }
}

export class ExecStore {
  private readonly byId = new Map<string, ExecInstance>();

  add(exec: ExecInstance): void {
    this.byId.set(exec.id, exec);
    exec.container.execIds.add(exec.id);
  }

  get(id: string): ExecInstance | undefined {
    return this.byId.get(id);
  }

  all(): ExecInstance[] {
    return [...this.byId.values()];
  }

  removeFor(c: Container): void {
    for (const id of c.execIds) this.byId.get(id)?.run?.signal('SIGKILL');
    for (const id of c.execIds) this.byId.delete(id);
    c.execIds.clear();
  }
}
