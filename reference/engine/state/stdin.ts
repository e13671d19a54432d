/** A container's (or exec's) standard input: attach clients push, the program reads. */
export class StdinChannel implements AsyncIterable<Buffer> {
  private readonly queue: Buffer[] = [];
  private waiting: ((r: IteratorResult<Buffer>) => void) | undefined;
  private ended = false;

  push(data: Buffer): void {
    if (this.ended || data.length === 0) return;
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = undefined;
      resolve({ value: data, done: false });
    } else this.queue.push(data);
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.waiting?.({ value: undefined, done: true });
    this.waiting = undefined;
  }

  get isEnded(): boolean {
    return this.ended;
  }

  [Symbol.asyncIterator](): AsyncIterator<Buffer> {
    return {
      next: () => {
        const value = this.queue.shift();
        if (value) return Promise.resolve({ value, done: false });
        if (this.ended) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve) => (this.waiting = resolve));
      },
    };
  }
}
