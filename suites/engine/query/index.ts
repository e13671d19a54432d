import type { EngineCheck } from '../support/check.ts';
import { addressedByNameChecks } from '../negative/addressed-by-name.ts';
import { afterDeleteChecks } from '../negative/after-delete.ts';
import { sweepChecks } from '../negative/sweep.ts';
import refused from '../negative/refused-leaves-nothing.ts';
import { stateRefusalChecks } from '../negative/state-refusals.ts';
import booleans from './booleans.ts';
import filters from './filters.ts';

/**
 * Query values, and the negative checks: bad inputs (the sweep), objects used after their delete,
 * objects named by their name at every operation, refused operations, and the codes of operations
 * a state refuses.
 */
export const queryChecks: EngineCheck[] = [
  ...booleans,
  ...filters,
  ...sweepChecks(),
  ...afterDeleteChecks(),
  ...addressedByNameChecks(),
  ...refused,
  ...stateRefusalChecks(),
];
