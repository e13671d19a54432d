/**
 * Two answers that show one object agree on what both show: objects on their common keys (a field
 * only one side carries, such as an undocumented one, changes nothing), lists in any order (for
 * lists whose order the spec does not state) but item for item, so a list cut short, emptied or
 * holding an item twice does not agree. Used where a spec says one answer shows what another does
 * (a list item and its GET, an exec inspect's container and the container's inspect).
 */
import { isDeepStrictEqual } from 'node:util';
import { isJsonObject } from './json-value.ts';

export function sameShown(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((x) => b.some((y) => sameShown(x, y))) && b.every((y) => a.some((x) => sameShown(x, y)));
  if (isJsonObject(a) && isJsonObject(b))
    return Object.keys(a)
      .filter((k) => Object.hasOwn(b, k))
      .every((k) => sameShown(a[k], b[k]));
  return isDeepStrictEqual(a, b);
}

const ABSENT = '(field left out)';

/**
 * `value` cut to the keys `shape` names (recursively; each item of a list to the keys of the
 * shape's first object item), a key `value` lacks written as ABSENT: two answers compared on
 * these agree only if both show the same fields.
 */
export function shapedAs(value: unknown, shape: unknown): unknown {
  if (Array.isArray(shape) && Array.isArray(value)) {
    const item = shape.find(isJsonObject);
    return item ? value.map((v) => shapedAs(v, item)) : value;
  }
  if (!isJsonObject(shape) || !isJsonObject(value)) return value;
  return Object.fromEntries(Object.keys(shape).map((k) => [k, Object.hasOwn(value, k) ? shapedAs(value[k], shape[k]) : ABSENT]));
}

/** `a` and `b` agree on what both show, and both show each field `shape` names (where one of them does). */
export function shownAlike(a: unknown, b: unknown, shape: unknown): boolean {
  return sameShown(a, b) && sameShown(shapedAs(a, shape), shapedAs(b, shape));
}
