/** Visiting the places a JsonPath names in a JSON value, and the value changes answer operators make there. */
import { isJsonObject, type JsonObject } from '../protocol/json-value.ts';
import type { JsonPath } from './types.ts';

/** A place in a value: the object or array holding it, and its key there. */
export type Place = { holder: JsonObject | unknown[]; key: string | number };

/**
 * Calls `at` for every place the path names that exists in `value` (`[]` every array item, `{}`
 * every map value); an empty path names nothing (use `atRoot`).
 */
export function visitPath(value: unknown, path: JsonPath, at: (place: Place) => void): void {
  const [head, ...rest] = path;
  if (head === undefined) return;
  const step = (holder: JsonObject | unknown[], key: string | number, child: unknown): void => {
    if (rest.length) visitPath(child, rest, at);
    else at({ holder, key });
  };
  if (head === '[]') {
    if (Array.isArray(value)) value.forEach((child, i) => step(value, i, child));
  } else if (head === '{}') {
    if (isJsonObject(value)) for (const key of Object.keys(value)) step(value, key, value[key]);
  } else if (isJsonObject(value) && Object.hasOwn(value, head)) {
    step(value, head, value[head]);
  }
}

/** Changes the value at every place of `path` (the root itself when the path is empty); returns the new root. */
export function changeAt(root: unknown, path: JsonPath, change: (place: Place) => void): unknown {
  const box: JsonObject = { root };
  visitPath(box, ['root', ...path], change);
  return box.root;
}

export function readPlace({ holder, key }: Place): unknown {
  return (holder as Record<string | number, unknown>)[key];
}

export function writePlace({ holder, key }: Place, value: unknown): void {
  (holder as Record<string | number, unknown>)[key] = value;
}

export function removePlace({ holder, key }: Place): void {
  if (Array.isArray(holder)) holder.splice(Number(key), 1);
  else delete holder[key];
}

/** Zero, empty or null: what an implementation that leaves out "empty" fields (Go's omitempty) drops. */
export function isZeroValue(value: unknown): boolean {
  if (value === null || value === 0 || value === '' || value === false) return true;
  if (Array.isArray(value)) return value.length === 0;
  return isJsonObject(value) && Object.keys(value).length === 0;
}

/** The zero value of a value's JSON type: what a target that ignores a field falls back to. */
export function zeroOfType(value: unknown): unknown {
  if (Array.isArray(value)) return [];
  if (isJsonObject(value)) return {};
  if (typeof value === 'number') return 0;
  if (typeof value === 'boolean') return false;
  if (typeof value === 'string') return '';
  return null;
}

/** A value of another JSON type, as a target that writes a number as a string (or the reverse) answers. */
export function ofAnotherType(value: unknown): unknown {
  if (typeof value === 'string') return value.length;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return Object.fromEntries(value.map((v, i) => [String(i), v]));
  if (isJsonObject(value)) return Object.values(value);
  return 'null';
}

/** Another identifier of the same shape: every hex digit moved one on, other text marked. */
export function anotherId(value: unknown): unknown {
  if (typeof value !== 'string' || value === '') return value;
  const prefix = value.startsWith('sha256:') ? 'sha256:' : '';
  const id = value.slice(prefix.length);
  if (!/^[0-9a-f-]+$/i.test(id)) return `${value}-other`;
  return prefix + id.replace(/[0-9a-f]/gi, (d) => ((parseInt(d, 16) + 1) % 16).toString(16));
}

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;
const RFC2822_TIME = /^[A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} \d\d:\d\d:\d\d [+-]\d{4}$/;

/** The zero time in the value's own notation (Go's zero time.Time, as a daemon that never set the field writes it). */
export function zeroTimeLike(value: unknown): unknown {
  if (typeof value === 'number') return 0;
  if (typeof value !== 'string') return value;
  if (ISO_TIME.test(value)) return '0001-01-01T00:00:00Z';
  if (RFC2822_TIME.test(value)) return 'Mon, 01 Jan 0001 00:00:00 +0000';
  return value;
}

/** The same instant with another number of fractional digits (`.5Z` → `.500000000Z`, none → `.000Z`). */
export function otherFractionDigits(value: string): string {
  const m = ISO_TIME.exec(value);
  if (!m) return value;
  const [, fraction = '', zone = ''] = m;
  const base = value.slice(0, value.length - fraction.length - zone.length);
  return fraction ? `${base}${fraction.padEnd(10, '0')}${zone}` : `${base}.000${zone}`;
}

/** A deep copy of JSON data (answers may be the target's stored objects themselves; bigints stay bigints). */
export function copyJson<T>(value: T): T {
  return structuredClone(value);
}
