/**
 * An incremental parser for a stream of JSON objects (pull/push/build progress, stats, events):
 * objects separated by newlines (facts), in chunks cut anywhere (inside a string, a UTF-8
 * sequence, between `\r` and `\n`).
 *
 * It finds value boundaries by scanning the bytes for structure (strings, escapes, brackets), which
 * UTF-8 never confuses since every structural byte is ASCII, then decodes and parses each complete
 * value once. Objects written back to back with no newline are accepted and noted once
 * (`missing-newline-separator`, at the first). A value above `maxObjectBytes` is reported once
 * (`object-too-large`) and skipped without being kept, as is a value nested deeper than
 * MAX_JSON_DEPTH (`too-deep`), which no recursive reader downstream could take. A line of anything else is reported whole.
 * An unbalanced `{` swallows the rest of the stream (reported at end as `truncated-json`): the
 * scanner cannot tell a missing `}` from a long pretty-printed object.
 */
import { observation, quote, violation, type Diagnostic } from './diagnostic.ts';
import { ChunkedDecoder } from './chunked-decoder.ts';
import { MAX_JSON_DEPTH } from './json-depth.ts';
import { describeJson, isJsonObject, parseJsonText } from './json-value.ts';

export const DEFAULT_MAX_OBJECT_BYTES = 8 * 1024 * 1024;

export interface JsonStreamOptions {
  maxObjectBytes?: number;
}

export type JsonStreamEvent = { kind: 'value'; value: unknown; offset: number; length: number } | { kind: 'diagnostic'; diagnostic: Diagnostic };

export interface JsonStreamSummary {
  /** Values parsed (objects or not). */
  values: number;
  totalBytes: number;
  /** Values that followed the previous one with no newline in between. */
  unseparated: number;
  diagnosticCounts: Record<string, number>;
  ended: boolean;
}

type State = 'between' | 'value' | 'junk';

const UTF8 = new TextDecoder('utf-8', { fatal: true });
const NEWLINE = 0x0a;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

export class JsonStreamDecoder extends ChunkedDecoder<JsonStreamEvent> {
  private readonly maxObjectBytes: number;
  private state: State = 'between';
  private values = 0;
  private unseparated = 0;
  private newlineSinceValue = true;
  private readonly diagnosticCounts = new Map<string, number>();

  private start = 0;
  private depth = 0;
  private inString = false;
  private escaped = false;
  private pieces: Buffer[] = [];
  private length = 0;
  private oversize = false;

  constructor(options: JsonStreamOptions = {}) {
    super();
    const cap = options.maxObjectBytes;
    this.maxObjectBytes = cap !== undefined && Number.isFinite(cap) && cap >= 0 ? cap : DEFAULT_MAX_OBJECT_BYTES;
  }

  summary(): JsonStreamSummary {
    return {
      values: this.values,
      totalBytes: this.offset,
      unseparated: this.unseparated,
      diagnosticCounts: Object.fromEntries(this.diagnosticCounts),
      ended: this.ended,
    };
  }

  protected override decode(chunk: Buffer): void {
    if (this.state === 'between') this.skipBetween(chunk);
    else if (this.state === 'value') this.scanValue(chunk);
    else this.scanJunk(chunk);
  }

  protected override finish(): void {
    if (this.state === 'junk') this.finishJunk();
    if (this.state === 'value' && !this.oversize) {
      this.report(
        violation('truncated-json', `the stream ends inside the JSON value that starts at offset ${this.start} (${this.length} bytes so far)`, this.start),
      );
    }
    this.state = 'between';
    this.pieces = [];
  }

  protected override pushedAfterEnd(bytes: number): void {
    this.report(violation('data-after-end', `${bytes} bytes were pushed after end(); they were ignored`, this.offset));
  }

  private skipBetween(chunk: Buffer): void {
    const byte = chunk[this.pos]!;
    if (byte === NEWLINE) this.newlineSinceValue = true;
    if (isWhitespace(byte)) {
      this.advance(1);
      return;
    }
    this.begin(byte === 0x7b || byte === 0x5b ? 'value' : 'junk');
  }

  private begin(state: State): void {
    this.state = state;
    this.start = this.offset;
    this.depth = 0;
    this.inString = false;
    this.escaped = false;
    this.pieces = [];
    this.length = 0;
    this.oversize = false;
    if (state === 'value' && this.values > 0 && !this.newlineSinceValue) this.noteUnseparated();
  }

  /** Scans to the end of the value or of the chunk, whichever comes first. */
  private scanValue(chunk: Buffer): void {
    const from = this.pos;
    let at = from;
    let done = false;
    for (; at < chunk.length && !done; at++) {
      const byte = chunk[at]!;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (byte === BACKSLASH) this.escaped = true;
        else if (byte === QUOTE) this.inString = false;
      } else if (byte === QUOTE) this.inString = true;
      else if (byte === 0x7b || byte === 0x5b) {
        if (++this.depth > MAX_JSON_DEPTH) this.dropTooDeep();
      } else if (byte === 0x7d || byte === 0x5d) done = --this.depth === 0;
    }
    this.keep(chunk.subarray(from, at));
    this.advance(at - from);
    if (done) this.finishValue();
  }

  private scanJunk(chunk: Buffer): void {
    const newline = chunk.indexOf(NEWLINE, this.pos);
    const to = newline < 0 ? chunk.length : newline;
    this.keep(chunk.subarray(this.pos, to));
    this.advance(to - this.pos);
    if (newline >= 0) this.finishJunk();
  }

  /** Keeps a value's bytes until it is complete, unless it is over the cap (then reported once and dropped). */
  private keep(bytes: Buffer): void {
    this.length += bytes.length;
    if (this.oversize) return;
    if (this.length > this.maxObjectBytes) {
      this.oversize = true;
      this.pieces = [];
      this.report(
        violation(
          'object-too-large',
          `the JSON value at offset ${this.start} is larger than the cap of ${this.maxObjectBytes} bytes; it is skipped`,
          this.start,
        ),
      );
      return;
    }
    if (bytes.length > 0) this.pieces.push(bytes);
  }

  private dropTooDeep(): void {
    if (this.oversize) return;
    this.oversize = true;
    this.pieces = [];
    this.report(violation('too-deep', `the JSON value at offset ${this.start} is nested deeper than ${MAX_JSON_DEPTH} levels; it is skipped`, this.start));
  }

  private finishValue(): void {
    this.state = 'between';
    this.newlineSinceValue = false;
    if (this.oversize) return;
    const parsed = this.parseKept();
    if (parsed === undefined) return;
    this.values++;
    if (!isJsonObject(parsed.value)) {
      this.report(
        violation('not-an-object', `the JSON value at offset ${this.start} is ${describeJson(parsed.value)}; the stream should hold objects`, this.start),
      );
    }
    this.emit({ kind: 'value', value: parsed.value, offset: this.start, length: this.length });
  }

  /** A line that does not start with `{` or `[`: reported whole (it may still be JSON, such as a number). */
  private finishJunk(): void {
    this.state = 'between';
    if (this.oversize) return;
    const parsed = this.parseKept();
    if (parsed !== undefined) {
      this.report(violation('not-an-object', `the line at offset ${this.start} holds ${describeJson(parsed.value)}, not an object`, this.start));
    }
  }

  private parseKept(): { value: unknown } | undefined {
    const bytes = this.pieces.length === 1 ? this.pieces[0]! : Buffer.concat(this.pieces);
    this.pieces = [];
    let text: string;
    try {
      text = UTF8.decode(bytes);
    } catch {
      this.report(violation('not-utf8', `the JSON value at offset ${this.start} is not valid UTF-8`, this.start));
      return undefined;
    }
    const parsed = parseJsonText(text, this.start);
    if (parsed.diagnostics.length > 0) {
      for (const d of parsed.diagnostics) this.report({ ...d, message: `at offset ${this.start}, ${quote(text, 80)}: ${d.message}` });
      return undefined;
    }
    return { value: parsed.value };
  }

  private noteUnseparated(): void {
    this.unseparated++;
    if (this.unseparated === 1) {
      this.report(
        observation(
          'missing-newline-separator',
          `the value at offset ${this.start} follows the previous one with no newline in between (noted once; the summary counts them)`,
          this.start,
        ),
      );
    }
  }

  private report(diagnostic: Diagnostic): void {
    this.diagnosticCounts.set(diagnostic.code, (this.diagnosticCounts.get(diagnostic.code) ?? 0) + 1);
    this.emit({ kind: 'diagnostic', diagnostic });
  }
}

/** Parses a whole stream given as chunks; for tests and small captures. */
export function decodeJsonStream(
  chunks: Iterable<Uint8Array>,
  options?: JsonStreamOptions,
): { values: unknown[]; diagnostics: Diagnostic[]; summary: JsonStreamSummary } {
  const decoder = new JsonStreamDecoder(options);
  const values: unknown[] = [];
  const diagnostics: Diagnostic[] = [];
  const collect = (event: JsonStreamEvent): void => {
    if (event.kind === 'value') values.push(event.value);
    else diagnostics.push(event.diagnostic);
  };
  for (const chunk of chunks) for (const event of decoder.push(chunk)) collect(event);
  for (const event of decoder.end()) collect(event);
  return { values, diagnostics, summary: decoder.summary() };
}

function isWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === NEWLINE || byte === 0x0d || byte === 0x09;
}
