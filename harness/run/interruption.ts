/**
 * A signal this soon after the first is the same Ctrl-C come by another path: npm and npx pass
 * the terminal's SIGINT on to the command that the terminal signalled already.
 */
const SAME_INTERRUPT_MS = 1500;

/**
 * How long the checks under way get to wind down once interrupted. Past it the run stops
 * waiting for them (a check can be waiting on its target for many seconds) and goes on to
 * clean up and write its report: Ctrl-C ends a run within a few seconds.
 */
export const WIND_DOWN_MS = 1500;

/** Where bin/conformance.mjs records a signal that came before the run took the signals over. */
const EARLY_SIGNAL = Symbol.for('conformance.early-signal');

/**
 * Ctrl-C (SIGINT) or SIGTERM during a run: the first one stops the checks and lets the run
 * remove what it created and write its partial report; a second one (not the first one's echo)
 * exits at once.
 */
export class Interruption {
  signal: NodeJS.Signals | undefined;
  private at = 0;
  private cancel: (() => void) | undefined;
  private endWindDown: () => void = () => undefined;
  private readonly windDownOver = new Promise<void>((resolve) => (this.endWindDown = resolve));
  private readonly handler = (signal: NodeJS.Signals): void => {
    if (this.signal) {
      if (Date.now() - this.at < SAME_INTERRUPT_MS) return;
      process.exit(130);
    }
    this.signal = signal;
    this.at = Date.now();
    process.stderr.write(`\n${signal}: stopping the checks, cleaning up and writing the partial report (again to quit at once)\n`);
    setTimeout(this.endWindDown, WIND_DOWN_MS);
    this.cancel?.();
  };

  /**
   * Takes the signals over, from the command's early catcher too (bin/conformance.mjs): a signal
   * that came while the command was starting counts as the first.
   */
  install(): this {
    process.on('SIGINT', this.handler);
    process.on('SIGTERM', this.handler);
    this.claimSignals();
    const early = (process as unknown as Record<symbol, NodeJS.Signals | undefined>)[EARLY_SIGNAL];
    if (early) this.handler(early);
    return this;
  }

  /** What stops the work under way (the vitest run), once it is under way. */
  onInterrupt(cancel: () => void): void {
    this.cancel = cancel;
  }

  /**
   * Removes the signal listeners others installed (vitest's exit the process at once, which
   * would skip the cleanup), keeping this one.
   */
  claimSignals(): void {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      for (const listener of process.listeners(signal)) if (listener !== this.handler) process.off(signal, listener);
    }
  }

  /**
   * Waits for `work`, or, once interrupted, until the wind-down time (and `extraMs` more) is over,
   * whichever is first.
   */
  async bounded(work: Promise<unknown>, extraMs = 0): Promise<void> {
    const over = this.windDownOver.then(() => new Promise<void>((resolve) => setTimeout(resolve, extraMs)));
    await Promise.race([work, over]);
  }

  uninstall(): void {
    process.off('SIGINT', this.handler);
    process.off('SIGTERM', this.handler);
  }
}
