/** Progress objects of pull, push and import streams, shaped like the real daemon's. */
import type { JsonStreamWriter } from '../http/router.ts';

export interface ProgressObject {
  status?: string;
  id?: string;
  progress?: string;
  progressDetail?: { current?: number; total?: number };
  error?: string;
  errorDetail?: { code?: number; message: string };
  stream?: string;
}

function humanSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** The bar the CLI prints: `[=====>     ] 1.2 kB/2.4 kB`. */
export function progressBar(current: number, total: number): string {
  const width = 50;
  const filled = total > 0 ? Math.floor((current / total) * width) : width;
  const bar = filled >= width ? '='.repeat(width) : '='.repeat(Math.max(0, filled - 1)) + '>' + ' '.repeat(width - Math.max(1, filled));
  return `[${bar}] ${humanSize(current)}/${humanSize(total)}`;
}

/** A progressDetail's counts as the real daemon writes them: a count of 0 is left out (omitempty). */
export function counts(current: number, total: number): { current?: number; total?: number } {
  return { ...(current ? { current } : {}), ...(total ? { total } : {}) };
}

/**
 * One status line with a progress bar, in two steps (half, then all). Under `blind32-progress-current-per-chunk`
 * (`perChunk`) the count is set to the bytes of the chunk just moved instead of being added to: current is each chunk's size.
 */
export function writeTransfer(out: JsonStreamWriter, status: string, id: string, total: number, perChunk = false): void {
  let moved = 0;
  for (const current of [Math.floor(total / 2), total]) {
    const shown = perChunk ? current - moved : current;
    moved = current;
    out.write({ status, progressDetail: counts(shown, total), progress: progressBar(shown, total), id });
  }
}

export function statusLine(status: string, id?: string): ProgressObject {
  return id === undefined ? { status } : { status, progressDetail: {}, id };
}

/** An in-stream error object; `errorDetail` too, as the real daemon sends (clients read it). */
export function errorObject(message: string): ProgressObject {
  return { error: message, errorDetail: { message } };
}
