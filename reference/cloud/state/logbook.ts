/** A bounded list of log lines that followers can subscribe to until it ends. */
const MAX_LINES = 2000;

export interface LogFollower<T> {
  line(entry: T): void;
  end(): void;
}

export class LogBook<T> {
  private readonly lines: T[] = [];
  private readonly followers = new Set<LogFollower<T>>();
  private ended = false;

  append(entry: T): void {
    this.lines.push(entry);
    if (this.lines.length > MAX_LINES) this.lines.shift();
    for (const f of this.followers) f.line(entry);
  }

  /** The last n lines (all of them when n is undefined). */
  tail(n?: number): T[] {
    return n === undefined ? [...this.lines] : n <= 0 ? [] : this.lines.slice(-n);
  }

  get isEnded(): boolean {
    return this.ended;
  }

  /** Follows new lines; returns the unsubscribe function. */
  follow(follower: LogFollower<T>): () => void {
    if (this.ended) {
      follower.end();
      return () => {};
    }
    this.followers.add(follower);
    return () => this.followers.delete(follower);
  }

  /** No more lines: followers are told and dropped. */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    for (const f of this.followers) f.end();
    this.followers.clear();
  }
}
