/** The json-file view of a container's output: one entry per line, with tail and since. */
import type { OutputEntry } from '../state/output.ts';

/** Splits entries at newlines, keeping each line's time and stream. */
export function toLines(entries: readonly OutputEntry[]): OutputEntry[] {
  const lines: OutputEntry[] = [];
  for (const entry of entries) {
    let start = 0;
    for (let i = entry.data.indexOf(10); i >= 0; i = entry.data.indexOf(10, start)) {
      lines.push({ ...entry, data: entry.data.subarray(start, i + 1) });
      start = i + 1;
    }
    if (start < entry.data.length) lines.push({ ...entry, data: entry.data.subarray(start) });
  }
  return lines;
}

export function selectLogLines(
  entries: readonly OutputEntry[],
  opts: {
    tail: number | undefined;
    sinceSeconds: number;
    streams: { stdout: boolean; stderr: boolean };
    dropPartialLast?: boolean;
    tailPerStream?: boolean;
    /** `blind7-logs-since-same-second-dropped`: a line's time truncated to whole seconds must be after since. */
    sinceWholeSecondsAfter?: boolean;
    /** `blind14-logs-tail-before-stream-filter`: tail counts the lines of both streams, the stream choice applies after. */
    tailBeforeStreamFilter?: boolean;
  },
): OutputEntry[] {
  if (opts.tailBeforeStreamFilter && opts.tail !== undefined) {
    const both = selectLogLines(entries, { ...opts, streams: { stdout: true, stderr: true }, tailBeforeStreamFilter: false });
    return both.filter((l) => opts.streams[l.stream]);
  }
  let lines = toLines(entries).filter((l) => opts.streams[l.stream]);
  if (opts.dropPartialLast && lines.at(-1)?.data.at(-1) !== 10) lines = lines.slice(0, -1);
  const kept = (l: OutputEntry): boolean =>
    opts.sinceWholeSecondsAfter ? Math.floor(l.time.getTime() / 1000) > opts.sinceSeconds : l.time.getTime() >= opts.sinceSeconds * 1000;
  if (opts.sinceSeconds > 0) lines = lines.filter(kept);
  if (opts.tail !== undefined) lines = opts.tail === 0 ? [] : opts.tailPerStream ? lastOfEachStream(lines, opts.tail) : lines.slice(-opts.tail);
  return lines;
}

/** The last `n` lines of each stream, in log order (`blind3-logs-tail-per-stream`). */
function lastOfEachStream(lines: OutputEntry[], n: number): OutputEntry[] {
  const left = { stdout: lines.filter((l) => l.stream === 'stdout').length, stderr: lines.filter((l) => l.stream === 'stderr').length };
  return lines.filter((l) => left[l.stream]-- <= n);
}

/** `2015-01-06T15:47:31.485331387Z line` like the daemon's RFC 3339 (nano) timestamps. */
export function timestamped(entry: OutputEntry, withoutFraction = false): OutputEntry {
  const stamp = entry.time.toISOString().replace(/\.(\d{3})Z$/, withoutFraction ? 'Z' : '.$1000000Z');
  return { ...entry, data: Buffer.concat([Buffer.from(`${stamp} `), entry.data]) };
}
