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
  // Most data is printable ASCII throughout: taken whole, 4 KB cost ~15 µs instead of ~100 µs
  // byte by byte (every request and answer of a run is shown).
  const latin1 = shown.toString('latin1');
  let text = ESCAPED.test(latin1) ? escaped(shown) : latin1;
  if (buf.length > MAX_SHOWN_BYTES) text += `… (${buf.length - MAX_SHOWN_BYTES} more bytes)`;
  return redactBody(text);
}

/** A byte that is not shown as itself: anything but tab, newline and printable ASCII. */
const ESCAPED = /[^\t\n\x20-\x7e]/;

function escaped(shown: Buffer): string {
  let text = '';
  for (const byte of shown) {
    if (byte === 0x0a || byte === 0x09 || (byte >= 0x20 && byte < 0x7f)) text += String.fromCharCode(byte);
    else if (byte === 0x0d) text += '\\r';
    else text += `\\x${byte.toString(16).padStart(2, '0')}`;
  }
  return text;
}

/** The exchanges one check made with the target, redacted as they are recorded. */
export class Transcript {
  readonly entries: TranscriptEntry[] = [];
  private dropped = 0;
  private named: ReadonlyMap<string, string> | undefined;

  /** Names the run's credentials by the header value they send (Basic …): redacted, they say whose they were. */
  nameSecrets(named: ReadonlyMap<string, string>): void {
    this.named = named;
  }

  record(entry: TranscriptEntry): TranscriptEntry {
    const safe: TranscriptEntry = {
      ...entry,
      request: { ...entry.request, path: redactPath(entry.request.path), headers: redactHeaders(entry.request.headers, this.named) },
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
