/**
 * What the `removed-object-500` fault needs: the references of removed objects, store by store.
 * Under it, an operation on a removed container, image, volume or network answers 500 (its state
 * is gone) where one that never existed answers 404, as implementations that keep a removed
 * object's id in a cache do.
 */
import { HttpError } from '../http/router.ts';
import type { FaultSet } from '../faults.ts';

const removed = new WeakMap<object, Set<string>>();

/** Remembers the references of an object removed from `store`. */
export function bury(store: object, ...refs: string[]): void {
  const refsOf = removed.get(store) ?? new Set<string>();
  for (const ref of refs) refsOf.add(ref);
  removed.set(store, refsOf);
}

/** The error for a reference `store` does not hold: `notFound`, or a 500 for a removed one under the fault. */
export function missing(store: object, ref: string, faults: FaultSet, notFound: HttpError): HttpError {
  if (!faults.has('removed-object-500') || !removed.get(store)?.has(ref)) return notFound;
  return new HttpError(500, `${ref}: the object has been removed and its state is gone`);
}
