/**
 * Simulated time: background work (deploying, starting, stopping ...) takes a short, scaled
 * duration. Every timer is tracked so that closing the server leaves nothing behind.
 */
export const DURATIONS = {
  deployNode: 150,
  startContainer: 80,
  stopContainer: 60,
  /** The engine's grace period: a program that ignores SIGTERM is killed this long after its stop began. */
  stopGrace: 2500,
  terminate: 60,
  redeploy: 100,
  scale: 80,
  upgradeNode: 100,
  healthCheck: 40,
  update: 30,
  /** Long enough that a client can act on an action while it is Canceling. */
  cancel: 250,
  /** A finite run_command runs this long before its container exits. */
  containerRun: 60,
  /** The flush interval of a deferred audit writer (the fault blind27-sync-action-finished-late). */
  auditFlush: 300,
} as const;

export type DurationName = keyof typeof DURATIONS;

export class Clock {
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(readonly timeScale: number) {}

  now(): Date {
    return new Date();
  }

  /** Milliseconds of a named duration at this clock's time scale. */
  ms(name: DurationName): number {
    return Math.round(DURATIONS[name] * this.timeScale);
  }

  /** Runs fn after `ms` (already scaled); the returned function cancels it. */
  after(ms: number, fn: () => void): () => void {
    if (this.closed) return () => {};
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    this.timers.add(timer);
    return () => {
      clearTimeout(timer);
      this.timers.delete(timer);
    };
  }

  /** Resolves after `ms`; rejects with the reason when `signal` aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const cancel = this.after(ms, () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      });
      const onAbort = (): void => {
        cancel();
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
