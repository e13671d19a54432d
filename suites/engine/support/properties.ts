/**
 * Arbitraries of the engine's property-based checks; forAll (harness/check/for-all.ts) runs the
 * properties, seeded from the run's seed.
 */
import fc from 'fast-check';
export { forAll } from '../../../harness/check/for-all.ts';

/** A lower-case hex string of the given length (resource ids). */
export function hexId(length = 64): fc.Arbitrary<string> {
  return fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: length, maxLength: length });
}

/** A name suffix in the name grammar of volumes and networks (letters, digits, `_`, `-`). */
export function nameSuffix(): fc.Arbitrary<string> {
  return fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-'), minLength: 1, maxLength: 24 });
}
