/** Query parameter readers by the real daemon's rules. */
import { HttpError } from './router.ts';
import type { FaultSet } from '../faults.ts';

const FALSE_SPELLINGS = new Set(['', '0', 'no', 'false', 'none']);

/** `''`, `0`, `no`, `false`, `none` (any case) are false; anything else is true. */
export function readBool(query: URLSearchParams, name: string, fallback: boolean, faults: FaultSet): boolean {
  const raw = query.get(name);
  if (raw === null) return fallback;
  if (faults.has('bool-True-is-false') && raw === 'True') return false;
  // Under `blind14-bool-False-is-true` the false spellings are compared without lowering the case.
  if (faults.has('blind14-bool-False-is-true') && raw === 'False') return true;
  return !FALSE_SPELLINGS.has(raw.toLowerCase());
}

/** An integer, or undefined when absent; a value that is no integer is refused `badStatus` (see readFilters). */
export function readInt(query: URLSearchParams, name: string, faults: FaultSet, badStatus: 400 | 500): number | undefined {
  const raw = query.get(name);
  if (raw === null || raw === '') return undefined;
  if (!/^-?\d+$/.test(raw) && faults.has('integer-not-checked')) return undefined;
  if (!/^-?\d+$/.test(raw)) throw new HttpError(badStatus, `invalid value for ${name}: ${JSON.stringify(raw)} is not an integer`);
  return Number(raw);
}

/**
 * `{"k":["v"]}` or the newer `{"k":{"v":true}}`. Malformed JSON answers 500, as the measured daemon
 * does; JSON that is not a map of lists is a bad parameter, answered `badStatus`: 400 where the
 * endpoint lists it, else 500, the only error code its list leaves (spec: Endpoints, "Status codes
 * listed are the success and error codes of each operation").
 */
export function readFilters(query: URLSearchParams, faults: FaultSet, badStatus: 400 | 500): Map<string, string[]> {
  const raw = query.get('filters');
  const filters = new Map<string, string[]>();
  if (raw === null || raw === '') return filters;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new HttpError(faults.has('filters-not-json-400') ? 400 : 500, `invalid filters: ${JSON.stringify(raw)} is not JSON`);
  }
  if (faults.has('filters-not-a-map-read-as-none') && !isMapOfLists(parsed)) return filters;
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new HttpError(badStatus, 'invalid filters: expected a JSON object mapping names to lists of values');
  }
  for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
    if (Array.isArray(value) && value.every((v) => typeof v === 'string')) filters.set(key, value as string[]);
    else if (typeof value === 'object' && value !== null && !Array.isArray(value))
      filters.set(
        key,
        Object.keys(value).filter((k) => (value as Record<string, unknown>)[k]),
      );
    else throw new HttpError(badStatus, `invalid filter '${key}': expected a list of strings`);
  }
  return filters;
}

/** A map from names to lists of strings, or to maps of booleans (the newer form). */
function isMapOfLists(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((v) =>
    Array.isArray(v)
      ? v.every((item) => typeof item === 'string')
      : typeof v === 'object' && v !== null && Object.values(v).every((b) => typeof b === 'boolean'),
  );
}

/** Rejects filter keys the endpoint does not know (400, like the real daemon). */
export function checkFilterKeys(filters: Map<string, string[]>, allowed: readonly string[]): void {
  for (const key of filters.keys()) {
    if (!allowed.includes(key)) throw new HttpError(400, `Invalid filter '${key}'`);
  }
}

/** `label=key` or `label=key=value` against a label map. */
export function labelsMatch(labels: Record<string, string> | null | undefined, wanted: readonly string[]): boolean {
  return wanted.every((item) => {
    const eq = item.indexOf('=');
    const key = eq < 0 ? item : item.slice(0, eq);
    if (!labels || !(key in labels)) return false;
    return eq < 0 || labels[key] === item.slice(eq + 1);
  });
}
