import type { TranscriptEntry } from '../check/outcome.ts';
import { redactBody, redactHeaders, redactPath } from './redact.ts';

/** How much of a body or stream a transcript keeps: evidence, not an archive. */
const MAX_SHOWN_BYTES = 4096;
const MAX_ENTRIES = 200;

/** Shows bytes readably: text as text, binary with escapes, long data cut with a note. */
export function showBytes(data: Buffer | string | undefined): string | undefined {
  if (data === undefined) return undefined;
  const buf = typeof data === 'string' ? Buffer.from(data) : data;
  const shown = buf.subarray(0, MAX_SHOWN_BYTES);
  let text = '';
  for (const byte of shown) {
    if (byte === 0x0a || byte === 0x09 || (byte >= 0x20 && byte < 0x7f)) text += String.fromCharCode(byte);
    else if (byte === 0x0d) text += '\\r';
    else text += `\\x${byte.toString(16).padStart(2, '0')}`;
  }
  if (buf.length > MAX_SHOWN_BYTES) text += `… (${buf.length - MAX_SHOWN_BYTES} more bytes)`;
  return redactBody(text);
}

/** The exchanges one check made with the target, redacted as they are recorded. */
export class Transcript {
  readonly entries: TranscriptEntry[] = [];
  private dropped = 0;

  record(entry: TranscriptEntry): TranscriptEntry {
    const safe: TranscriptEntry = {
      ...entry,
      request: { ...entry.request, path: redactPath(entry.request.path), headers: redactHeaders(entry.request.headers) },
      ...(entry.response ? { response: { ...entry.response, headers: redactHeaders(entry.response.headers) } } : {}),
    };
    if (this.entries.length >= MAX_ENTRIES) {
      this.dropped++;
      return safe;
    }
    this.entries.push(safe);
    return safe;
  }

  /** Appends stream data to an entry already recorded (hijack, WebSocket). */
  appendStream(entry: TranscriptEntry, direction: 'sent' | 'received', data: Buffer | string): void {
    entry.stream ??= [];
    const shownSoFar = entry.stream.reduce((n, s) => n + s.data.length, 0);
    if (shownSoFar > MAX_SHOWN_BYTES) return;
    entry.stream.push({ direction, data: showBytes(data) ?? '' });
  }

  get droppedEntries(): number {
    return this.dropped;
  }
}
