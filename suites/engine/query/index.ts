import type { EngineCheck } from '../support/check.ts';
import { afterDeleteChecks } from '../negative/after-delete.ts';
import { sweepChecks } from '../negative/sweep.ts';
import refused from '../negative/refused-leaves-nothing.ts';
import booleans from './booleans.ts';
import filters from './filters.ts';

/** Query values, and the negative checks: bad inputs (the sweep) and objects used after their delete, refused operations. */
export const queryChecks: EngineCheck[] = [...booleans, ...filters, ...sweepChecks(), ...afterDeleteChecks(), ...refused];
