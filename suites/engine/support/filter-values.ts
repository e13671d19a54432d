/**
 * Several values under one filter key. The spec gives `filters` as "a JSON-encoded map from string
 * to list of strings" and never says how the values of one key combine: as alternatives (what any
 * one of them admits passes) or all required (only what every one of them admits passes). The
 * checks accept either reading, key by key, and fail an answer that fits neither.
 */
export type ValuesReading = 'any' | 'every';

export const VALUES_READINGS: readonly ValuesReading[] = ['any', 'every'];

/** A reading in words, for messages. */
export const READING_WORDS: Record<ValuesReading, string> = { any: 'as alternatives', every: 'all required' };

/** A reading for each key that has several values. */
export type KeyReadings = Record<string, ValuesReading>;

/** Whether one key's values admit a subject under a reading, from what each value says of it. */
export function valuesAdmit(reading: ValuesReading, each: readonly boolean[]): boolean {
  return reading === 'any' ? each.some(Boolean) : each.every(Boolean);
}

/** The keys of a filter map with several values: a key with one value reads alike under both readings. */
export function keysWithSeveralValues(filters: Readonly<Record<string, readonly string[]>>): string[] {
  return Object.keys(filters).filter((key) => (filters[key]?.length ?? 0) > 1);
}

/** Every way of giving each key its own reading. */
export function readingsOf(keys: readonly string[]): KeyReadings[] {
  return keys.reduce<KeyReadings[]>((all, key) => all.flatMap((r) => VALUES_READINGS.map((reading) => ({ ...r, [key]: reading }))), [{}]);
}

/** The readings (one per key) that an answer fits, `fits` saying whether it is what a reading gives. */
export function fittingReadings(keys: readonly string[], fits: (readings: KeyReadings) => boolean): KeyReadings[] {
  return readingsOf(keys).filter(fits);
}

/** Readings in words: `name as alternatives, type all required`. */
export function describeReadings(readings: KeyReadings): string {
  return Object.keys(readings)
    .map((key) => `${key} ${READING_WORDS[readings[key]!]}`)
    .join(', ');
}
