/**
 * A shared, buffered reader over a program's stdin. Commands of one shell read it in turn (a
 * `head -n 1` leaves the rest for the next command), so unconsumed bytes can be pushed back.
 */
export class StdinReader {
  private readonly pushedBack: Buffer[] = [];
  private iterator: AsyncIterator<Buffer> | undefined;
  private ended: boolean;

  constructor(source: AsyncIterable<Buffer> | null) {
    this.iterator = source?.[Symbol.asyncIterator]();
    this.ended = source === null;
  }

  static empty(): StdinReader {
    return new StdinReader(null);
  }

  /** The next chunk, or null at end of input. */
  async read(): Promise<Buffer | null> {
    if (this.pushedBack.length) return this.pushedBack.shift()!;
    if (this.ended || !this.iterator) return null;
    const next = await this.iterator.next();
    if (next.done) {
      this.ended = true;
      return null;
    }
    return Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
  }

  unread(chunk: Buffer): void {
    if (chunk.length) this.pushedBack.unshift(chunk);
  }

  /** Reads everything that is left. */
  async readAll(): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for (let c = await this.read(); c; c = await this.read()) chunks.push(c);
    return Buffer.concat(chunks);
  }
}

/** An in-memory pipe: one side writes, the other iterates (`a | b`). */
export class Pipe implements AsyncIterable<Buffer> {
  private readonly queue: Buffer[] = [];
  private closed = false;
  private wake: (() => void) | undefined;

  write(data: Buffer): void {
    if (this.closed || !data.length) return;
    this.queue.push(data);
    this.wake?.();
  }

  close(): void {
    this.closed = true;
    this.wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Buffer> {
    for (;;) {
      if (this.queue.length) yield this.queue.shift()!;
      else if (this.closed) return;
      else await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = undefined;
    }
  }
}
