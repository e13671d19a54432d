/**
 * The life of one started program and everything it runs: its exit, signals, pause (timers and
 * output freeze until resume) and the processes it shows to top/ps.
 */
import type { ProgramIO } from './program.ts';
import { ignoredByDefault, signalNumber, SIGKILL } from './signals.ts';

/** Thrown into a program's code after its process group has ended, to unwind it. */
export class Killed extends Error {
  constructor() {
    super('process killed');
  }
}

/** What a shell decides for a signal it may trap. */
export type TrapDisposition = 'trap' | 'ignore' | 'default';

let lastPid = 1000;
export function allocatePid(): number {
  return ++lastPid;
}

class PausableTimer {
  private handle: NodeJS.Timeout | undefined;
  private startedAt = 0;

  constructor(
    private remaining: number,
    private readonly fire: () => void,
  ) {}

  start(): void {
    this.startedAt = Date.now();
    this.handle = setTimeout(this.fire, Math.max(0, this.remaining));
  }

  pause(): void {
    if (!this.handle) return;
    clearTimeout(this.handle);
    this.handle = undefined;
    this.remaining -= Date.now() - this.startedAt;
  }

  cancel(): void {
    clearTimeout(this.handle);
    this.handle = undefined;
  }
}

export class ProcessGroup {
  readonly pid = allocatePid();
  readonly exited: Promise<number>;
  exitCode: number | undefined;
  paused = false;
  /** Set by a shell: how it handles a signal (trap, ignore, or the default action). */
  trapDisposition: (signal: number) => TrapDisposition = () => 'default';
  /** Trapped signals waiting for the shell to run their action. */
  readonly pendingTraps: number[] = [];
  readonly children = new Map<number, string[]>();
  /** The memory cgroup's limit in bytes (0: none) and whether its OOM killer is disabled (OomKillDisable). */
  memoryLimit = 0;
  oomKillDisabled = false;
  /** Whether the kernel's OOM killer ended the group. */
  oomKilled = false;
  /** The tty's window in characters (`stty size`): 0 by 0 until a resize, as a pty opened without a size. */
  windowSize = { rows: 0, cols: 0 };
  private memoryUsed = 0;
  private stalled = false;

  private resolveExit!: (code: number) => void;
  private readonly heldOutput: Array<{ stream: 'stdout' | 'stderr'; data: Buffer }> = [];
  private readonly heldSignals: number[] = [];
  private readonly timers = new Set<PausableTimer>();
  private readonly wakers = new Set<() => void>();

  constructor(
    private readonly io: ProgramIO,
    private readonly tty: boolean,
    readonly argv: string[],
  ) {
    this.exited = new Promise((resolve) => (this.resolveExit = resolve));
  }

  get dead(): boolean {
    return this.exitCode !== undefined;
  }

  finish(code: number): void {
    if (this.dead) return;
    this.exitCode = code;
    for (const timer of this.timers) timer.cancel();
    this.timers.clear();
    this.wakeAll();
    this.resolveExit(code);
  }

  /** Output in the order produced; held while paused; with a tty '\n' becomes '\r\n' (onlcr). */
  write(stream: 'stdout' | 'stderr', data: Buffer): void {
    if (this.dead || data.length === 0) return;
    const bytes = this.tty ? Buffer.from(data.toString('latin1').replace(/\n/g, '\r\n'), 'latin1') : data;
    if (this.paused) this.heldOutput.push({ stream, data: bytes });
    else this.io[stream](bytes);
  }

  signal(signal: string | number): void {
    const n = signalNumber(signal);
    if (n === undefined || this.dead) return;
    if (n === SIGKILL) {
      this.finish(128 + SIGKILL);
      return;
    }
    if (this.paused) this.heldSignals.push(n);
    else this.deliver(n);
  }

  private deliver(n: number): void {
    const disposition = this.trapDisposition(n);
    if (disposition === 'trap') {
      this.pendingTraps.push(n);
      this.wakeAll();
    } else if (disposition === 'default' && !ignoredByDefault(n)) this.finish(128 + n);
  }

  /**
   * Bytes the program starts (or, negative, stops) holding. Past the limit the OOM killer ends the
   * group with SIGKILL; with the killer disabled the program stays where it is until a signal ends
   * it, as a task waiting on a real memory cgroup does.
   */
  charge(bytes: number): void {
    this.memoryUsed = Math.max(0, this.memoryUsed + bytes);
    if (!this.memoryLimit || this.memoryUsed <= this.memoryLimit || this.dead) return;
    if (this.oomKillDisabled) {
      this.stalled = true;
      return;
    }
    this.oomKilled = true;
    this.finish(128 + SIGKILL);
  }

  pause(): void {
    if (this.dead || this.paused) return;
    this.paused = true;
    for (const timer of this.timers) timer.pause();
  }

  resume(): void {
    if (!this.paused) return;
    this.paused = false;
    for (const timer of this.timers) timer.start();
    for (const { stream, data } of this.heldOutput.splice(0)) if (!this.dead) this.io[stream](data);
    this.wakeAll();
    for (const n of this.heldSignals.splice(0)) this.deliver(n);
  }

  /** Throws Killed when the group has ended; waits while paused or stalled at its memory limit. */
  async checkpoint(): Promise<void> {
    while ((this.paused || this.stalled) && !this.dead) await new Promise<void>((resolve) => this.wakers.add(resolve));
    if (this.dead) throw new Killed();
  }

  /**
   * Sleeps on a real timer that stops while paused. Resolves 'interrupted' as soon as a trapped
   * signal is pending (so the shell can run the trap), throws Killed when the group ends.
   */
  async sleep(ms: number): Promise<'done' | 'interrupted'> {
    let timer: PausableTimer | undefined;
    const done = new Promise<'done'>((resolve) => {
      timer = new PausableTimer(ms, () => resolve('done'));
      this.timers.add(timer);
      if (!this.paused) timer.start();
    });
    try {
      return await this.interruptible(done);
    } finally {
      timer!.cancel();
      this.timers.delete(timer!);
    }
  }

  /** Races a wait against trapped signals and the group's end. */
  async interruptible<T>(wait: Promise<T>): Promise<T | 'interrupted'> {
    if (this.dead) throw new Killed();
    if (this.pendingTraps.length) return 'interrupted';
    let waker: (() => void) | undefined;
    const interrupted = new Promise<'interrupted'>((resolve) => {
      waker = () => resolve('interrupted');
      this.wakers.add(waker);
    });
    try {
      const result = await Promise.race([wait, interrupted]);
      if (this.dead) throw new Killed();
      if (result === 'interrupted' && !this.pendingTraps.length) return this.interruptible(wait);
      return result;
    } finally {
      this.wakers.delete(waker!);
    }
  }

  private wakeAll(): void {
    const wakers = [...this.wakers];
    this.wakers.clear();
    for (const wake of wakers) wake();
  }

  processes(): Array<{ pid: number; argv: string[] }> {
    if (this.dead) return [];
    return [{ pid: this.pid, argv: this.argv }, ...[...this.children].map(([pid, argv]) => ({ pid, argv }))];
  }
}
