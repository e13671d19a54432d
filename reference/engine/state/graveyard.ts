/**
 * What the `removed-object-500` fault needs: the references of removed objects, store by store.
 * Under it, an operation on a removed container, image, volume or network answers 500 (its state
 * is gone) where one that never existed answers 404, as implementations that keep a removed
 * object's id in a cache do.
 */
import { HttpError } from '../http/router.ts';
import type { FaultSet } from '../faults.ts';

const removed = new WeakMap<object, Set<string>>();
const kept = new WeakMap<object, Map<string, unknown>>();

/** Remembers the references of an object removed from `store`. */
export function bury(store: object, ...refs: string[]): void {
  const refsOf = removed.get(store) ?? new Set<string>();
  for (const ref of refs) refsOf.add(ref);
  removed.set(store, refsOf);
}

/** Remembers a removed object itself under its references (`operation/deleted-still-answered`). */
export function keepRemoved(store: object, object: unknown, ...refs: string[]): void {
  bury(store, ...refs);
  const objects = kept.get(store) ?? new Map<string, unknown>();
  for (const ref of refs) objects.set(ref, object);
  kept.set(store, objects);
}

/** The removed objects `store` remembers, each once (`blind3-volume-held-by-removed-container`). */
export function removedObjects<T>(store: object): T[] {
  return [...new Set(kept.get(store)?.values() ?? [])].filter((o): o is T => o !== undefined);
}

/**
 * Under the mutant `operation/deleted-still-answered` at the exchange's endpoint, the removed
 * object a reference named, answered as if it still existed; otherwise undefined.
 */
export function stillAnswered<T>(store: object, ref: string, exchange: { answersRemoved?: boolean } | undefined): T | undefined {
  return exchange?.answersRemoved ? (kept.get(store)?.get(ref) as T | undefined) : undefined;
}

/** The error for a reference `store` does not hold: `notFound`, or a 500 for a removed one under the fault. */
export function missing(store: object, ref: string, faults: FaultSet, notFound: HttpError): HttpError {
  if (!faults.has('removed-object-500') || !removed.get(store)?.has(ref)) return notFound;
  return new HttpError(500, `${ref}: the object has been removed and its state is gone`);
}

/** The removed object `store` remembers under `ref` (`blind6-image-removed-found-by-name`: a name cache not cleared). */
export function keptUnder<T>(store: object, ref: string): T | undefined {
  return kept.get(store)?.get(ref) as T | undefined;
}

/** Whether `store` removed an object that `ref` named (`blind-delete-name-kept`). */
export function wasRemoved(store: object, ref: string): boolean {
  return removed.get(store)?.has(ref) ?? false;
}
