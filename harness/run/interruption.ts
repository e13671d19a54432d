/**
 * Ctrl-C (SIGINT) or SIGTERM during a run: the first one stops the checks and lets the run
 * remove what it created and write its partial report; a second one exits at once.
 */
export class Interruption {
  signal: NodeJS.Signals | undefined;
  private cancel: (() => void) | undefined;
  private readonly handler = (signal: NodeJS.Signals): void => {
    if (this.signal) process.exit(130);
    this.signal = signal;
    process.stderr.write(`\n${signal}: stopping the checks, cleaning up and writing the partial report (again to quit at once)\n`);
    this.cancel?.();
  };

  install(): this {
    process.on('SIGINT', this.handler);
    process.on('SIGTERM', this.handler);
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

  uninstall(): void {
    process.off('SIGINT', this.handler);
    process.off('SIGTERM', this.handler);
  }
}
