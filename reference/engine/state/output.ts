/**
 * What a container (or exec) writes: kept as log entries (json-file style, for logs and
 * `attach?logs=1`) and pushed to live listeners (attach streams, `logs?follow=1`).
 */
export type StreamName = 'stdout' | 'stderr';

export interface OutputEntry {
  stream: StreamName;
  data: Buffer;
  time: Date;
}

type Listener = (entry: OutputEntry) => void;

export class OutputLog {
  readonly entries: OutputEntry[] = [];
  private readonly listeners = new Set<Listener>();
  private readonly endListeners = new Set<() => void>();

  constructor(private readonly keep = true) {}

  write(stream: StreamName, data: Buffer): void {
    if (data.length === 0) return;
    const entry: OutputEntry = { stream, data, time: new Date() };
    if (this.keep) this.entries.push(entry);
    for (const listener of this.listeners) listener(entry);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called when the current run of the program ends (attach and follow streams then close). */
  onRunEnd(listener: () => void): () => void {
    this.endListeners.add(listener);
    return () => this.endListeners.delete(listener);
  }

  runEnded(): void {
    for (const listener of [...this.endListeners]) listener();
  }

  get size(): number {
    return this.entries.reduce((n, e) => n + e.data.length, 0);
  }
}
