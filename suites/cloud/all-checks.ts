import type { Check } from '../../harness/check/types.ts';

/** Every cloud check, by spec section; the suite files register the same lists. */
export const cloudChecks: Array<Check<never>> = [];
