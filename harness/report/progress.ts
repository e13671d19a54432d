import type { OutcomeStatus } from '../check/outcome.ts';

export interface ProgressOptions {
  out: { write(text: string): unknown };
  /**
   * A terminal: one status line rewritten in place. Otherwise (a CI log): a line when a suite
   * file finishes, and at least one every `heartbeatMs` while checks run.
   */
  tty: boolean;
  heartbeatMs?: number;
  now?: () => number;
}

export const HEARTBEAT_MS = 30_000;
/** No ETA before this many checks have finished: the first ones say little about the rest. */
const ETA_AFTER_CHECKS = 5;

/** Live progress of a run, on stderr: "N/M checks", pass and fail counts, an ETA. */
export class Progress {
  private total = 0;
  private done = 0;
  private passed = 0;
  private failed = 0;
  private errors = 0;
  private startedAt = 0;
  private timer: NodeJS.Timeout | undefined;
  private wroteLine = false;
  private running = false;
  private started = false;
  private readonly now: () => number;

  constructor(private readonly options: ProgressOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The run's checks are known: `total` of them will run. */
  start(total: number): void {
    this.total = total;
    this.startedAt = this.now();
    this.running = true;
    this.started = true;
    if (this.options.tty) this.writeTty();
    else this.scheduleHeartbeat();
  }

  /** Checks the plan did not know of (a suite file the run could not count ahead). */
  grow(count: number): void {
    this.total += count;
  }

  checkDone(status: OutcomeStatus): void {
    this.done++;
    if (status === 'passed') this.passed++;
    else if (status === 'failed') this.failed++;
    else if (status === 'error') this.errors++;
    if (this.running && this.options.tty) this.writeTty();
  }

  /**
   * Results the run adds after its checks end (the judge's departures, one per endpoint and rule):
   * the report counts them, so the last progress line does too, in either mode.
   */
  judged(statuses: readonly OutcomeStatus[]): void {
    if (!this.started || !statuses.length) return;
    this.total += statuses.length;
    for (const status of statuses) this.checkDone(status);
    this.options.out.write(`conformance: judged the exchanges: ${this.status()}\n`);
  }

  /** A suite file finished: a line in a CI log. */
  fileDone(name: string): void {
    if (this.running && !this.options.tty) this.writeLog(`${name} finished`);
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.options.tty && this.wroteLine) this.options.out.write('\n');
    this.wroteLine = false;
  }

  /** "412/1018 checks, 400 passed, 2 failed, ETA 1m05s" */
  status(): string {
    const total = Math.max(this.total, this.done);
    const errors = this.errors ? `, ${this.errors} errors` : '';
    return `${this.done}/${total} checks, ${this.passed} passed, ${this.failed} failed${errors}, ${this.eta(total)}`;
  }

  private eta(total: number): string {
    const elapsed = this.now() - this.startedAt;
    if (this.done < ETA_AFTER_CHECKS) return `ETA -, ${duration(elapsed)} elapsed`;
    return `ETA ${duration((elapsed / this.done) * (total - this.done))}`;
  }

  private writeTty(): void {
    this.options.out.write(`\r${this.status()}\x1b[K`);
    this.wroteLine = true;
  }

  private writeLog(what: string): void {
    this.options.out.write(`conformance: ${what}: ${this.status()}\n`);
    this.scheduleHeartbeat();
  }

  /** The next "running" line, one heartbeat after the last line written. */
  private scheduleHeartbeat(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.writeLog('running'), this.options.heartbeatMs ?? HEARTBEAT_MS);
    this.timer.unref();
  }
}

/** 45s, 1m05s, 1h02m */
export function duration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}
