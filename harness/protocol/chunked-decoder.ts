/**
 * The plumbing shared by the streaming decoders (frames, JSON streams): a queue of pushed chunks,
 * decoded lazily as the caller iterates, and a queue of events decoded but not yet handed out.
 *
 * All decoding state lives in fields, never in generator locals: an iterator dropped half-way
 * loses nothing, and the next one (from push or end) carries on where it stopped.
 */
const NO_BYTES = Buffer.alloc(0);

export abstract class ChunkedDecoder<Event> {
  private readonly queue: Buffer[] = [];
  private queueIndex = 0;
  private readonly pending: Event[] = [];
  private pendingIndex = 0;
  /** Read position in the current chunk. */
  protected pos = 0;
  /** Absolute stream offset of the byte at `pos`. */
  protected offset = 0;
  protected ended = false;

  push(chunk: Uint8Array): Generator<Event> {
    if (this.ended) this.pushedAfterEnd(chunk.length);
    else if (chunk.length > 0) this.queue.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    return this.drain();
  }

  /** Ends the stream: reports whatever was left unfinished. Further calls yield nothing new. */
  *end(): Generator<Event> {
    yield* this.drain();
    if (this.ended) return;
    this.ended = true;
    this.finish();
    yield* this.drain();
  }

  /** Decodes from `pos` in `chunk`: must advance `pos` (via advance) or emit, or both. */
  protected abstract decode(chunk: Buffer): void;
  /** Called once, at end(), with all input decoded. */
  protected abstract finish(): void;
  protected abstract pushedAfterEnd(bytes: number): void;

  /** An optional fast path: decode one event directly from `chunk` at `pos`, or return undefined. */
  protected quickEvent(_chunk: Buffer): Event | undefined {
    return undefined;
  }

  protected emit(event: Event): void {
    this.pending.push(event);
  }

  protected advance(n: number): void {
    this.pos += n;
    this.offset += n;
  }

  private *drain(): Generator<Event> {
    for (;;) {
      if (this.pendingIndex < this.pending.length) {
        yield this.pending[this.pendingIndex++]!;
        continue;
      }
      if (this.pendingIndex > 0) {
        this.pending.length = 0;
        this.pendingIndex = 0;
      }
      const chunk = this.currentChunk();
      if (chunk === undefined) return;
      const quick = this.quickEvent(chunk);
      if (quick !== undefined) yield quick;
      else this.decode(chunk);
    }
  }

  /** The chunk holding `pos`, dropping finished ones; undefined when all input is decoded. */
  private currentChunk(): Buffer | undefined {
    for (;;) {
      const chunk = this.queue[this.queueIndex];
      if (chunk === undefined) {
        this.queue.length = 0;
        this.queueIndex = 0;
        return undefined;
      }
      if (this.pos < chunk.length) return chunk;
      this.queue[this.queueIndex++] = NO_BYTES;
      this.pos = 0;
    }
  }
}
