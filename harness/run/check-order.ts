import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { CheckRecord } from '../check/types.ts';
import { storeCacheEntry } from '../disk-cache.ts';

/**
 * How long each check took in the last run against the same implementation, kept beside vitest's
 * results cache of that implementation (fileOrderCacheDir). The checks of a whole-suite file start
 * longest first (register.ts), as its files do (file-order.ts): a long check started late kept the
 * file open after the others had ended. The cloud suite as one file, 2 cores, alternated runs at
 * concurrency 48-64: 4.8-5.6 s in the order of the sections, 4.0-4.2 s longest first.
 */
export function checkDurationsFile(cacheDir: string): string {
  return path.join(cacheDir, 'check-durations.json');
}

/** The key of a check's duration: checks of the engine suites share ids across versions. */
export function durationKey(suite: string, id: string): string {
  return `${suite} ${id}`;
}

/** The last durations (ms) by durationKey; empty without a file or with one that is not a duration map. */
export function readCheckDurations(file: string | undefined): ReadonlyMap<string, number> {
  if (!file) return new Map();
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return new Map();
    return new Map(Object.entries(parsed).filter((e): e is [string, number] => typeof e[1] === 'number' && Number.isFinite(e[1])));
  } catch {
    return new Map();
  }
}

/** Adds a run's durations to the file (a --grep run updates its checks and keeps the others'). */
export function storeCheckDurations(file: string, records: readonly CheckRecord[]): void {
  if (!records.length) return;
  const durations = Object.fromEntries(readCheckDurations(file));
  for (const r of records) durations[durationKey(r.suite, r.id)] = r.outcome.durationMs;
  storeCacheEntry(file, JSON.stringify(durations), () => false);
}
